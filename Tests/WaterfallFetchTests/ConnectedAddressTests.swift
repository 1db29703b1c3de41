import Testing
import WaterfallTestServer
import WaterfallTestSupport

@testable import WaterfallFetch

/// The last guard against DNS rebinding: libcurl asks before it opens each socket, with the
/// address it is about to connect to, whatever a name resolved to before.
///
/// The fetcher's own tests cannot reach this guard, since every host is checked when the batch
/// begins; here a handle is driven directly, with a name pinned as the fetcher pins it.
@Suite(.onWaitingThreads, .timeLimit(.minutes(1))) struct ConnectedAddressTests {
    @Test func theAddressAboutToBeConnectedIsAskedBeforeTheSocketOpens() throws {
        let server = try TestServer(routes: ["/a.png": .bytes(contentType: "image/png", body: [1, 2, 3])])
        defer { server.stop() }
        let handle = try #require(CurlEasy())
        let request = CurlRequest(
            url: "http://rebound.test:\(server.port)/a.png", resolve: ["rebound.test:\(server.port):127.0.0.1"],
            connectTimeout: 10, timeout: 20, userAgent: "waterfall", trust: TrustSettings())
        var asked: [[UInt8]] = []
        let refused = handle.perform(
            request, header: { _ in true }, body: { _ in true },
            mayConnect: { address in
                asked.append(address)
                return false
            })
        #expect(asked == [[127, 0, 0, 1]])
        #expect(refused != nil)
        #expect(server.requests.isEmpty)
        // Allowed, the same request is made.
        var body: [UInt8] = []
        let made = handle.perform(
            request, header: { _ in true },
            body: { piece in
                body += piece
                return true
            }, mayConnect: { _ in true })
        #expect(made == nil)
        #expect(body == [1, 2, 3])
        #expect(server.requests == ["/a.png"])
    }
}
