/// One pass over a JSON document's bytes before it is parsed.
///
/// It does two things libyaml, which reads JSON as the YAML it also is, cannot:
///
/// - It counts the document's values and refuses the document as soon as there are more than the
///   limit, in constant memory and before any tree is built: building the tree of a 20,000,010-value
///   document first took 5 GiB and 47 s.
/// - It reads UTF-16 surrogate-pair escapes (`"\ud83d\ude00"`), which JSON allows and YAML does not,
///   and writes each as the `\U0001F600` escape both allow, padding the string's end with spaces
///   so that every line and column after it stays where it was. A lone surrogate is refused with
///   its line and column.
///
/// It also drops a byte order mark at the start, from YAML and JSON alike (specs and data files
/// both come this way). libyaml skips one but counts it as a column, so the block mapping of a
/// YAML file that starts with one read as indented, and its next key as a syntax error.
///
/// A document that does not start with `{` or `[`, or that holds anything that is not a JSON
/// token (a comment, an anchor, a plain word), is not scanned: it is YAML, and the count after
/// parsing applies to it.
///
/// A file named `.json` that starts as JSON does (`{`, `[`, or a comment's `/`) is held to JSON
/// itself (`strict`, in `JSONPreScan+Strict.swift`): what YAML would read but JSON forbids (a
/// trailing comma, a comment, a single-quoted string, `NaN`) is refused at its line and column,
/// in words that name it.
struct JSONPreScan {
    /// The document, with surrogate pairs rewritten; `nil` when it is unchanged.
    private(set) var rewritten: String?

    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    /// Line number (1-based) and the offset its first byte is at, for messages.
    var line = 1
    var lineStart = 0
    private var values = 0
    /// Whether the document is held to JSON's own grammar (a `.json` file written as JSON: its
    /// first character `{`, `[` or a comment's `/`), not YAML's.
    var strict: Bool
    /// Where each surrogate pair's 12 bytes start, with the code point they make, and after each
    /// closing quote of a string that had any, how many spaces to add.
    private var pairs: [(offset: Int, scalar: UInt32)] = []
    private var paddings: [(offset: Int, count: Int)] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, strict: Bool) {
        self.bytes = bytes
        self.strict = strict
    }

    /// Scans `text` and returns the text libyaml should read: `text` itself, or a copy without its
    /// byte order mark or with surrogate pairs rewritten.
    ///
    /// - Parameter strictJSON: Whether the document must be JSON (a `.json` file), refused where
    ///   it is only YAML.
    /// - Throws: ``SpecError`` when the document has more than `maximumValues` values or a lone
    ///   surrogate escape, or, with `strictJSON`, is not JSON.
    static func prepare(_ text: String, maximumValues: Int, strictJSON: Bool = false) throws(SpecError) -> String {
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        text.makeContiguousUTF8()
        let outcome = text.utf8.withContiguousStorageIfAvailable { (bytes) -> Result<String?, SpecError> in
            var scan = JSONPreScan(bytes: bytes, strict: strictJSON)
            return Result { () throws(SpecError) -> String? in
                try scan.run(maximumValues: maximumValues)
                return scan.rewritten
            }
        }
        guard let outcome else { return text }
        return try outcome.get() ?? text
    }

    // MARK: - Scanning

    enum Stop: Error {
        /// Not JSON: leave the document to the YAML parser.
        case notJSON
        case refused(SpecError)
    }

    private mutating func run(maximumValues: Int) throws(SpecError) {
        do {
            // A `.json` file held to JSON is one written as JSON: YAML in a file so named stays YAML.
            let strictAsked = strict
            strict = false
            try skipWhitespace()
            guard position < bytes.count else { return }
            let first = bytes[position]
            strict =
                strictAsked && (first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "/"))
            guard strict || first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return }
            if strict {
                try scanStrictly(maximumValues: maximumValues)
            } else {
                try scanTokens(maximumValues: maximumValues)
            }
        } catch {
            switch error {
            case .notJSON: return
            case .refused(let refusal): throw refusal
            }
        }
        if !pairs.isEmpty { rewritten = rewrite() }
    }

    private mutating func scanTokens(maximumValues: Int) throws(Stop) {
        while true {
            try skipWhitespace()
            guard position < bytes.count else { return }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                try count(maximumValues: maximumValues)
                position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
                position += 1
            case UInt8(ascii: "\""):
                try count(maximumValues: maximumValues)
                try scanString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try count(maximumValues: maximumValues)
                while position < bytes.count, Self.isNumberByte(bytes[position]) { position += 1 }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                try count(maximumValues: maximumValues)
                try scanLiteral()
            default:
                throw .notJSON
            }
        }
    }

    mutating func count(maximumValues: Int) throws(Stop) {
        values += 1
        guard values <= maximumValues else {
            throw .refused(error(at: position, "has more than \(maximumValues) values"))
        }
    }

    mutating func scanLiteral() throws(Stop) {
        for literal in ["true", "false", "null"] where matches(literal) {
            position += literal.utf8.count
            return
        }
        throw .notJSON
    }

    func matches(_ literal: String) -> Bool {
        var offset = position
        for byte in literal.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        // `nullable` or `true_` is a plain YAML word, not a JSON literal.
        return offset == bytes.count || !Self.isWordByte(bytes[offset])
    }

    /// Scans a string from its opening quote to after its closing one, noting surrogate pairs.
    mutating func scanString() throws(Stop) {
        let opening = mark
        position += 1
        var pairsHere = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                if pairsHere > 0 { paddings.append((position, 2 * pairsHere)) }
                return
            }
            if strict, byte < 0x20 { throw .refused(controlInString(byte)) }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                newLine()
                continue
            }
            guard byte == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            guard position + 1 < bytes.count else { throw strict ? .refused(neverClosed(opening)) : .notJSON }
            if strict { try checkEscape() }
            if bytes[position + 1] == UInt8(ascii: "\n") || bytes[position + 1] == UInt8(ascii: "\r") {
                // YAML's escaped line break: step to it, so that the loop counts the line.
                position += 1
                continue
            }
            guard bytes[position + 1] == UInt8(ascii: "u"), let unit = hexUnit(at: position + 2) else {
                // Any other escape is one character after the backslash; libyaml reads or refuses it.
                position += 2
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 7 < bytes.count, bytes[position + 6] == UInt8(ascii: "\\"),
                    bytes[position + 7] == UInt8(ascii: "u"), let low = hexUnit(at: position + 8),
                    (0xDC00...0xDFFF).contains(low)
                else {
                    throw .refused(
                        error(
                            at: position,
                            "the escape \\u\(Self.hex(unit)) is half of a UTF-16 surrogate pair; "
                                + "a \\uDC00-\\uDFFF escape must follow it"))
                }
                pairs.append((position, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)))
                pairsHere += 1
                position += 12
            case 0xDC00...0xDFFF:
                throw .refused(
                    error(
                        at: position,
                        "the escape \\u\(Self.hex(unit)) is the second half of a UTF-16 surrogate pair "
                            + "without a \\uD800-\\uDBFF escape before it"))
            default:
                position += 6
            }
        }
        // An unterminated string: libyaml says where, or, for JSON, where it opens.
        throw strict ? .refused(neverClosed(opening)) : .notJSON
    }

    /// The four hexadecimal digits at `offset`, if they are there.
    func hexUnit(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in offset..<(offset + 4) {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    mutating func skipWhitespace() throws(Stop) {
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                position += 1
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                newLine()
            case UInt8(ascii: "/") where strict, UInt8(ascii: "#") where strict:
                throw .refused(error(at: mark, "JSON has no comments; remove this one"))
            default:
                return
            }
        }
    }

    /// Steps over a line break at `position` (`\n`, `\r\n` or `\r`, as libyaml counts them).
    private mutating func newLine() {
        if bytes[position] == UInt8(ascii: "\r"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "\n")
        {
            position += 1
        }
        position += 1
        line += 1
        lineStart = position
    }

    static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
            UInt8(ascii: "e"), UInt8(ascii: "E"):
            true
        default: false
        }
    }

    static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","),
            UInt8(ascii: ":"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            false
        default: true
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// An error at byte `offset` of the current line, its column counted in characters as libyaml does.
    func error(at offset: Int, _ message: String) -> SpecError {
        error(at: Mark(offset: offset, line: line, lineStart: lineStart), message)
    }

    /// A place in the document, kept to say an error there later (where a bracket opened).
    struct Mark {
        var offset: Int
        var line: Int
        var lineStart: Int
    }

    /// Where the scan is.
    var mark: Mark { Mark(offset: position, line: line, lineStart: lineStart) }

    /// An error at `mark`, its column counted in characters as libyaml does.
    func error(at mark: Mark, _ message: String) -> SpecError {
        var column = 1
        for index in mark.lineStart..<mark.offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        return SpecError(line: mark.line, column: column, location: "", message: message)
    }

    // MARK: - Rewriting

    /// The document with every surrogate pair written as one `\U` escape, two bytes shorter, and
    /// each such string's closing quote followed by the spaces that make up the difference.
    private func rewrite() -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        var nextPair = 0
        var nextPadding = 0
        while nextPair < pairs.count || nextPadding < paddings.count {
            let pairFirst =
                nextPair < pairs.count
                && (nextPadding == paddings.count || pairs[nextPair].offset < paddings[nextPadding].offset)
            if pairFirst {
                let pair = pairs[nextPair]
                result += bytes[copied..<pair.offset]
                let digits = String(pair.scalar, radix: 16, uppercase: true)
                result +=
                    Array("\\U".utf8) + Array(String(repeating: "0", count: 8 - digits.count).utf8)
                    + Array(digits.utf8)
                copied = pair.offset + 12
                nextPair += 1
            } else {
                let padding = paddings[nextPadding]
                result += bytes[copied..<padding.offset]
                result += [UInt8](repeating: UInt8(ascii: " "), count: padding.count)
                copied = padding.offset
                nextPadding += 1
            }
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }
}
