/// What a finished process left behind: its exit status and the bytes of its two output streams.
public struct CommandResult: Sendable {
    /// The exit status, or the number of the signal that ended the process.
    public var status: Int32
    /// Whether a signal ended the process (a shell reports its last command's crash as status
    /// 128 + the signal instead).
    public var wasSignalled: Bool
    /// Everything the process wrote on standard output.
    public var outputBytes: [UInt8]
    /// Everything the process wrote on standard error.
    public var errorBytes: [UInt8]

    /// Standard output as UTF-8 text.
    public var standardOutput: String { String(decoding: outputBytes, as: UTF8.self) }
    /// Standard error as UTF-8 text.
    public var standardError: String { String(decoding: errorBytes, as: UTF8.self) }
    /// Both streams, standard output first: for a failure message.
    public var output: String { standardOutput + standardError }

    public init(status: Int32, wasSignalled: Bool = false, outputBytes: [UInt8], errorBytes: [UInt8]) {
        self.status = status
        self.wasSignalled = wasSignalled
        self.outputBytes = outputBytes
        self.errorBytes = errorBytes
    }
}
