import Foundation

/// A Python script of `scripts/` that drives Chromium (Playwright for Python), run with the built
/// `waterfall` as its first argument.
public enum BrowserScript {
    /// Runs `scripts/NAME` with the built binary and `arguments`: its exit status and its output.
    ///
    /// The script bounds its own waits; `limit` only stops one that hangs outright.
    public static func run(_ name: String, _ arguments: [String] = [], limit: TimeInterval) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", Repository.path("scripts/\(name)"),
                CommandRunner.productsDirectory.appendingPathComponent("waterfall").path,
            ]
            + arguments
        let log = ExternalRenderers.temporaryPath("log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: log) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        let deadline = Date().addingTimeInterval(limit)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try handle.close()
        let output = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, output)
    }
}
