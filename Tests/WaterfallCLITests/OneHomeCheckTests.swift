import Foundation
import Testing
import WaterfallTestSupport

/// `scripts/one-home-check.py` keeps one home per utility (issue 48): the tree passes it, and a
/// second lock, worker pool or JSON setting planted in a copy fails it, naming the place and the home.
@Suite(.tags(.externalProgram)) struct OneHomeCheckTests {
    @Test func theSourcesKeepOneHomePerUtility() throws {
        let result = try CommandRunner.python("one-home-check.py", [], timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty)
    }

    @Test func aSecondLockWorkerPoolOrEncoderFailsNamingItsHome() throws {
        let folder = try TemporaryFolder()
        let sources = folder.path + "/Sources/Planted"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        let planted = """
            import Foundation

            // NSLock in a comment is no offence.
            final class Planted {
                let lock = NSLock()
                let message = "DispatchQueue.concurrentPerform in a string is none either"
                func spread() { DispatchQueue.concurrentPerform(iterations: 2) { _ in } }
                func encoder() -> JSONEncoder { JSONEncoder() }
            }

            """
        try planted.write(toFile: sources + "/Planted.swift", atomically: true, encoding: .utf8)
        let result = try CommandRunner.python("one-home-check.py", ["--root", folder.path], timeout: 120)
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "Sources/Planted/Planted.swift:5: NSLock — use Locked (Sources/WaterfallCore/Locked.swift)",
                "Sources/Planted/Planted.swift:7: DispatchQueue.concurrentPerform — use WorkerPool "
                    + "(Sources/WaterfallCore/WorkerPool.swift)",
                "Sources/Planted/Planted.swift:8: JSONEncoder() — use JSONOutput (Sources/WaterfallCore/JSONOutput.swift)",
            ])
    }

    @Test func aFolderWithoutSourcesIsOneLineAndStatusTwo() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.python("one-home-check.py", ["--root", folder.path], timeout: 120)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "\(folder.path): no Sources folder to check\n")
    }
}
