/// Why a clip cannot be made, in one line.
public struct ClipError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the file or the option at fault.
    public var reason: String

    /// Creates an error with its reason.
    public init(reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
