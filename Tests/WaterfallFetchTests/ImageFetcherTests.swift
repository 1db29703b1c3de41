import Foundation
import Testing
import WaterfallCore
import WaterfallFetch
import WaterfallTestServer
import WaterfallTestSupport

/// `ImageFetcher` against a server of the test's own on 127.0.0.1: every way a fetch ends.
@Suite struct ImageFetcherTests {
    static let png = [UInt8](FileManager.default.contents(atPath: Repository.path("Examples/images/meadow.png"))!)
    static let jpeg = [UInt8](FileManager.default.contents(atPath: Repository.path("Examples/images/fog.jpg"))!)

    /// A small size limit, so that the endless case ends fast, and time enough for any answer.
    ///
    /// A five-hop redirect chain once failed a 0.5-second limit while the rest of the suite kept
    /// both cores busy; only `aSlowAnswerTimesOut` asks for a short one.
    static let limits = FetchLimits(connectTimeout: 10, timeout: 30, maximumBytes: 200_000, maximumRedirects: 3)

    static let routes: [String: TestServer.Route] = [
        "/a.png": .bytes(contentType: "image/png", body: png),
        "/b.jpg": .bytes(contentType: "image/jpeg; charset=binary", body: jpeg),
        "/slow.png": .slow(seconds: 5, route: .bytes(contentType: "image/png", body: png)),
        "/endless.png": .endless(contentType: "image/png"),
        "/declared-huge.png": .bytes(contentType: "image/png", body: [UInt8](repeating: 0, count: 300_000)),
        "/loop": .redirect(location: "/loop"),
        "/chain/1": .redirect(location: "/chain/2"),
        "/chain/2": .redirect(location: "/chain/3"),
        "/chain/3": .redirect(location: "/chain/4"),
        "/chain/4": .redirect(location: "/chain/5"),
        "/chain/5": .bytes(contentType: "image/png", body: png),
        "/moved.png": .redirect(status: 301, location: "/a.png"),
        "/page.html": .bytes(contentType: "text/html", body: Array("<html>hello</html>".utf8)),
        "/untyped.png": .bytes(contentType: nil, body: png),
        "/gone.png": .bytes(status: 410, contentType: "text/plain", body: Array("gone".utf8)),
        "/short.png": .truncated(contentType: "image/png", announced: 1000, body: Array(png.prefix(10))),
    ]

    func fetch(_ paths: [String], limits: FetchLimits = Self.limits) throws -> (
        TestServer, [String: Result<FetchedImage, FetchFailure>]
    ) {
        let server = try TestServer(routes: Self.routes)
        let results = ImageFetcher(limits: limits).fetch(paths.map(server.url))
        return (server, results)
    }

    func failure(_ path: String, limits: FetchLimits = Self.limits) throws -> FetchFailure? {
        let (server, results) = try fetch([path], limits: limits)
        defer { server.stop() }
        guard case .failure(let failure) = results[server.url(path)] else { return nil }
        return failure
    }

    @Test func pngAndJPEGComeBackWholeWithTheirType() throws {
        let (server, results) = try fetch(["/a.png", "/b.jpg"])
        defer { server.stop() }
        #expect(
            try results[server.url("/a.png")]?.get()
                == FetchedImage(url: server.url("/a.png"), bytes: Self.png, contentType: "image/png"))
        #expect(try results[server.url("/b.jpg")]?.get().bytes == Self.jpeg)
        #expect(try results[server.url("/b.jpg")]?.get().contentType == "image/jpeg")
    }

    @Test func aStatusOtherThan2xxFails() throws {
        #expect(try failure("/nothing-here.png") == .status(404))
        #expect(try failure("/gone.png") == .status(410))
        #expect(FetchFailure.status(404).description == "HTTP 404")
    }

    @Test func aSlowAnswerTimesOut() throws {
        // The route answers after 5 s.
        var quick = Self.limits
        quick.timeout = 0.5
        let failure = try failure("/slow.png", limits: quick)
        #expect(failure == .timedOut(0.5))
        #expect(failure?.description == "timed out after 0.5 s")
    }

    @Test func anEndlessBodyStopsAtTheLimit() throws {
        #expect(try failure("/endless.png") == .tooLarge(200_000))
        // Content-Length above the limit: refused at the head.
        #expect(try failure("/declared-huge.png") == .tooLarge(200_000))
        #expect(FetchFailure.tooLarge(200_000).description == "larger than 200000 bytes")
    }

    @Test func redirectsAreFollowedWithinTheLimitAndLoopsAreStopped() throws {
        let (server, results) = try fetch(["/moved.png"])
        defer { server.stop() }
        #expect(try results[server.url("/moved.png")]?.get().bytes == Self.png)
        let loop = try failure("/loop")
        #expect(loop?.description.hasPrefix("too many redirects (a loop back to http://127.0.0.1:") == true)
        // Four redirects when three are allowed.
        #expect(try failure("/chain/1") == .tooManyRedirects(3))
        #expect(FetchFailure.tooManyRedirects(3).description == "too many redirects (more than 3)")
        var generous = Self.limits
        generous.maximumRedirects = 4
        #expect(try failure("/chain/1", limits: generous) == nil)
    }

    @Test func aRedirectToAHostTheCallerDoesNotAllowFails() throws {
        let server = try TestServer(routes: [
            "/away.png": .redirect(location: "http://localhost:1/a.png"),
            "/scheme.png": .redirect(location: "file:///etc/passwd"),
        ])
        defer { server.stop() }
        let results = ImageFetcher(limits: Self.limits).fetch([server.url("/away.png"), server.url("/scheme.png")])
        #expect(results[server.url("/away.png")].map(Self.failure) == .redirectToOtherHost("localhost"))
        #expect(
            results[server.url("/away.png")].map(Self.failure)??.description
                == "redirected to localhost, a host the spec does not name")
        #expect(results[server.url("/scheme.png")].map(Self.failure) == .badRedirect("file:///etc/passwd"))
        #expect(server.requests == ["/away.png", "/scheme.png"] || server.requests == ["/scheme.png", "/away.png"])
    }

    @Test func onlyImageTypesAreAccepted() throws {
        let html = try failure("/page.html")
        #expect(html == .notAnImage("text/html"))
        #expect(html?.description == "not an image (text/html)")
        #expect(try failure("/untyped.png") == .notAnImage("no Content-Type"))
    }

    @Test func aBodyShorterThanItsContentLengthSaysSo() throws {
        let failure = try failure("/short.png")
        #expect(failure == .shortBody(announced: 1000, sent: 10))
        #expect(failure?.description == "the server announced 1000 bytes and sent 10")
    }

    @Test func aPortWithNothingOnItIsConnectionRefused() throws {
        let port = try TestServer.unusedPort()
        let results = ImageFetcher(limits: Self.limits).fetch(["http://127.0.0.1:\(port)/a.png"])
        let failure = results["http://127.0.0.1:\(port)/a.png"].map(Self.failure)
        #expect(failure == .connectionRefused)
        #expect(failure??.description == "connection refused")
    }

    @Test func manyURLsAreFetchedWithinTheConcurrencyLimit() throws {
        var routes: [String: TestServer.Route] = [:]
        for index in 0..<30 { routes["/\(index).png"] = .bytes(contentType: "image/png", body: Self.png) }
        let server = try TestServer(routes: routes)
        defer { server.stop() }
        var limits = Self.limits
        limits.concurrency = 3
        let urls = (0..<30).map { server.url("/\($0).png") }
        let results = ImageFetcher(limits: limits).fetch(urls)
        #expect(results.count == 30)
        #expect(results.values.allSatisfy { (try? $0.get().bytes) == Self.png })
        #expect(server.requests.count == 30)
    }

    /// A batch that takes more than a second reports as it goes, then once finished.
    @Test func aLongBatchReportsItsProgressAndEndsWithAFinishedReport() throws {
        let server = try TestServer(routes: [
            "/a.png": .bytes(contentType: "image/png", body: Self.png),
            "/slow.png": .slow(seconds: 3, route: .bytes(contentType: "image/png", body: Self.png)),
        ])
        defer { server.stop() }
        let reports = Locked<[FetchProgress]>([])
        let urls = [server.url("/a.png"), server.url("/slow.png")]
        let results = ImageFetcher(limits: FetchLimits(connectTimeout: 10, timeout: 30)).fetch(urls) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(results.values.allSatisfy { (try? $0.get().bytes) == Self.png })
        let all = reports.withLock { $0 }
        #expect(all.dropLast().contains { $0.total == 2 && $0.done < 2 })
        #expect(all.dropLast().allSatisfy { !$0.isFinished && !$0.line.isEmpty })
        #expect(all.last == FetchProgress(done: 2, total: 2, bytes: 2 * Self.png.count, isFinished: true))
    }

    static func failure(_ result: Result<FetchedImage, FetchFailure>) -> FetchFailure? {
        if case .failure(let failure) = result { return failure }
        return nil
    }
}
