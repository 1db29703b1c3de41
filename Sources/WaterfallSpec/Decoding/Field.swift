import WaterfallCore
import Yams

/// A node of the parsed document together with its key path, so that every error can say where.
struct Field {
    let node: Node
    let path: String

    func child(_ key: String, _ node: Node) -> Field {
        Field(node: node, path: path.isEmpty ? key : path + "." + key)
    }

    func element(_ index: Int, _ node: Node) -> Field {
        Field(node: node, path: path + "[\(index)]")
    }

    func error(_ message: String) -> SpecError {
        SpecError(line: node.mark?.line, column: node.mark?.column, location: path, message: message)
    }

    /// The node's resolved YAML tag (`int`, `float`, `bool`, `null`, `str`…).
    var tagName: Tag.Name { Tag.Name(rawValue: node.tag.rawValue) }

    /// What a node is, for "expected a number, found …" messages.
    var kindName: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        case .scalar(let scalar):
            switch tagName {
            case .null: return "null"
            case .bool: return "a boolean"
            case .int, .float: return "a number"
            default: return scalar.string.isEmpty ? "an empty string" : "a string"
            }
        }
    }

    // MARK: - Containers

    /// The mapping's values by key, after rejecting duplicate keys and keys not in `allowed`.
    func mapping(allowed: [String]) throws(SpecError) -> [String: Field] {
        guard case .mapping(let mapping) = node else {
            throw error("expected a mapping, found \(kindName)")
        }
        var result: [String: Field] = [:]
        for (keyNode, valueNode) in mapping {
            guard case .scalar(let scalar) = keyNode else {
                throw Field(node: keyNode, path: path).error("keys must be plain names")
            }
            let key = scalar.string
            let keyField = Field(node: keyNode, path: path.isEmpty ? key : path + "." + key)
            guard allowed.contains(key) else {
                let hint = KeySuggestion.closest(to: key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw keyField.error("unknown key\(hint)")
            }
            guard result[key] == nil else {
                throw keyField.error("duplicate key")
            }
            result[key] = child(key, valueNode)
        }
        return result
    }

    func sequence() throws(SpecError) -> [Field] {
        guard case .sequence(let sequence) = node else {
            throw error("expected a list, found \(kindName)")
        }
        return sequence.enumerated().map { element($0.offset, $0.element) }
    }

    // MARK: - Scalars

    func number() throws(SpecError) -> Double {
        guard case .scalar(let scalar) = node else { throw error("expected a number, found \(kindName)") }
        let parsed: Double? =
            switch tagName {
            case .int: node.int.map(Double.init) ?? Double(scalar.string)
            case .float: node.float ?? Double(scalar.string)
            default: nil
            }
        guard let value = parsed else { throw error("expected a number, found \(kindName)") }
        guard value.isFinite else {
            throw error("must be a finite number, not \(scalar.string)")
        }
        return value
    }

    func number(atLeast minimum: Double) throws(SpecError) -> Double {
        let value = try number()
        guard value >= minimum else {
            throw error("must be at least \(Self.format(minimum)), not \(Self.format(value))")
        }
        return value
    }

    func positiveNumber() throws(SpecError) -> Double {
        let value = try number()
        guard value > 0 else { throw error("must be greater than 0, not \(Self.format(value))") }
        return value
    }

    /// A number greater than 0 and at most `maximum`.
    func positiveNumber(atMost maximum: Double) throws(SpecError) -> Double {
        let value = try positiveNumber()
        guard value <= maximum else {
            throw error("must be at most \(Self.format(maximum)), not \(Self.format(value))")
        }
        return value
    }

    /// A number in `range`.
    func number(in range: ClosedRange<Double>) throws(SpecError) -> Double {
        let value = try number()
        guard range.contains(value) else {
            throw error(
                "must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), "
                    + "not \(Self.format(value))")
        }
        return value
    }

    /// A length in points: at least 0 and at most ``SpecLimits/maximumLength``.
    func length() throws(SpecError) -> Double {
        let value = try number(atLeast: 0)
        guard value <= SpecLimits.maximumLength else {
            throw error("must be at most \(Self.format(SpecLimits.maximumLength)), not \(Self.format(value))")
        }
        return value
    }

    func integer(in range: ClosedRange<Int>) throws(SpecError) -> Int {
        let value = try number()
        guard value.rounded() == value else { throw error("must be a whole number, not \(Self.format(value))") }
        // Doubles hold every whole number up to 2^53 exactly; larger ones are refused, not trapped on.
        let upper = min(range.upperBound, 1 << 53)
        guard value >= Double(range.lowerBound), value <= Double(upper) else {
            if upper == 1 << 53 && value >= Double(range.lowerBound) {
                throw error("must be at most \(upper), not \(Self.format(value))")
            }
            if upper == 1 << 53 { throw error("must be at least \(range.lowerBound), not \(Self.format(value))") }
            throw error("must be from \(range.lowerBound) to \(upper), not \(Self.format(value))")
        }
        return Int(value)
    }

    /// Whether the value is the plain word `word` (a string, not a number or a key).
    func isWord(_ word: String) -> Bool {
        guard case .scalar(let scalar) = node, tagName == .str else { return false }
        return scalar.string == word
    }

    /// Any scalar read as text: a title of `No` or `2024` is still a title.
    func string() throws(SpecError) -> String {
        guard case .scalar(let scalar) = node, tagName != .null else {
            throw error("expected a string, found \(kindName)")
        }
        return scalar.string
    }

    func color() throws(SpecError) -> Color {
        let text = try string()
        guard let color = Color(hex: text) else {
            throw error("expected a color as \"#rgb\" or \"#rrggbb\", not \"\(text)\"")
        }
        return color
    }

    static func format(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
