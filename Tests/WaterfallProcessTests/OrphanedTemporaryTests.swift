import Foundation
import Testing
import WaterfallTestSupport

/// Temporaries left by a run killed with SIGKILL (which nothing can catch) are removed by the next
/// run that writes into their folder; nothing else is touched.
@Suite(.onWaitingThreads, .tags(.process)) struct OrphanedTemporaryTests {
    /// The id of a process that has exited and been reaped.
    func deadProcessID() throws -> Int32 {
        let process = try CommandRunner.start(["-c", "exit 0"], executable: "/bin/sh")
        _ = process.wait()
        return process.processIdentifier
    }

    @Test func aRenderRemovesOrphanedTemporariesAndOnlyThose() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let dead = try deadProcessID()
        try #require(kill(dead, 0) == -1 && errno == ESRCH)
        let live = getpid()
        let orphans = [".01-shop-grid.svg.tmp-\(dead)-0123456789abcdef", ".notes.txt.tmp-\(dead)-fedcba9876543210"]
        let kept = [
            // A live process's: a run going on at the same time.
            ".01-shop-grid.svg.tmp-\(live)-0123456789abcdef",
            // Not exactly our pattern.
            ".notes.txt.tmp-\(dead)-0123456789ABCDEF", ".notes.txt.tmp-\(dead)-0123",
            "notes.txt.tmp-\(dead)-0123456789abcdef",
            ".tmp-\(dead)-0123456789abcdef", ".notes.txt.tmp-\(dead)-0123456789abcdef.bak",
            // The user's own.
            "notes.txt", ".hidden",
        ]
        for name in orphans + kept {
            try "x".write(toFile: folder + "/" + name, atomically: false, encoding: .utf8)
        }
        let result = try CommandRunner.run([
            "render", Repository.path("Examples/01-shop-grid.yaml"), "--output", folder, "--format", "svg",
        ])
        #expect(result.status == 0)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder))
        #expect(left == Set(kept + ["01-shop-grid.svg"]))
    }
}
