extension String {
    /// The most combining marks (and other grapheme extenders) kept in a row.
    ///
    /// UAX #15's stream-safe limit. HarfBuzz positions a cluster's marks in time quadratic in their number,
    /// so 100,000 marks on one letter took 36 s to measure.
    static let maxExtendersInARow = 30

    /// The text as Pango and Cairo can shape and draw it, on one line, in linear time.
    ///
    /// Line breaks become spaces; Unicode noncharacters (U+FDD0…U+FDEF and U+xFFFE, U+xFFFF), which
    /// Cairo's PDF text refuses as "not valid UTF-8", become U+FFFD; extenders past
    /// `maxExtendersInARow` in a row are dropped. Ordinary text comes back as it was.
    var shapeable: String {
        var text = self
        if unicodeScalars.contains(where: { $0.isNoncharacter || $0.isGraphemeExtender }) {
            var scalars = String.UnicodeScalarView()
            var extenders = 0
            for scalar in unicodeScalars {
                extenders = scalar.isGraphemeExtender ? extenders + 1 : 0
                if extenders > Self.maxExtendersInARow { continue }
                scalars.append(scalar.isNoncharacter ? "\u{FFFD}" : scalar)
            }
            text = String(scalars)
        }
        // By characters, as the measurer always did, so "\r\n" is one space.
        if text.unicodeScalars.contains(where: { $0.isLineBreak }) {
            text = String(text.map { $0.isNewline ? " " : $0 })
        }
        return text
    }
}

extension Unicode.Scalar {
    /// Whether this scalar is, or starts, a character Swift calls a newline.
    fileprivate var isLineBreak: Bool {
        (0x0A...0x0D).contains(value) || value == 0x85 || value == 0x2028 || value == 0x2029
    }

    /// U+FDD0…U+FDEF and the last two code points of every plane.
    var isNoncharacter: Bool {
        (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    /// Whether this scalar joins the grapheme cluster before it: marks, joiners, selectors.
    fileprivate var isGraphemeExtender: Bool {
        if value < 0x300 { return false }
        if value == 0x200D || properties.isGraphemeExtend { return true }
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
