import Foundation
import WaterfallCore
import Yams

/// An app's data file read for `itemsFrom`: a property list, JSON or CSV, as one tree of values.
///
/// Every format becomes the tree a spec is read from (Yams nodes), so a record's values are
/// checked by the very code that checks a spec's: a property list's numbers are `int` or `float`
/// scalars, its strings `str`; a CSV file is a list of mappings from the header's names to the
/// record's fields, a field that reads as a decimal number being a number (CSV has no types) and
/// an empty one null (no value).
struct DataFile {
    /// The file as messages name it: its path from the current folder.
    let name: String
    let root: Node
    /// The line each record of a CSV file starts on, for messages; `nil` for other formats, whose
    /// JSON values carry their own positions and property lists have none.
    var recordLines: [Int]?

    /// Files larger than this are refused before they are parsed.
    static let maximumBytes = 64 * 1024 * 1024
    /// The formats, by the file name's extension.
    static let extensions = ["plist", "json", "csv"]

    /// A problem finding or opening the file (said of the spec's `file` key).
    enum AccessProblem: Error {
        case problem(String)
    }

    /// Reads and parses the file at `path` (relative to `base`), opened beneath `rule`'s folders.
    ///
    /// - Throws: ``AccessProblem`` when the file cannot be had (missing, a folder, a device, too
    ///   large, unreadable); ``SpecError`` naming the file when its content is bad.
    static func load(path: String, name: String, rule: ReadRule, base: String) throws -> DataFile {
        let format = (name as NSString).pathExtension.lowercased()
        guard extensions.contains(format) else {
            throw AccessProblem.problem(
                "\(name): unknown format; a data file's name ends in .plist, .json or .csv")
        }
        let bytes = try readBytes(path: path, name: name, rule: rule, base: base)
        switch format {
        case "plist": return try propertyList(bytes, name: name)
        case "json": return try json(bytes, name: name)
        default: return try csv(bytes, name: name)
        }
    }

    /// The file's bytes: a regular file beneath the rule's folders of at most ``maximumBytes``.
    private static func readBytes(
        path: String, name: String, rule: ReadRule, base: String
    ) throws(AccessProblem) -> [UInt8] {
        switch rule.read(path, relativeTo: base, limit: maximumBytes) {
        case .success(let bytes): return bytes
        case .failure(.file(.notRegular(isDirectory: true))):
            throw .problem("\(name): is a directory, not a data file")
        case .failure(.file(.tooLarge)): throw .problem("\(name): is larger than \(maximumBytes / 1_048_576) MiB")
        case .failure(let failure): throw .problem("\(name): \(rule.reason(failure))")
        }
    }

    /// `bytes` as UTF-8 text, or an error naming the line and column of the first bad byte.
    static func text(_ bytes: [UInt8], name: String) throws(SpecError) -> String {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let (line, column) = position(ofOffset: Spec.firstInvalidUTF8Offset(bytes), in: bytes)
            throw SpecError(
                file: name, line: line, column: column, location: "",
                message: "a byte that is not UTF-8 (a data file is UTF-8 text)")
        }
        return text
    }

    /// The line and column (1-based, the column counted in characters) of the byte at `offset`,
    /// which every byte before is valid UTF-8; a line ends at LF, CRLF or a lone CR, as in CSV.
    static func position(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var index = 0
        while index < offset {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80, byte != 0x0D {
                // A byte that starts a character (not a continuation byte) counts one column.
                column += 1
            }
            index += 1
        }
        return (line, column)
    }

    // MARK: - Formats

    private static func json(_ bytes: [UInt8], name: String) throws(SpecError) -> DataFile {
        do {
            let text = try JSONPreScan.prepare(
                try Self.text(bytes, name: name), maximumValues: SpecDecoder.maximumNodes, strictJSON: true)
            let root = try compose(text)
            try SpecDecoder.checkShape(root)
            return DataFile(name: name, root: root)
        } catch {
            throw error.file == nil ? error.inFile(name) : error
        }
    }

    /// The document's tree, as a spec's is composed.
    private static func compose(_ text: String) throws(SpecError) -> Node {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw SpecDecoder.syntaxError(error)
        }
        guard let node else { throw SpecError(location: "", message: "the document is empty") }
        return node
    }

    private static func csv(_ bytes: [UInt8], name: String) throws(SpecError) -> DataFile {
        _ = try text(bytes, name: name)
        let reader: CSVReader
        do {
            reader = try CSVReader(bytes, maximumFields: SpecDecoder.maximumNodes)
        } catch {
            throw SpecError(file: name, line: error.line, column: error.column, location: "", message: error.message)
        }
        let keys = reader.header.map { Node.scalar(Node.Scalar($0, DataTag.str)) }
        let records = reader.records.map { record in
            Node.mapping(Node.Mapping(zip(keys, record.fields.map(csvValue)).map { ($0, $1) }, DataTag.map))
        }
        return DataFile(
            name: name, root: .sequence(Node.Sequence(records, DataTag.seq)), recordLines: reader.records.map(\.line))
    }

    /// A CSV field as a value: a decimal number is a number, an empty field null, anything else a string.
    private static func csvValue(_ field: String) -> Node {
        if field.isEmpty { return .scalar(Node.Scalar("", DataTag.null)) }
        return .scalar(Node.Scalar(field, isDecimalNumber(field) ? DataTag.float : DataTag.str))
    }

    /// `-12`, `3.5`, `.5`, `1e3`: what a CSV cell of numbers holds (no `inf`, `nan`, hex or spaces).
    static func isDecimalNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func skip(_ allowed: (UInt8) -> Bool) -> Int {
            let start = index
            while index < bytes.count, allowed(bytes[index]) { index += 1 }
            return index - start
        }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let isSign = { (byte: UInt8) in byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") }
        if index < bytes.count, isSign(bytes[index]) { index += 1 }
        var digits = skip(isDigit)
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            digits += skip(isDigit)
        }
        guard digits > 0 else { return false }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, isSign(bytes[index]) { index += 1 }
            guard skip(isDigit) > 0 else { return false }
        }
        return index == bytes.count
    }
}
