import WaterfallCore

/// A file that cannot be read, written or replaced, and why.
public struct FileError: UserFacingError {
    /// The path as the user named it.
    public var path: String
    /// What is wrong, without the path.
    public var message: String

    /// Creates an error about a path.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// The path and the message, on one line.
    public var description: String { "\(path): \(message)" }
}
