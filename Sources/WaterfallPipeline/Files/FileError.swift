import WaterfallCore

/// A file that cannot be read, written or replaced, and why.
public struct FileError: UserFacingError {
    /// The path as the user named it.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}
