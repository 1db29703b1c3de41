/// JSON's own grammar, for a `.json` file: YAML reads more than JSON allows, and a file named
/// JSON that only YAML reads (a trailing comma, a comment, a single-quoted string, `NaN`) is a
/// mistake that another JSON reader would refuse. Each is refused at its place, in words.
extension JSONPreScan {
    /// What may come next.
    private enum Expecting {
        case value
        /// A value or, just after `[`, its `]`.
        case valueOrClose
        case key
        /// A key or, just after `{`, its `}`.
        case keyOrClose
        case colon
        case commaOrClose
        case end
    }

    /// Reads the whole document as JSON, counting its values and noting surrogate pairs as the
    /// YAML scan does.
    mutating func scanStrictly(maximumValues: Int) throws(Stop) {
        // Each open bracket, with where it is, for "never closed".
        var open: [(bracket: UInt8, mark: Mark)] = []
        var expecting = Expecting.value
        var lastComma: Mark?
        while true {
            try skipWhitespace()
            guard position < bytes.count else {
                if let last = open.last {
                    throw .refused(
                        error(at: last.mark, "this \(Character(Unicode.Scalar(last.bracket))) is never closed"))
                }
                guard expecting == .end else { throw .refused(error(at: mark, "the document holds no JSON value")) }
                return
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                let closing = Character(Unicode.Scalar(byte))
                guard let last = open.last else {
                    throw .refused(error(at: mark, "this \(closing) closes nothing"))
                }
                let expected: UInt8 = last.bracket == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                switch expecting {
                case .valueOrClose, .keyOrClose, .commaOrClose:
                    guard byte == expected else {
                        throw .refused(
                            error(
                                at: mark,
                                "this \(closing) does not close the \(Character(Unicode.Scalar(last.bracket))) "
                                    + "opened at \(place(last.mark)); \(Character(Unicode.Scalar(expected))) does"))
                    }
                    open.removeLast()
                    position += 1
                    expecting = open.isEmpty ? .end : .commaOrClose
                    continue
                case .value, .key:
                    if let comma = lastComma {
                        throw .refused(
                            error(at: comma, "a comma before \(closing); JSON allows no comma after the last value"))
                    }
                case .colon, .end:
                    break
                }
            }
            switch expecting {
            case .end:
                throw .refused(error(at: mark, "more after the end of the document; JSON holds one value"))
            case .colon:
                guard byte == UInt8(ascii: ":") else {
                    throw .refused(error(at: mark, "expected : after the key, found \(found)"))
                }
                position += 1
                expecting = .value
            case .commaOrClose:
                let closer = open.last?.bracket == UInt8(ascii: "{") ? "}" : "]"
                guard byte == UInt8(ascii: ",") else {
                    throw .refused(error(at: mark, "expected , or \(closer) after the value, found \(found)"))
                }
                lastComma = mark
                position += 1
                expecting = open.last?.bracket == UInt8(ascii: "{") ? .key : .value
            case .key, .keyOrClose:
                guard byte == UInt8(ascii: "\"") else {
                    if byte == UInt8(ascii: "'") { throw .refused(singleQuoted) }
                    throw .refused(
                        error(at: mark, "a key in JSON is a string in double quotes, not \(found)"))
                }
                // A key is a value of the tree the parser builds, as the plain scan counts it.
                try count(maximumValues: maximumValues)
                try scanString()
                expecting = .colon
            case .value, .valueOrClose:
                try strictValue(maximumValues: maximumValues, open: &open)
                if byte == UInt8(ascii: "{") {
                    expecting = .keyOrClose
                } else if byte == UInt8(ascii: "[") {
                    expecting = .valueOrClose
                } else {
                    expecting = open.isEmpty ? .end : .commaOrClose
                }
            }
        }
    }

    /// Reads the value at `position`: a bracket that opens (pushed on `open`), a string, a
    /// number or a literal.
    private mutating func strictValue(maximumValues: Int, open: inout [(bracket: UInt8, mark: Mark)]) throws(Stop) {
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            try count(maximumValues: maximumValues)
            open.append((byte, mark))
            position += 1
        case UInt8(ascii: "\""):
            try count(maximumValues: maximumValues)
            try scanString()
        case UInt8(ascii: "'"):
            throw .refused(singleQuoted)
        case UInt8(ascii: ","):
            throw .refused(error(at: mark, "a comma where a value should be; JSON allows no empty value"))
        default:
            try count(maximumValues: maximumValues)
            let start = mark
            // Bytes first: the word as a `String` only for a message (a number checked as
            // characters took a third of a debug build's scan of a 20-million-value document).
            let end = wordEnd
            if Self.isJSONNumber(bytes, from: position, to: end)
                || ["true", "false", "null"].contains(where: { isWord($0, endingAt: end) })
            {
                position = end
                return
            }
            let word = self.word
            let shown = word.count > 40 ? String(word.prefix(40)) + "…" : word
            if ["nan", "infinity", "-infinity", "+infinity", "inf", "-inf", ".nan", ".inf", "-.inf"].contains(
                word.lowercased())
            {
                throw .refused(error(at: start, "\(shown) is not a JSON number; JSON has no NaN or infinity"))
            }
            if let first = word.first, first.isNumber || first == "-" || first == "+" || first == "." {
                throw .refused(error(at: start, "\(shown) is not a JSON number"))
            }
            throw .refused(
                error(at: start, "\(shown) is not a JSON value; a string in JSON is in double quotes"))
        }
    }

    /// The characters from `position` up to the next space, comma, colon, bracket or quote.
    private var word: String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<wordEnd]), as: UTF8.self)
    }

    /// Where ``word`` ends: at least one byte past `position`.
    private var wordEnd: Int {
        var end = position
        while end < bytes.count, Self.isWordByte(bytes[end]), bytes[end] != UInt8(ascii: "{"),
            bytes[end] != UInt8(ascii: "["), bytes[end] != UInt8(ascii: "\"")
        {
            end += 1
        }
        return max(end, position + 1)
    }

    /// Whether the word from `position` to `end` is `literal`.
    private func isWord(_ literal: String, endingAt end: Int) -> Bool {
        end - position == literal.utf8.count && bytes[position..<end].elementsEqual(literal.utf8)
    }

    /// What is at `position`, for "found …".
    private var found: String {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") { return "a string" }
        if Self.isWordByte(byte), byte != UInt8(ascii: "{"), byte != UInt8(ascii: "[") {
            let word = self.word
            return word.count > 40 ? String(word.prefix(40)) + "…" : word
        }
        return String(Character(Unicode.Scalar(byte)))
    }

    private var singleQuoted: SpecError {
        error(at: mark, "a string in single quotes; JSON takes double quotes")
    }

    /// Whether `bytes[start..<end]` is a JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var index = start
        func take(_ byte: UInt8) -> Bool {
            guard index < end, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        func digits() -> Int {
            let first = index
            while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        _ = take(UInt8(ascii: "-"))
        if !take(UInt8(ascii: "0")) && digits() == 0 { return false }
        if take(UInt8(ascii: ".")) && digits() == 0 { return false }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
            if digits() == 0 { return false }
        }
        return index == end
    }

    /// Refuses an escape JSON does not have (`\x41`, `\'`, `\U0001F600`) at the backslash at `position`.
    mutating func checkEscape() throws(Stop) {
        let next = bytes[position + 1]
        switch next {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            guard hexUnit(at: position + 2) != nil else {
                throw .refused(error(at: mark, "\\u in JSON takes four hexadecimal digits"))
            }
        default:
            let shown = next < 0x80 && next >= 0x20 ? String(Character(Unicode.Scalar(next))) : "…"
            throw .refused(
                error(
                    at: mark,
                    "\\\(shown) is not a JSON escape; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"))
        }
    }

    /// The error for a control character (a line break, a tab) written as itself in a string.
    func controlInString(_ byte: UInt8) -> SpecError {
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            error(at: mark, "a line break inside a string; JSON writes it as \\n")
        case UInt8(ascii: "\t"):
            error(at: mark, "a tab inside a string; JSON writes it as \\t")
        default:
            error(
                at: mark,
                "the control character U+\(Self.hex(UInt32(byte))) inside a string; JSON writes it as \\u\(Self.hex(UInt32(byte)))"
            )
        }
    }

    /// The error for a string or bracket opened at `opening` and never closed.
    func neverClosed(_ opening: Mark) -> SpecError {
        let character = Character(Unicode.Scalar(bytes[opening.offset]))
        return error(at: opening, "this \(character) is never closed")
    }

    /// `line:column` of `mark`, for a message that names a second place.
    private func place(_ mark: Mark) -> String {
        let error = self.error(at: mark, "")
        return "\(error.line ?? 0):\(error.column ?? 0)"
    }
}
