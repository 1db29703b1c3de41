import WaterfallCore
import Yams

/// A value of a spec document or a data file in a normalized form: what it says, not how it is
/// written, so that two documents that say the same thing are equal whatever their quoting,
/// key order, anchors or format (YAML, JSON, a property list, CSV).
///
/// `check --record` keeps the spec and the data records it read in this form beside the
/// baselines, so that a later change can be named in the spec's own terms
/// (`sections[1].columns: 2 → 3`).
public indirect enum SpecValue: Sendable, Hashable {
    /// No value (`null`, `~`, an empty CSV field).
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, integer or not.
    case number(Double)
    /// Text.
    case string(String)
    /// A list, in order.
    case list([SpecValue])
    /// A mapping from keys to values; keys are compared and written sorted.
    case map([String: SpecValue])

    /// The most values one normalized document may hold: far more than any spec written by hand,
    /// few enough that holding them costs little.
    public static let maximumValues = 1_000_000

    /// The value of a parsed YAML node, or `nil` when it holds more than `budget` values (aliases
    /// counted as they expand).
    static func of(_ node: Node, budget: inout Int) -> SpecValue? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .scalar(let scalar):
            switch Tag.Name(rawValue: node.tag.rawValue) {
            case .null: return .null
            case .bool: return node.bool.map(SpecValue.bool) ?? .string(scalar.string)
            case .int, .float:
                guard let number = node.float ?? node.int.map(Double.init), number.isFinite else {
                    return .string(scalar.string)
                }
                return .number(number)
            default: return .string(scalar.string)
            }
        case .sequence(let sequence):
            var list: [SpecValue] = []
            list.reserveCapacity(sequence.count)
            for element in sequence {
                guard let value = of(element, budget: &budget) else { return nil }
                list.append(value)
            }
            return .list(list)
        case .mapping(let mapping):
            var map: [String: SpecValue] = [:]
            for (key, value) in mapping {
                guard let converted = of(value, budget: &budget) else { return nil }
                map[key.scalar?.string ?? ""] = converted
            }
            return .map(map)
        case .alias:
            return .null
        }
    }

    /// The value as a parsed YAML node, each scalar tagged as the parser tags a spec's own (a whole
    /// number `int`, text `str` even when it reads as a number): what the decoder reads when a
    /// spec is decoded again from its recorded inputs.
    var node: Node {
        switch self {
        case .null: Node("null", Tag(.null))
        case .bool(let value): Node(value ? "true" : "false", Tag(.bool))
        case .number(let value):
            value.rounded() == value && abs(value) < 1e15
                ? Node(String(Int(value)), Tag(.int)) : Node(ShortestNumber.text(value), Tag(.float))
        case .string(let value): Node(value, Tag(.str))
        case .list(let list): .sequence(Node.Sequence(list.map(\.node)))
        case .map(let map): .mapping(Node.Mapping(map.keys.sorted().map { (Node($0, Tag(.str)), map[$0]!.node) }))
        }
    }

    /// The value as JSON, keys sorted, numbers in their shortest form: the same bytes for equal values.
    public var json: String {
        var out = ""
        write(into: &out)
        return out
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let value): out += ShortestNumber.text(value)
        case .string(let value): out += value.jsonQuoted
        case .list(let list):
            out += "["
            for (index, element) in list.enumerated() {
                if index > 0 { out += "," }
                element.write(into: &out)
            }
            out += "]"
        case .map(let map):
            out += "{"
            for (index, key) in map.keys.sorted().enumerated() {
                if index > 0 { out += "," }
                out += key.jsonQuoted + ":"
                map[key]!.write(into: &out)
            }
            out += "}"
        }
    }

    /// The value as a person reads it in a sentence: numbers to one decimal, text quoted.
    public var readable: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): ShortestNumber.readable(value)
        case .string(let value): "\"\(value)\""
        case .list(let list): list.count == 1 ? "a list of 1" : "a list of \(list.count)"
        case .map: "a mapping"
        }
    }

    /// Whether ``readable`` says the whole value in a few words: a number, a boolean, null or short text.
    public var isShort: Bool {
        switch self {
        case .null, .bool, .number: true
        case .string(let value): value.count <= 24 && !value.contains(where: { $0.isNewline })
        case .list, .map: false
        }
    }
}

extension SpecValue: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([SpecValue].self) {
            self = .list(value)
        } else {
            self = .map(try container.decode([String: SpecValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .list(let value): try container.encode(value)
        case .map(let value): try container.encode(value)
        }
    }
}
