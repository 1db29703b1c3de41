import Foundation
import WaterfallTestSupport

/// What a shell script that ran `waterfall` left behind.
struct ShellResult {
    var status: Int32
    /// Whether the shell itself ended by a signal (a crash of the script's last command shows as
    /// status 128 + the signal instead).
    var wasSignalled: Bool
    var standardOutput: String
    var standardError: String
}

/// Runs `waterfall` through `/bin/sh -c`, so that a test can close or redirect its standard
/// streams the way a user's shell does (`>&-`, `2>&-`, `<&-`, `> /dev/full`).
enum ShellRunner {
    /// The built binary, for scripts to call as `"$WATERFALL"`.
    static var binary: String { CommandRunner.productsDirectory.appendingPathComponent("waterfall").path }

    /// Runs `script` with `$WATERFALL` set; what the script does not redirect is captured.
    static func run(_ script: String, currentDirectory: String? = nil) throws -> ShellResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["WATERFALL"] = binary
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        // Both streams go to files, so that neither can block the child while the other is read.
        let outputPath = ExternalRenderers.temporaryPath("stdout")
        let errorPath = ExternalRenderers.temporaryPath("stderr")
        for path in [outputPath, errorPath] { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        defer { for path in [outputPath, errorPath] { try? FileManager.default.removeItem(atPath: path) } }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try output.close()
        try error.close()
        process.waitUntilExit()
        return ShellResult(
            status: process.terminationStatus, wasSignalled: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self),
            standardError: String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self))
    }

    /// `text` quoted for the shell.
    static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
