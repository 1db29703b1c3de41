/// Where a card field's value comes from in a record: a key, or a template of text and keys.
///
/// `img` is a key (a dotted path such as `cover.url` reaches into a nested record when the record
/// has no key with the dot in it); `"¥{price}"` is a template, whose `{key}` placeholders are
/// replaced by the record's values as text, `{{` and `}}` standing for literal braces. A value
/// with no brace is a key.
enum FieldSource: Hashable {
    case key(String)
    case template([Part])

    enum Part: Hashable {
        case text(String)
        case key(String)
    }

    /// Parses the text of a `fields` entry; the error is a message about it.
    init(_ text: String) throws(SpecError) {
        guard text.contains("{") || text.contains("}") else {
            guard !text.isEmpty else { throw SpecError(location: "", message: "must name a key of the records") }
            self = .key(text)
            return
        }
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "{" where rest.first == "{", "}" where rest.first == "}":
                literal.append(character)
                rest = rest.dropFirst()
            case "{":
                guard let close = rest.firstIndex(of: "}") else {
                    throw SpecError(location: "", message: "a \"{\" is not closed (write \"{{\" for a brace)")
                }
                let key = String(rest[..<close])
                guard !key.isEmpty, !key.contains("{") else {
                    throw SpecError(
                        location: "", message: "\"{\(key)}\" does not name a key (write \"{{\" for a brace)")
                }
                if !literal.isEmpty { parts.append(.text(literal)) }
                literal = ""
                parts.append(.key(key))
                rest = rest[rest.index(after: close)...]
            case "}":
                throw SpecError(location: "", message: "a \"}\" without its \"{\" (write \"}}\" for a brace)")
            default:
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self = .template(parts)
    }

    /// The record keys it reads, in order.
    var keys: [String] {
        switch self {
        case .key(let key): [key]
        case .template(let parts):
            parts.compactMap {
                if case .key(let key) = $0 { return key }
                return nil
            }
        }
    }
}
