/// A spec that cannot be used, with where the problem is: file, line and column, key path.
public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it, or `-` for standard input.
    public var file: String?
    /// 1-based line and column, when the position in the text is known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// The key path, such as `sections[1].items[3].height`; empty for the whole document.
    public var location: String
    /// What is wrong, without the location.
    public var message: String

    /// Creates an error at a key path, with the file and position when they are known.
    public init(file: String? = nil, line: Int? = nil, column: Int? = nil, location: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.location = location
        self.message = message
    }

    /// One line, compiler style: `shop.yaml:12:7: sections[1].items[3].hieght: unknown key (…)`.
    ///
    /// Whatever the parts echo from the input (a file name, a key, a value) is escaped with
    /// `escapedForMessage`, so the line holds no line break and no terminal control.
    public var description: String {
        var parts: [String] = []
        if let file {
            var place = file
            if let line {
                place += ":\(line)"
                if let column { place += ":\(column)" }
            }
            parts.append(place)
        }
        if !location.isEmpty { parts.append(location) }
        parts.append(message)
        return parts.joined(separator: ": ").escapedForMessage
    }

    /// The same error, said of `file`.
    public func inFile(_ file: String) -> SpecError {
        var copy = self
        copy.file = file
        return copy
    }
}
