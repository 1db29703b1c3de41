import WaterfallCore

/// Escaping for text placed in XML and HTML, in content and in quoted attributes.
enum Markup {
    /// `text` with `& < > " '` escaped and characters XML cannot hold dropped.
    static func escape(_ text: String) -> String { text.xmlEscaped(.markup) }

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
        guard text.unicodeScalars.contains(where: { $0.value > 0x7F }) else { return Markup.escape(text) }
        var out = ""
        var run = ""
        var inEmoji = false
        func flush() {
            guard !run.isEmpty else { return }
            out +=
                inEmoji
                ? "<tspan font-family=\"'\(PinnedFamilies.emoji)'\">\(Markup.escape(run))</tspan>" : Markup.escape(run)
            run = ""
        }
        for character in text {
            if character.isEmojiGlyph != inEmoji {
                flush()
                inEmoji = character.isEmojiGlyph
            }
            run.append(character)
        }
        flush()
        return out
    }
}
