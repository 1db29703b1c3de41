import Foundation
import Testing
import WaterfallTestSupport

/// `placement: gridLanes` against Chromium's own CSS grid-lanes.
///
/// `scripts/grid-lanes-tests.py` lays out more than 1,000 seeded random specs with `waterfall`, renders them as native
/// `display: grid-lanes` pages and compares every frame with what the browser lays out (see the
/// script for the terms). Chromium is Debian's, with `--enable-experimental-web-platform-features`
/// (`scripts/setup.sh` installs it, and Playwright for Python).
@Suite struct GridLanesBrowserTests {
    #if os(Linux)
    @Test func chromiumLaysOutTheRandomSpecsAsWaterfallDoes() throws {
        let script = Repository.path("scripts/grid-lanes-tests.py")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", script, CommandRunner.productsDirectory.appendingPathComponent("waterfall").path, "--specs",
            "1000", "--seed", "23",
        ]
        let log = ExternalRenderers.temporaryPath("log")
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: log) }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // The run takes about half a minute; this only stops one that hangs outright.
        let deadline = Date().addingTimeInterval(600)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try handle.close()
        let output = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("grid-lanes tests passed"), "\(output)")
        let prefix = "gridLanes specs compared: "
        let compared = output.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap {
            Int($0.dropFirst(prefix.count))
        }
        #expect((compared ?? 0) >= 1_000, "\(output)")
    }
    #endif
}
