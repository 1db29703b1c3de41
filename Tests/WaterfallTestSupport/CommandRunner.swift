import Foundation

/// What a finished `waterfall` process left behind.
public struct CommandResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String
}

/// Runs the built `waterfall` binary, as a user would from a shell.
public enum CommandRunner {
    /// The folder the test bundle and the `waterfall` executable were built into.
    public static var productsDirectory: URL {
        Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent()
            : URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// Runs `waterfall` with `arguments` and waits for it.
    ///
    /// - Parameter timeout: Seconds after which the process is ended (SIGKILL), so that a test of
    ///   something that must not hang fails instead of hanging the suite.
    public static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
        currentDirectory: String? = nil, timeout: Double = 600
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("waterfall")
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let output = Pipe()
        let inputPipe = Pipe()
        // Standard error goes to a file, so that neither stream can block the child while the other is read.
        let errorPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("waterfall-stderr-\(UUID().uuidString)").path
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let errorHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = inputPipe
        try process.run()
        let pid = process.processIdentifier
        let finished = DispatchSemaphore(value: 0)
        Thread {
            if finished.wait(timeout: .now() + timeout) == .timedOut { kill(pid, SIGKILL) }
        }.start()
        defer { finished.signal() }
        try errorHandle.close()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = FileManager.default.contents(atPath: errorPath) ?? Data()
        return CommandResult(
            status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self))
    }
}
