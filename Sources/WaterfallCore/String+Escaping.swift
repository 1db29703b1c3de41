extension String {
    /// The text made safe to print inside a one-line message: every character that could break the
    /// line or drive a terminal is shown as a visible escape instead.
    ///
    /// Line breaks and tabs become `\n`, `\r` and `\t`; every other C0 or C1 control, DEL, the
    /// Unicode line and paragraph separators and the bidirectional marks, embeddings, overrides and
    /// isolates become `\u{…}` (ESC is `\u{1B}`). Everything else, backslashes included, is kept.
    /// Use it for anything a message echoes from its input: keys, values, file names.
    public var escapedForMessage: String {
        guard unicodeScalars.contains(where: \.needsEscapeInMessage) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars {
            guard scalar.needsEscapeInMessage else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    /// Whether a message must show this scalar as an escape: controls, separators, bidi formatting.
    var needsEscapeInMessage: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // Line and paragraph separators.
        case 0x2028, 0x2029: true
        // Bidirectional marks, embeddings, overrides and isolates.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
