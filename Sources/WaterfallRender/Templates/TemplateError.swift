/// A template folder that cannot be used: missing, incomplete or with a syntax error.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// The folder or file at fault, with `:line:column` for syntax errors.
    public var place: String
    /// What is wrong, without the place.
    public var message: String

    /// Creates an error at a folder or file.
    public init(place: String, message: String) {
        self.place = place
        self.message = message
    }

    /// The place and the message, on one line.
    public var description: String { "\(place): \(message)" }
}
