/// Why a configuration cannot be laid out, and where in it the problem is.
public struct LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The section the problem is in, if it is in one.
    public var section: Int?
    /// The item the problem is in, if it is in one.
    public var item: Int?
    /// The setting at fault, as the spec names it (`width`, `columns`, `span`, `size.width`…).
    public var key: String
    /// What is wrong, without the location.
    public var message: String

    /// Creates an error at a section, item and setting.
    public init(section: Int? = nil, item: Int? = nil, key: String, message: String) {
        self.section = section
        self.item = item
        self.key = key
        self.message = message
    }

    /// The location as a spec path: `sections[1].items[3].span`.
    public var path: String {
        var path = ""
        if let section { path += "sections[\(section)]" }
        if let item { path += ".items[\(item)]" }
        return path.isEmpty ? key : path + "." + key
    }

    /// The location and the message: `sections[1].items[3].span: must be at least 1`.
    public var description: String { "\(path): \(message)" }
}
