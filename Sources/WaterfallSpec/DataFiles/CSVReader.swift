/// A strict RFC 4180 reader: a header row, then records.
///
/// Fields are separated by commas and records by CRLF or LF (a lone CR too); a field in double
/// quotes may hold commas, line breaks and doubled quotes (`""` for `"`). A byte order mark at the
/// start is skipped and a completely empty line is no record. Input a lenient reader would guess
/// at is refused with its line and column: an unclosed quote, a quote inside an unquoted field,
/// text after a closing quote, a record with more or fewer fields than the header.
///
/// It works on the UTF-8 bytes (every byte it looks at is ASCII), so it is linear in the size of
/// the file and reads no field twice.
struct CSVReader {
    /// One record: its fields in the header's order, and the line it starts on (1-based).
    struct Record {
        var fields: [String]
        var line: Int
    }

    /// A problem at a line and column (1-based, the column counted in characters).
    struct Problem: Error {
        var line: Int
        var column: Int?
        var message: String
    }

    private(set) var header: [String] = []
    private(set) var records: [Record] = []

    /// Reads `bytes`, already checked to be UTF-8, allowing at most `maximumFields` fields in all.
    init(_ bytes: [UInt8], maximumFields: Int) throws(Problem) {
        var parser = Parser(bytes: bytes, maximumFields: maximumFields)
        guard let first = try parser.nextRow() else {
            throw Problem(line: 1, column: nil, message: "has no header row")
        }
        header = first.fields
        var seen: Set<String> = []
        for (index, name) in header.enumerated() {
            guard !name.isEmpty else {
                throw Problem(line: first.line, column: nil, message: "column \(index + 1) of the header has no name")
            }
            guard seen.insert(name).inserted else {
                throw Problem(line: first.line, column: nil, message: "the header names \"\(name)\" twice")
            }
        }
        while let row = try parser.nextRow() {
            guard row.fields.count == header.count else {
                throw Problem(
                    line: row.line, column: nil,
                    message: "has \(row.fields.count) field\(row.fields.count == 1 ? "" : "s"); "
                        + "the header has \(header.count)")
            }
            records.append(row)
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        let maximumFields: Int
        var position = 0
        var line = 1
        var lineStart = 0
        var fieldCount = 0

        init(bytes: [UInt8], maximumFields: Int) {
            self.bytes = bytes
            self.maximumFields = maximumFields
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                position = 3
                lineStart = 3
            }
        }

        static let quote = UInt8(ascii: "\"")
        static let comma = UInt8(ascii: ",")
        static let cr = UInt8(ascii: "\r")
        static let lf = UInt8(ascii: "\n")

        /// The next row, or `nil` at the end; empty lines are skipped.
        mutating func nextRow() throws(Problem) -> Record? {
            while position < bytes.count, bytes[position] == Self.cr || bytes[position] == Self.lf {
                endLine()
            }
            guard position < bytes.count else { return nil }
            let startLine = line
            var fields: [String] = []
            while true {
                fieldCount += 1
                guard fieldCount <= maximumFields else {
                    throw problem("has more than \(maximumFields) fields")
                }
                fields.append(try field())
                guard position < bytes.count else { break }
                if bytes[position] == Self.comma {
                    position += 1
                    continue
                }
                // The field ended at a line break.
                endLine()
                break
            }
            return Record(fields: fields, line: startLine)
        }

        /// One field, leaving `position` at the comma, line break or end after it.
        private mutating func field() throws(Problem) -> String {
            guard position < bytes.count, bytes[position] == Self.quote else {
                let start = position
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == Self.comma || byte == Self.cr || byte == Self.lf { break }
                    if byte == Self.quote {
                        throw problem("a quote inside an unquoted field (quote the whole field and double the quote)")
                    }
                    position += 1
                }
                return String(decoding: bytes[start..<position], as: UTF8.self)
            }
            let opening = problem("a quoted field is not closed")
            position += 1
            var value: [UInt8] = []
            while true {
                guard position < bytes.count else { throw opening }
                let byte = bytes[position]
                if byte == Self.quote {
                    if position + 1 < bytes.count, bytes[position + 1] == Self.quote {
                        value.append(Self.quote)
                        position += 2
                        continue
                    }
                    position += 1
                    break
                }
                if byte == Self.cr || byte == Self.lf {
                    // A line break inside quotes is part of the value, as written.
                    let crlf = byte == Self.cr && position + 1 < bytes.count && bytes[position + 1] == Self.lf
                    value += crlf ? [Self.cr, Self.lf] : [byte]
                    endLine()
                    continue
                }
                value.append(byte)
                position += 1
            }
            if position < bytes.count {
                let byte = bytes[position]
                guard byte == Self.comma || byte == Self.cr || byte == Self.lf else {
                    throw problem("text after a closing quote (a quote inside a quoted field is written \"\")")
                }
            }
            return String(decoding: value, as: UTF8.self)
        }

        /// Steps over the line break at `position`: CRLF, LF or a lone CR.
        private mutating func endLine() {
            if bytes[position] == Self.cr, position + 1 < bytes.count, bytes[position + 1] == Self.lf {
                position += 1
            }
            position += 1
            line += 1
            lineStart = position
        }

        private func problem(_ message: String) -> Problem {
            var column = 1
            for index in lineStart..<min(position, bytes.count) where bytes[index] & 0xC0 != 0x80 { column += 1 }
            return Problem(line: line, column: column, message: message)
        }
    }
}
