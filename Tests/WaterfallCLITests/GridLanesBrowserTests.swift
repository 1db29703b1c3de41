import Foundation
import Testing
import WaterfallTestSupport

/// `placement: gridLanes` against Chromium's own CSS grid-lanes.
///
/// `scripts/grid-lanes-tests.py` lays out more than 1,000 seeded random specs with `waterfall`, renders them as native
/// `display: grid-lanes` pages and compares every frame with what the browser lays out (see the
/// script for the terms). Chromium is Debian's, with `--enable-experimental-web-platform-features`
/// (`scripts/setup.sh` installs it, and Playwright for Python).
@Suite(.tags(.process, .browser)) struct GridLanesBrowserTests {
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
    #endif
}
