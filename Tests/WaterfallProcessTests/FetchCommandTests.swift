import Foundation
import Testing
import WaterfallTestServer
import WaterfallTestSupport

/// Images named by URL, end to end through `waterfall render` and `check`, against a server of
/// the test's own on 127.0.0.1: the exit status and the one line each outcome prints.
@Suite(.onWaitingThreads, .tags(.process)) struct FetchCommandTests {
    static let png = [UInt8](FileManager.default.contents(atPath: Repository.path("Examples/images/meadow.png"))!)
    static let jpeg = [UInt8](FileManager.default.contents(atPath: Repository.path("Examples/images/fog.jpg"))!)

    static let routes: [String: TestServer.Route] = [
        "/meadow.png": .bytes(contentType: "image/png", body: png),
        "/fog.jpg": .bytes(contentType: "image/jpeg", body: jpeg),
        "/slow.png": .slow(seconds: 10, route: .bytes(contentType: "image/png", body: png)),
        "/page.png": .bytes(contentType: "text/html; charset=utf-8", body: Array("<html></html>".utf8)),
    ]

    /// A folder with `feed.yaml`, whose cards are sized by the images at `urls`, and a cache folder.
    struct Workspace {
        var folder: String
        var spec: String { folder + "/feed.yaml" }
        var output: String { folder + "/out" }
        var cache: String { folder + "/cache" }

        /// - Parameter lead: An item before the ones with URLs.
        init(urls: [String], lead: String? = nil) throws {
            folder = ExternalRenderers.temporaryPath("dir")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let items =
                (lead.map { ["      - \($0)"] } ?? [])
                + urls.enumerated().map { index, url in "      - {image: \"\(url)\", meta: \"¥\(index)9\"}" }
            let text =
                "width: 375\nstyle: {card: {content: below}}\nsections:\n  - columns: 2\n    items:\n"
                + items.joined(separator: "\n") + "\n"
            try text.write(toFile: spec, atomically: true, encoding: .utf8)
        }

        func render(_ extra: [String] = []) throws -> CommandResult {
            try CommandRunner.run(
                ["render", spec, "--output", output, "--format", "svg,png,html", "--cache", cache] + extra)
        }

        func file(_ name: String) -> [UInt8]? {
            FileManager.default.contents(atPath: output + "/" + name).map { [UInt8]($0) }
        }

        func remove() { try? FileManager.default.removeItem(atPath: folder) }
    }

    static func warnings(_ standardError: String) -> [String] {
        standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning:") }
    }

    @Test func aFeedOfFetchedImagesRendersAndTheCacheRendersTheSameBytesWithoutTheServer() throws {
        let server = try TestServer(routes: Self.routes)
        let workspace = try Workspace(urls: [server.url("/meadow.png"), server.url("/fog.jpg")])
        defer { workspace.remove() }
        let first = try workspace.render()
        #expect(first.status == 0, "\(first.standardError)")
        #expect(server.requests.sorted() == ["/fog.jpg", "/meadow.png"])
        server.stop()
        let files = ["feed.svg", "feed.png", "feed.html"].map(workspace.file)
        #expect(files.allSatisfy { $0 != nil })
        // The images are embedded, not linked: the page does not name the server.
        let svg = String(decoding: files[0] ?? [], as: UTF8.self)
        #expect(svg.contains("data:image/png;base64,"))
        #expect(!svg.contains("127.0.0.1"))
        for extra in [[], ["--offline"]] {
            try FileManager.default.removeItem(atPath: workspace.output)
            let again = try workspace.render(extra)
            #expect(again.status == 0, "\(again.standardError)")
            #expect(["feed.svg", "feed.png", "feed.html"].map(workspace.file) == files)
        }
        // The layout knows the images' sizes too: 480×360 and 600×338 at 182.5 points wide, over
        // text blocks of one height.
        let layout = try CommandRunner.run(["layout", workspace.spec, "--cache", workspace.cache, "--offline"])
        #expect(layout.status == 0)
        let heights = try Self.cellHeights(layout.standardOutput)
        #expect(heights.count == 2)
        #expect(abs(heights[0] - heights[1] - (182.5 * 360 / 480 - 182.5 * 338 / 600)) < 1e-9)
    }

    static func cellHeights(_ json: String) throws -> [Double] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let elements = object?["elements"] as? [[String: Any]] ?? []
        return elements.compactMap { ($0["frame"] as? [String: Any])?["height"] as? Double }
    }

    @Test func aFailedFetchIsOneLineNamingTheItemTheURLAndWhy() throws {
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let refused = "http://127.0.0.1:\(try TestServer.unusedPort())/a.png"
        let cases: [(String, [String], String)] = [
            (server.url("/nothing.png"), [], "HTTP 404"),
            (server.url("/slow.png"), ["--fetch-timeout", "0.5"], "timed out after 0.5 s"),
            (server.url("/page.png"), [], "not an image (text/html; charset=utf-8)"),
            (refused, [], "connection refused"),
            (server.url("/meadow.png"), ["--no-network"], "network access is off"),
            (server.url("/meadow.png"), ["--offline"], "not in the cache, and the run is offline"),
        ]
        for (url, extra, reason) in cases {
            let workspace = try Workspace(urls: [url], lead: "{height: 40, title: Text only}")
            defer { workspace.remove() }
            let failed = try workspace.render(extra)
            #expect(failed.status == 2)
            #expect(
                failed.standardError
                    == "error: \(workspace.spec):7:17: sections[0].items[1].image: \(url) cannot be fetched (\(reason))\n"
            )
            #expect(!FileManager.default.fileExists(atPath: workspace.output + "/feed.svg"))
            let placeholder = try workspace.render(extra + ["--missing-images", "placeholder"])
            #expect(placeholder.status == 0)
            #expect(
                Self.warnings(placeholder.standardError) == [
                    "warning: \(workspace.spec): \(url) cannot be fetched (\(reason)); drawn as a placeholder"
                ])
            #expect(workspace.file("feed.png") != nil)
        }
    }

    @Test func checkTakesTheSameOptions() throws {
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let workspace = try Workspace(urls: [server.url("/meadow.png")])
        defer { workspace.remove() }
        let baselines = workspace.folder + "/baselines"
        let recorded = try CommandRunner.run(
            ["check", workspace.spec, "--baselines", baselines, "--record", "--cache", workspace.cache])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        server.stop()
        let offline = try CommandRunner.run(
            ["check", workspace.spec, "--baselines", baselines, "--cache", workspace.cache, "--offline"])
        #expect(offline.status == 0, "\(offline.standardError)")
        let refused = try CommandRunner.run(
            ["check", workspace.spec, "--baselines", baselines, "--cache", workspace.cache, "--no-network"])
        #expect(refused.status == 2)
        #expect(refused.standardError.hasSuffix("cannot be fetched (network access is off)\n"))
    }

    @Test func loopbackIsFetchedByDefaultAndRefusedWithDenyPrivateNetwork() throws {
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let url = server.url("/meadow.png")
        let allowed = try Workspace(urls: [url])
        defer { allowed.remove() }
        let fetched = try allowed.render()
        #expect(fetched.status == 0, "\(fetched.standardError)")
        #expect(server.requests == ["/meadow.png"])
        let denied = try Workspace(urls: [url], lead: "{height: 40, title: Text only}")
        defer { denied.remove() }
        let reason = "127.0.0.1 is a loopback address; refused by --deny-private-network"
        let refused = try denied.render(["--deny-private-network"])
        #expect(refused.status == 2)
        #expect(
            refused.standardError
                == "error: \(denied.spec):7:17: sections[0].items[1].image: \(url) cannot be fetched (\(reason))\n")
        let checked = try CommandRunner.run([
            "check", denied.spec, "--baselines", denied.folder + "/baselines", "--record", "--cache", denied.cache,
            "--deny-private-network",
        ])
        #expect(checked.status == 2)
        #expect(checked.standardError.hasSuffix("cannot be fetched (\(reason))\n"))
        #expect(server.requests == ["/meadow.png"])
    }

    /// Link-local addresses, where cloud machines answer with their credentials, are refused by
    /// default before any connection: the refusal comes from checking the address when the host
    /// is resolved, before the client exists; a connection tried would end in a connect error.
    @Test func linkLocalAddressesAreRefusedByDefault() throws {
        let cases = [
            ("http://169.254.169.254/latest/meta-data/a.png", "169.254.169.254"),
            ("http://[fe80::1]/a.png", "fe80::1"),
        ]
        for (url, address) in cases {
            let workspace = try Workspace(urls: [url], lead: "{height: 40, title: Text only}")
            defer { workspace.remove() }
            let refused = try workspace.render()
            #expect(refused.status == 2)
            #expect(
                refused.standardError
                    == "error: \(workspace.spec):7:17: sections[0].items[1].image: \(url) cannot be fetched (\(address) is a "
                    + "link-local address; refused unless --allow-link-local is given)\n")
        }
    }

    @Test func badFetchOptionsAreOneLine() throws {
        let spec = Repository.path("Examples/04-grid-100.yaml")
        let cases: [([String], String)] = [
            (["--offline", "--no-network"], "give --offline or --no-network, not both"),
            (["--fetch-jobs", "0"], "--fetch-jobs must be from 1 to 64, not 0"),
            (["--fetch-timeout", "0"], "--fetch-timeout must be more than 0 and at most 3600 seconds, not 0"),
        ]
        for (arguments, message) in cases {
            for command in [
                ["render", spec, "--output", "/nonexistent"], ["check", spec, "--baselines", "/nonexistent"],
            ] {
                let result = try CommandRunner.run(command + arguments)
                #expect(result.status == 2)
                #expect(result.standardError == "error: \(message)\n")
            }
        }
    }
}
