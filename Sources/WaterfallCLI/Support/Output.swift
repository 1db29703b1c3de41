import SystemPackage
import WaterfallCore
import WaterfallPipeline

/// Writes to the standard streams with write(2), never through a buffer or a call that traps.
///
/// A closed or full standard output is an error like any other: one line on standard error
/// (when it is open) and exit status 2. A closed or full standard error is ignored: there is
/// nowhere left to say anything.
enum Output {
    /// Readies the standard streams; the first thing `main` does.
    ///
    /// SIGPIPE is ignored, so a reader that went away is a failed write rather than a silent
    /// death, and closed descriptors 0 to 2 are held so no file the run opens takes their place.
    static func prepare() {
        Syscalls.ignoreBrokenPipes()
        Syscalls.holdClosedStandardDescriptors()
    }

    /// Writes `text` to standard output, or ends the run with status 2 if it cannot.
    static func standardOutput(_ text: String) {
        var text = text
        text.withUTF8 { standardOutput(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes` to standard output, or ends the run with status 2 if it cannot.
    static func standardOutput(bytes: UnsafeRawBufferPointer) {
        if let capture {
            capture.standardOutput.withLock { $0 += bytes }
            return
        }
        guard let failure = Syscalls.writeAll(bytes, to: .standardOutput) else { return }
        standardError("error: cannot write to standard output (\(failure.description))")
        TemporaryFiles.removeAllAndExit(2)
    }

    /// Writes `text` as one line to standard error, with every line break and terminal control
    /// it echoes from its input shown as an escape.
    static func standardError(_ text: String) {
        let line = (text.hasSuffix("\n") ? String(text.dropLast()) : text).escapedForMessage + "\n"
        if let capture {
            capture.standardError.withLock { $0 += Array(line.utf8) }
            return
        }
        _ = write(line, to: .standardError)
    }

    /// Writes each line it is given with ``standardError(_:)``, from any thread: for work that
    /// reports from its worker threads (a progress counter), so that a run in process still
    /// collects those lines.
    static var standardErrorLines: @Sendable (String) -> Void {
        let capture = capture
        return { line in $capture.withValue(capture) { standardError(line) } }
    }

    /// - Returns: nil, or the error of the failed write.
    private static func write(_ text: String, to descriptor: FileDescriptor) -> Errno? {
        var text = text
        return text.withUTF8 { Syscalls.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }

    /// What a run in process (``Waterfall/run(_:)``, in a test) prints, instead of the streams.
    ///
    /// `nil` in the `waterfall` process; worker threads print through ``standardErrorLines``.
    @TaskLocal static var capture: Capture?

    /// The bytes of the two streams of one run in process.
    final class Capture: Sendable {
        let standardOutput = Locked<[UInt8]>([])
        let standardError = Locked<[UInt8]>([])
    }
}
