import Foundation
import Testing
import WaterfallTestSupport

/// `placement: gridLanes` against Chromium's own CSS grid-lanes, and the grid-lanes page's picture.
///
/// `scripts/grid-lanes-tests.py` lays out more than 1,000 seeded random specs with `waterfall`, renders them as native
/// `display: grid-lanes` pages and compares every frame with what the browser lays out (see the
/// script for the terms). Chromium is Debian's, with `--enable-experimental-web-platform-features`
/// (`scripts/setup.sh` installs it, and Playwright for Python).
///
/// `scripts/grid-lanes-pages.py` screenshots the examples' grid-lanes pages in that Chromium with and without the
/// flag and compares them with their PNGs as `scripts/cross-viewer-test.py` does (8 × 8-pixel blocks, 40 levels,
/// at most 0.5 % of blocks differ): natively placed, and at their frames where grid-lanes is unsupported.
@Suite(.onWaitingThreads, .tags(.process, .browser)) struct GridLanesBrowserTests {
    #if os(Linux)
    @Test func chromiumLaysOutTheRandomSpecsAsWaterfallDoes() throws {
        // The run takes about half a minute.
        let result = try CommandRunner.python(
            "grid-lanes-tests.py", [CommandRunner.waterfall, "--specs", "1000", "--seed", "23"], timeout: 600)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.standardOutput.contains("grid-lanes tests passed"), "\(result.output)")
        let prefix = "gridLanes specs compared: "
        let compared = result.standardOutput.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap {
            Int($0.dropFirst(prefix.count))
        }
        #expect((compared ?? 0) >= 1_000, "\(result.output)")
    }

    @Test func thePageShowsThePNGsPictureWithAndWithoutGridLanes() throws {
        // About a minute: five examples (seven pictures with the dark ones) rendered and drawn twice.
        let result = try CommandRunner.python(
            "grid-lanes-pages.py", ["--waterfall", CommandRunner.waterfall], timeout: 600)
        #expect(result.status == 0, "\(result.output)")
        let lines = result.standardOutput.split(separator: "\n")
        // Each example's pictures without grid-lanes; the web feed's, whose sections are all gridLanes, with it.
        let fallback = lines.filter { $0.contains(" fallback: ") && $0.contains(" blocks differ, ") }
        let native = lines.filter { $0.contains(" native: ") && $0.contains(" blocks differ, ") }
        #expect(fallback.count >= 7, "\(result.output)")
        #expect(native.contains { $0.hasPrefix("16-web-feed native: ") }, "\(result.output)")
        #expect(lines.last == "\(fallback.count + native.count) passed, 0 failed", "\(result.output)")
    }
    #endif
}
