import WaterfallCore

/// Escaping for text placed in XML and HTML, in content and in quoted attributes.
enum Markup {
    /// `text` with `& < > " '` escaped and characters XML cannot hold dropped.
    static func escape(_ text: String) -> String { text.xmlEscaped(.markup) }

    /// `text` escaped as swift-mustache's `{{…}}` escapes it (see ``appendMustacheEscaped(_:to:)``).
    static func mustacheEscaped(_ text: String) -> String {
        var out = ""
        appendMustacheEscaped(text, to: &out)
        return out
    }

    /// Appends `text` escaped as swift-mustache's `{{…}}` escapes it: each `Character` (grapheme
    /// cluster) that is exactly `<`, `>`, `&`, `"` or `'` replaced, everything else as it is.
    ///
    /// Text without any of those bytes (nearly all of it) is appended whole.
    static func appendMustacheEscaped(_ text: String, to out: inout String) {
        let special = text.utf8.contains { byte in
            byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        }
        guard special else {
            out += text
            return
        }
        for character in text {
            switch character {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
    }
}

extension Color {
    /// `#rrggbb`, with the opacity given apart as a number from 0 to 1.
    var opacityText: String {
        ShortestNumber.text((Double(alpha) / 255 * 1000).rounded() / 1000)
    }

    /// `rgba(r, g, b, a)` for CSS.
    var cssText: String {
        alpha == 255 ? hexString : "rgba(\(red), \(green), \(blue), \(opacityText))"
    }
}

/// Font families for CSS and SVG: the families the renders draw (``PinnedFamilies/resolved(_:)``),
/// names quoted, generic families bare.
enum FontList {
    static let generic: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]

    static func css(_ families: [String], fonts: SceneFonts? = nil, withEmoji: Bool = true) -> String {
        PinnedFamilies.resolved(families, fonts: fonts).filter { withEmoji || $0 != PinnedFamilies.emoji }
            .map { generic.contains($0) ? $0 : "'\($0)'" }.joined(separator: ", ")
    }

    /// SVG text content for `text`: escaped, each run of characters drawn as emoji in a
    /// `<tspan>` of the emoji font.
    ///
    /// The text's own family list then leaves the emoji font out: librsvg (2.54) takes digits
    /// and Latin from it when it is in the list at all, and every viewer draws an emoji from the
    /// emoji font named on its own.
    static func svgContent(_ text: String) -> String {
        marked(text) {
            "<tspan font-family=\"'\(PinnedFamilies.emoji)'\">\(Markup.escape($0))</tspan>"
        } plain: {
            Markup.escape($0)
        }
    }

    /// HTML text content for `text`: escaped as Mustache escapes, each run of characters drawn as
    /// emoji in a `<span class="emoji">`, which the page sets in the emoji font; with
    /// `emojiAdvance`, each emoji in a span of its own that wide (the PNG's advance).
    ///
    /// A page that names the emoji font only at the end of the family list leaves a sequence to
    /// font fallback: Firefox then draws 😮‍💨 as DejaVu Sans's monochrome 😮 and a colour 💨. And
    /// Chromium sets a colour emoji about a device pixel narrower than the PNG at some sizes, so
    /// the text after a few of them would move.
    static func htmlContent(_ text: String, emojiAdvance: Double? = nil) -> String {
        let open: String
        if let emojiAdvance {
            open =
                "<span class=\"emoji\" style=\"display: inline-block; width: \(ShortestNumber.text(emojiAdvance))px\">"
        } else {
            open = "<span class=\"emoji\">"
        }
        return marked(text, each: emojiAdvance != nil) {
            open + Markup.mustacheEscaped($0) + "</span>"
        } plain: {
            Markup.mustacheEscaped($0)
        }
    }

    /// `text` in runs of characters drawn as emoji and runs of others, each written by its
    /// closure; with `each`, every emoji a run of its own.
    private static func marked(
        _ text: String, each: Bool = false, emoji: (String) -> String, plain: (String) -> String
    ) -> String {
        guard text.unicodeScalars.contains(where: { $0.value > 0x7F }) else { return plain(text) }
        var out = ""
        var run = ""
        var inEmoji = false
        func flush() {
            guard !run.isEmpty else { return }
            out += inEmoji ? emoji(run) : plain(run)
            run = ""
        }
        for character in text {
            if character.isEmojiGlyph != inEmoji || (each && inEmoji) {
                flush()
                inEmoji = character.isEmojiGlyph
            }
            run.append(character)
        }
        flush()
        return out
    }
}
