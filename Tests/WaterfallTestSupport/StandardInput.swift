/// What a process reads on standard input.
public enum StandardInput: Sendable, ExpressibleByStringLiteral {
    /// A pipe closed at once: the first read is the end of the file.
    case empty
    /// `/dev/null`.
    case nullDevice
    /// These bytes through a pipe, then the end of the file.
    case bytes([UInt8])

    /// `text` as UTF-8 through a pipe.
    public static func text(_ text: String) -> StandardInput { .bytes(Array(text.utf8)) }

    public init(stringLiteral text: String) { self = .text(text) }
}
