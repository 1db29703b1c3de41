import Foundation
import Yams

extension DataFile {
    /// A property list, XML, binary or OpenStep, through Foundation's `PropertyListSerialization`.
    static func propertyList(_ bytes: [UInt8], name: String) throws(SpecError) -> DataFile {
        // A binary property list can share objects: a few hundred bytes of lists each holding the
        // next twice expand to 2^60 values in Foundation's result. Its shape is checked first.
        if bytes.starts(with: Array("bplist".utf8)) {
            do {
                try BinaryPropertyListShape.check(bytes)
            } catch {
                throw error.inFile(name)
            }
        }
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            // Foundation says which byte or line in its debug description; the rest is generic.
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw SpecError(
                file: name, location: "",
                message: "is not a valid property list" + (detail.map { " (\($0))" } ?? ""))
        }
        var converter = PropertyListConverter()
        do {
            return DataFile(name: name, root: try converter.node(value, depth: 1))
        } catch {
            throw error.inFile(name)
        }
    }
}

/// Turns a parsed property list into nodes, within the spec's limits on depth and values.
private struct PropertyListConverter {
    var values = 0

    mutating func node(_ value: Any, depth: Int) throws(SpecError) -> Node {
        values += 1
        guard depth <= SpecDecoder.maximumDepth else {
            throw SpecError(location: "", message: "nested more than \(SpecDecoder.maximumDepth) levels deep")
        }
        guard values <= SpecDecoder.maximumNodes else {
            throw SpecError(location: "", message: "has more than \(SpecDecoder.maximumNodes) values")
        }
        switch value {
        case let string as String:
            return .scalar(Node.Scalar(string, DataTag.str))
        case let boolean as Bool:
            return .scalar(Node.Scalar(boolean ? "true" : "false", DataTag.bool))
        case let integer as Int:
            return .scalar(Node.Scalar(String(integer), DataTag.int))
        case let number as Double:
            return .scalar(Node.Scalar(number.description, DataTag.float))
        case let date as Date:
            return .scalar(Node.Scalar(Self.dateFormat.format(date), DataTag.str))
        case let data as Data:
            // Only a template could show it; its bytes as Base64 are as good as any text.
            return .scalar(Node.Scalar(data.base64EncodedString(), DataTag.binary))
        case let list as [Any]:
            var nodes: [Node] = []
            nodes.reserveCapacity(list.count)
            for element in list { nodes.append(try node(element, depth: depth + 1)) }
            return .sequence(Node.Sequence(nodes, DataTag.seq))
        case let dictionary as [String: Any]:
            // Sorted, so that the same file gives the same tree (and the same messages) every run.
            var pairs: [(Node, Node)] = []
            pairs.reserveCapacity(dictionary.count)
            for key in dictionary.keys.sorted() {
                pairs.append((.scalar(Node.Scalar(key, DataTag.str)), try node(dictionary[key]!, depth: depth + 1)))
            }
            return .mapping(Node.Mapping(pairs, DataTag.map))
        default:
            return .scalar(Node.Scalar(String(describing: value), DataTag.str))
        }
    }

    /// Dates in UTC, to the second: the same text on every machine.
    static let dateFormat = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
}

/// Walks a binary property list's object references as the tree they expand to, without building
/// it, and refuses one deeper or larger than a spec may be, or whose references loop.
///
/// The format (`bplist00`): the objects, then a table of their offsets; the last 32 bytes give the
/// offsets' and references' widths, the number of objects, the top object and where the table is.
/// Arrays (`0xA`), sets (`0xC`) and dictionaries (`0xD`, keys then values) hold references; every
/// other object is a leaf. A loop is caught by the depth limit, sharing by the count.
enum BinaryPropertyListShape {
    static func check(_ bytes: [UInt8]) throws(SpecError) {
        let damaged = SpecError(location: "", message: "is not a valid property list (its object table is damaged)")
        guard bytes.count >= 8 + 32 else { throw damaged }
        let trailer = bytes.count - 32
        let offsetWidth = Int(bytes[trailer + 6])
        let referenceWidth = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetWidth), (1...8).contains(referenceWidth),
            let objects = integer(bytes, at: trailer + 8, width: 8),
            let top = integer(bytes, at: trailer + 16, width: 8),
            let table = integer(bytes, at: trailer + 24, width: 8),
            objects > 0, top < objects, table >= 8, table <= trailer,
            objects <= (trailer - table) / offsetWidth
        else { throw damaged }

        var stack: [(object: Int, depth: Int)] = [(top, 1)]
        var values = 0
        while let (object, depth) = stack.popLast() {
            values += 1
            guard values <= SpecDecoder.maximumNodes else {
                throw SpecError(location: "", message: "has more than \(SpecDecoder.maximumNodes) values")
            }
            guard depth <= SpecDecoder.maximumDepth else {
                throw SpecError(
                    location: "",
                    message: "nested more than \(SpecDecoder.maximumDepth) levels deep (or its objects loop)")
            }
            guard let offset = integer(bytes, at: table + object * offsetWidth, width: offsetWidth),
                offset >= 8, offset < table
            else { throw damaged }
            let marker = bytes[offset]
            let kind = marker >> 4
            guard kind == 0xA || kind == 0xC || kind == 0xD else { continue }
            var count = Int(marker & 0x0F)
            var start = offset + 1
            if count == 0x0F {
                // The count follows as an integer object: 0x1n and 2^n bytes.
                guard start < table, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F <= 3 else { throw damaged }
                let width = 1 << Int(bytes[start] & 0x0F)
                guard let long = integer(bytes, at: start + 1, width: width) else { throw damaged }
                count = long
                start += 1 + width
            }
            let references: (partialValue: Int, overflow: Bool) =
                kind == 0xD ? count.multipliedReportingOverflow(by: 2) : (count, false)
            guard !references.overflow, references.partialValue <= (table - start) / referenceWidth else {
                throw damaged
            }
            for index in 0..<references.partialValue {
                guard let child = integer(bytes, at: start + index * referenceWidth, width: referenceWidth),
                    child < objects
                else { throw damaged }
                stack.append((child, depth + 1))
            }
            // Children are counted when visited; a list with more than the limit fails then.
        }
    }

    /// The big-endian unsigned integer of `width` bytes at `offset`; `nil` past the end or above `Int.max`.
    private static func integer(_ bytes: [UInt8], at offset: Int, width: Int) -> Int? {
        guard offset >= 0, width <= 8, offset <= bytes.count - width else { return nil }
        var value: UInt64 = 0
        for index in offset..<(offset + width) { value = value << 8 | UInt64(bytes[index]) }
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
