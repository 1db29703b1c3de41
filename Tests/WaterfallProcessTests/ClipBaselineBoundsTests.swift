import Foundation
import Testing
import WaterfallTestSupport

/// A clip baseline from an untrusted branch: `check` refuses one whose canvas is larger than a
/// clip's frame before decoding it, in one line and little memory.
@Suite(.onWaitingThreads, .tags(.process)) struct ClipBaselineBoundsTests {
    static let spec = """
        width: 120
        scale: 1
        defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
        sections:
          - items: [{height: 60}, {height: 80}]
            generate: {count: 10, minHeight: 40, maxHeight: 90, seed: 2}
        variants:
          viewport: {height: 150}
          animate: scroll
          clip: {fps: 10, duration: 0.5}
        """

    /// A 2^28-pixel canvas is refused under a 1200 MiB address space, one the clip's own
    /// baseline checks under: exit 2 and one line naming the file, not an allocation trap.
    ///
    /// The 200-byte file used to cost a 1 GiB canvas at once, and as much again for its frame.
    @Test(.onWaitingThreads, .tags(.externalProgram)) func aBaselineClaimingAHugeCanvasIsRefusedInBoundedMemory() throws
    {
        let folder = ExternalRenderers.temporaryPath("dir")
        let baselines = folder + "/baselines"
        try FileManager.default.createDirectory(atPath: baselines, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.spec.write(toFile: folder + "/feed.yaml", atomically: true, encoding: .utf8)
        let recorded = try CommandRunner.run(
            ["check", "--record", "feed.yaml", "--baselines", "baselines"], currentDirectory: folder)
        try #require(recorded.status == 0, "\(recorded.standardError)")
        // GNU time (-q: without its own line for the exit status) reports the peak resident
        // memory in kilobytes; prlimit caps the address space; two malloc arenas keep the
        // address space the same on a machine of more cores.
        func check() throws -> (status: Int32, lines: [Substring], peak: Int) {
            let result = try CommandRunner.run(
                [
                    "-q", "-f", "peak %M", "prlimit", "--as=\(1200 << 20)", "--", CommandRunner.waterfall, "check",
                    "feed.yaml", "--baselines", "baselines",
                ], executable: "/usr/bin/time", environment: ["MALLOC_ARENA_MAX": "2"], currentDirectory: folder,
                timeout: 120)
            let lines = result.standardError.split(separator: "\n")
            return (result.status, lines, lines.last.flatMap { Int($0.dropFirst("peak ".count)) } ?? Int.max)
        }
        let passing = try check()
        #expect(passing.status == 0, "the recorded clip checks under the limit: \(passing.lines)")

        let hostile = PNGFixture.animated(width: 16384, height: 16384, frames: [.init(width: 16384, height: 16384)])
        try Data(hostile).write(to: URL(fileURLWithPath: baselines + "/feed.scroll.png"))
        let refused = try check()
        #expect(refused.status == 2, "\(refused.lines)")
        let message =
            "error: baselines/feed.scroll.png: a canvas of 16384 × 16384 pixels is larger than a clip's frame "
            + "(at most 16777216 pixels)"
        #expect(refused.lines.first.map(String.init) == message, "\(refused.lines)")
        #expect(refused.lines.count == 2, "one line, then time's: \(refused.lines)")
        #expect(refused.peak < 300_000, "peak memory \(refused.peak) KB")
    }
}
