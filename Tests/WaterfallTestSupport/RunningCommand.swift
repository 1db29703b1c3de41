import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A process started by ``CommandRunner/start(_:executable:input:environment:currentDirectory:timeout:)``.
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
        let outputFile = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let errorFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = outputFile
        process.standardError = errorFile
        let inputPipe = Pipe()
        switch input {
        case .nullDevice: process.standardInput = FileHandle.nullDevice
        case .empty, .bytes: process.standardInput = inputPipe
        }
        do {
            // The child has its own copies; this process keeps none open.
            defer {
                try? outputFile.close()
                try? errorFile.close()
            }
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
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
