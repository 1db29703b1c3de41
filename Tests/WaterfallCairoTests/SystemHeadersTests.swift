import Foundation
import Testing

/// A machine without the system libraries' headers: each shim stops with one line that says what
/// to run, not clang's "file not found".
@Suite(.onWaitingThreads, .tags(.externalProgram)) struct SystemHeadersTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [
        ("CWaterfallCairo", "Cairo's headers are missing (cairo.h)"),
        ("CWaterfallMotion", "libwebp's headers are missing (webp/encode.h)"),
        ("CWaterfallNettle", "Nettle's headers are missing (nettle/sha2.h)"),
    ])
    func shimWithoutTheHeadersSaysToRunSetup(module: String, missing: String) throws {
        let shim = Self.packageRoot.appendingPathComponent("Sources/\(module)/shim.h").path
        // No system include folder, only clang's own headers and a folder that does not exist.
        let (status, errors) = try Self.clang(["-fsyntax-only", "-nostdlibinc", "-I/nonexistent", "-x", "c", shim])
        #expect(status != 0)
        let lines = errors.split(separator: "\n").filter { $0.contains("error:") }
        let line: Int = module == "CWaterfallNettle" ? 9 : 7
        let expected: String =
            "\(shim):\(line):2: error: \"\(missing): run bash scripts/setup.sh (Debian/Ubuntu) or see README\""
        #expect(lines == [Substring(expected)])
        #expect(!errors.contains("file not found"))
    }

    /// Runs clang (the toolchain's, next to `swift`, or the one on the PATH) and returns its status and stderr.
    static func clang(_ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["clang"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
