import WaterfallCore

/// Why specs cannot be served or a page cannot be drawn: one line that names the file or argument.
public struct ServeError: UserFacingError {
    /// The line, naming where the problem is.
    public var description: String

    /// Creates an error from its line.
    ///
    /// - Parameter description: The line, naming where the problem is.
    public init(_ description: String) {
        self.description = description
    }
}
