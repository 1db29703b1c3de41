import Foundation
import Testing
import WaterfallTestSupport

/// `scripts/build-closures.py --check` (a step of the test command, which reads the real manifest)
/// fails on a product that reaches what it must not: planted here in a manifest of a few targets,
/// a snapshot strategy that reaches the fetcher and its HTTP client.
@Suite(.onWaitingThreads, .tags(.externalProgram)) struct BuildClosureTests {
    static func target(_ name: String, _ targets: [String], products: [(String, String)] = []) -> [String: Any] {
        [
            "name": name,
            "dependencies": targets.map { ["byName": [$0, NSNull()]] }
                + products.map { ["product": [$0.1, $0.0, NSNull(), NSNull()]] },
        ]
    }

    @Test func aSnapshotStrategyReachingTheHTTPClientFailsNamingTheRule() throws {
        let folder = try TemporaryFolder()
        let targets = [
            Self.target("WaterfallLayout", []),
            Self.target("WaterfallFetch", [], products: [("async-http-client", "AsyncHTTPClient")]),
            Self.target("WaterfallPipeline", ["WaterfallLayout", "WaterfallFetch"]),
            Self.target("WaterfallSnapshotTesting", ["WaterfallPipeline"]),
            Self.target("WaterfallBatch", ["WaterfallPipeline"]),
            Self.target("WaterfallPages", ["WaterfallBatch"]),
            Self.target("WaterfallDiff", ["WaterfallLayout"]),
        ]
        let products = ["WaterfallLayout", "WaterfallSnapshotTesting"].map { ["name": $0, "targets": [$0]] }
        let manifest = try JSONSerialization.data(withJSONObject: ["targets": targets, "products": products])
        try manifest.write(to: URL(fileURLWithPath: folder.path + "/manifest.json"))
        let result = try CommandRunner.python(
            "build-closures.py", ["--check", "--manifest", folder.path + "/manifest.json"], timeout: 120)
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty)
        let lines = Set(result.standardOutput.split(separator: "\n").map(String.init))
        let libcurl = ": image URLs go through the system's libcurl"
        #expect(
            lines == [
                "WaterfallSnapshotTesting reaches WaterfallFetch, async-http-client: a snapshot test builds no review,"
                    + " server or HTTP code",
                "WaterfallPipeline reaches WaterfallFetch: the pipeline takes its images from an ImageSource, not the fetcher",
                "WaterfallFetch reaches async-http-client/AsyncHTTPClient" + libcurl,
                "WaterfallPipeline reaches async-http-client/AsyncHTTPClient" + libcurl,
                "WaterfallSnapshotTesting reaches async-http-client/AsyncHTTPClient" + libcurl,
                "WaterfallBatch reaches async-http-client/AsyncHTTPClient" + libcurl,
                "WaterfallPages reaches async-http-client/AsyncHTTPClient" + libcurl,
                "CONTRIBUTING.md: the build closures table is stale; print it with python3 scripts/build-closures.py",
            ])
    }
}
