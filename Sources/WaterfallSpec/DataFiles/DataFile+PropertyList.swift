import Foundation
import Yams

extension DataFile {
    /// A property list, XML, binary or OpenStep, through Foundation's `PropertyListSerialization`.
    static func propertyList(_ bytes: [UInt8], name: String) throws(SpecError) -> DataFile {
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
            return .scalar(Node.Scalar(string, Tag(.str)))
        case let boolean as Bool:
            return .scalar(Node.Scalar(boolean ? "true" : "false", Tag(.bool)))
        case let integer as Int:
            return .scalar(Node.Scalar(String(integer), Tag(.int)))
        case let number as Double:
            return .scalar(Node.Scalar(number.description, Tag(.float)))
        case let date as Date:
            return .scalar(Node.Scalar(Self.dateFormat.format(date), Tag(.str)))
        case let data as Data:
            // Only a template could show it; its bytes as Base64 are as good as any text.
            return .scalar(Node.Scalar(data.base64EncodedString(), Tag(.binary)))
        case let list as [Any]:
            var nodes: [Node] = []
            nodes.reserveCapacity(list.count)
            for element in list { nodes.append(try node(element, depth: depth + 1)) }
            return .sequence(Node.Sequence(nodes))
        case let dictionary as [String: Any]:
            // Sorted, so that the same file gives the same tree (and the same messages) every run.
            var pairs: [(Node, Node)] = []
            pairs.reserveCapacity(dictionary.count)
            for key in dictionary.keys.sorted() {
                pairs.append((.scalar(Node.Scalar(key, Tag(.str))), try node(dictionary[key]!, depth: depth + 1)))
            }
            return .mapping(Node.Mapping(pairs))
        default:
            return .scalar(Node.Scalar(String(describing: value), Tag(.str)))
        }
    }

    /// Dates in UTC, to the second: the same text on every machine.
    static let dateFormat = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
}
