extension Character {
    /// Whether the character is drawn as an emoji: a sequence with an emoji presentation (a flag,
    /// a skin tone, a ZWJ sequence, anything with U+FE0F) or a keycap (`1️⃣`).
    ///
    /// Its base may be a character a text font also has (a digit, ❤), so the renderers name the
    /// emoji font for it explicitly rather than leaving the choice to font fallback.
    package var isEmojiGlyph: Bool {
        guard let first = unicodeScalars.first else { return false }
        if first.properties.isEmojiPresentation { return true }
        guard unicodeScalars.count > 1 else { return false }
        return unicodeScalars.contains { $0 == "\u{FE0F}" || $0 == "\u{20E3}" }
            && first.properties.isEmoji
    }
}

extension String {
    /// The text as Pango is given it, and the UTF-8 byte ranges in it of the characters drawn as
    /// emoji; those are given without U+FE0F.
    ///
    /// The emoji font has no glyph for U+FE0F, and Pango gives it a font of its own, which breaks
    /// the sequence: `1️⃣` would be a DejaVu digit and a keycap. The emoji font's ligatures (ZWJ,
    /// keycaps, flags) are written without it.
    package var withEmojiMarked: (text: String, emoji: [Range<Int>]) {
        guard unicodeScalars.contains(where: { $0.properties.isEmoji && $0.value > 0x7F || $0 == "\u{FE0F}" }) else {
            return (self, [])
        }
        var text = ""
        var ranges: [Range<Int>] = []
        var offset = 0
        for character in self {
            guard character.isEmojiGlyph else {
                text.append(character)
                offset += character.utf8.count
                continue
            }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: character.unicodeScalars.filter { $0 != "\u{FE0F}" })
            let drawn = String(scalars)
            let count = drawn.utf8.count
            text += drawn
            if let last = ranges.last, last.upperBound == offset {
                ranges[ranges.count - 1] = last.lowerBound..<offset + count
            } else {
                ranges.append(offset..<offset + count)
            }
            offset += count
        }
        return (text, ranges)
    }
}
