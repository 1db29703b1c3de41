import Foundation

#if canImport(Glibc)
import Glibc
#endif

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
}

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

/// Runs the built `waterfall` binary as a user would from a shell, or any other program a test
/// needs (a browser script, `sha256sum`): the one way the tests start a process.
///
/// Both output streams go to files, so that neither can block the child while the other is read,
/// and a test can read them while the process runs (``RunningCommand``).
public enum CommandRunner {
    /// The folder the test bundle and the `waterfall` executable were built into.
    public static var productsDirectory: URL {
        Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent()
            : URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The built `waterfall` executable.
    public static var waterfall: String { productsDirectory.appendingPathComponent("waterfall").path }

    /// Runs `waterfall` with `arguments` and waits for it.
    ///
    /// - Parameters:
    ///   - environment: Variables set on top of this process's environment.
    ///   - timeout: Seconds after which the process is ended (SIGTERM, then SIGKILL), so that a
    ///     test of something that must not hang fails instead of hanging the suite.
    public static func run(
        _ arguments: [String], input: StandardInput = .empty, environment: [String: String] = [:],
        currentDirectory: String? = nil, timeout: Double = 600
    ) throws -> CommandResult {
        try run(
            executable: waterfall, arguments, input: input, environment: environment,
            currentDirectory: currentDirectory, timeout: timeout)
    }

    /// Runs the program at `executable` with `arguments` and waits for it.
    public static func run(
        executable: String, _ arguments: [String], input: StandardInput = .empty,
        environment: [String: String] = [:], currentDirectory: String? = nil, timeout: Double = 600
    ) throws -> CommandResult {
        let running = try start(
            executable: executable, arguments, input: input, environment: environment,
            currentDirectory: currentDirectory, timeout: timeout)
        return running.wait()
    }

    /// Runs `script` with `/bin/sh -c` and `$WATERFALL` set to the built binary, so that a test
    /// can close or redirect standard streams the way a user's shell does (`>&-`, `2>&-`, `<&-`,
    /// `> /dev/full`); what the script does not redirect is captured.
    public static func shell(
        _ script: String, input: StandardInput = .nullDevice, currentDirectory: String? = nil, timeout: Double = 600
    ) throws -> CommandResult {
        try run(
            executable: "/bin/sh", ["-c", script], input: input, environment: ["WATERFALL": waterfall],
            currentDirectory: currentDirectory, timeout: timeout)
    }

    /// A Python script of `scripts/`, run with `arguments` by the `python3` on the `PATH`.
    public static func python(
        _ script: String, _ arguments: [String], input: StandardInput = .empty, timeout: Double = 600
    ) throws -> CommandResult {
        try run(
            executable: "/usr/bin/env", ["python3", Repository.path("scripts/\(script)")] + arguments, input: input,
            timeout: timeout)
    }

    /// Starts `waterfall` with `arguments` and returns at once: for a server, or a run a test
    /// stops part way.
    public static func start(
        _ arguments: [String], input: StandardInput = .empty, environment: [String: String] = [:],
        currentDirectory: String? = nil, timeout: Double = 600
    ) throws -> RunningCommand {
        try start(
            executable: waterfall, arguments, input: input, environment: environment,
            currentDirectory: currentDirectory, timeout: timeout)
    }

    /// Starts the program at `executable` with `arguments` and returns at once.
    public static func start(
        executable: String, _ arguments: [String], input: StandardInput = .empty,
        environment: [String: String] = [:], currentDirectory: String? = nil, timeout: Double = 600
    ) throws -> RunningCommand {
        try RunningCommand(
            executable: executable, arguments: arguments, input: input, environment: environment,
            currentDirectory: currentDirectory, timeout: timeout)
    }

    /// `text` quoted for the shell.
    public static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}

/// A process started by ``CommandRunner/start(_:input:environment:currentDirectory:timeout:)``.
///
/// Its output streams go to files of its own, readable while it runs; it is ended, and the files
/// removed, when ``wait()`` returns or when the value goes away.
public final class RunningCommand: @unchecked Sendable {
    private let process = Process()
    private let folder: String
    private let finished = DispatchSemaphore(value: 0)

    init(
        executable: String, arguments: [String], input: StandardInput, environment: [String: String],
        currentDirectory: String?, timeout: Double
    ) throws {
        folder = ExternalRenderers.temporaryPath("run")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        for path in [outputPath, errorPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = output
        process.standardError = error
        let inputPipe = Pipe()
        switch input {
        case .nullDevice: process.standardInput = FileHandle.nullDevice
        case .empty, .bytes: process.standardInput = inputPipe
        }
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        try output.close()
        try error.close()
        let pid = process.processIdentifier
        let finished = finished
        Thread {
            guard finished.wait(timeout: .now() + timeout) == .timedOut else { return }
            kill(pid, SIGTERM)
            if finished.wait(timeout: .now() + 5) == .timedOut { kill(pid, SIGKILL) }
        }.start()
        if case .bytes(let bytes) = input { inputPipe.fileHandleForWriting.write(Data(bytes)) }
        if case .nullDevice = input {} else { try inputPipe.fileHandleForWriting.close() }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        finished.signal()
        try? FileManager.default.removeItem(atPath: folder)
    }

    private var outputPath: String { folder + "/stdout" }
    private var errorPath: String { folder + "/stderr" }

    /// The process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Whether the process has not exited yet.
    public var isRunning: Bool { process.isRunning }

    /// What the process has written on standard output so far.
    public var standardOutput: String { String(decoding: outputBytes, as: UTF8.self) }

    /// What the process has written on standard error so far.
    public var standardError: String { String(decoding: errorBytes, as: UTF8.self) }

    private var outputBytes: [UInt8] { [UInt8](FileManager.default.contents(atPath: outputPath) ?? Data()) }
    private var errorBytes: [UInt8] { [UInt8](FileManager.default.contents(atPath: errorPath) ?? Data()) }

    /// Sends SIGTERM.
    public func terminate() { process.terminate() }

    /// Checks `condition` every 20 ms while the process runs, for at most `timeout` seconds:
    /// whether it came true.
    @discardableResult
    public func poll(timeout: Double, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            guard process.isRunning else { return try condition() }
            usleep(20_000)
        }
        return try condition()
    }

    /// Waits for the process to exit: its status and all it wrote.
    public func wait() -> CommandResult {
        process.waitUntilExit()
        finished.signal()
        return CommandResult(
            status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal,
            outputBytes: outputBytes, errorBytes: errorBytes)
    }
}
