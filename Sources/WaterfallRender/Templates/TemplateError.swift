/// A template folder that cannot be used: missing, incomplete or with a syntax error.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    /// The folder or file at fault, with `:line:column` for syntax errors.
    public var place: String
    public var message: String

    public init(place: String, message: String) {
        self.place = place
        self.message = message
    }

    public var description: String { "\(place): \(message)" }
}
