import Foundation
import Testing
import WaterfallCore
import WaterfallFetch
import WaterfallTestServer

/// Fetches over TLS against a server of the test's own on 127.0.0.1 with a throwaway certificate
/// (made with `openssl`): an upgrade redirect is followed, a downgrade refused, and a handshake
/// that fails says why in words.
@Suite(.onWaitingThreads, .tags(.externalProgram)) struct TLSFetchTests {
    static let png = ImageFetcherTests.png
    /// Generous: a handshake that loads the system's trust roots on a loaded machine takes more
    /// than the other fetch tests' half second, and no case here waits for a timeout.
    static let limits = FetchLimits(connectTimeout: 20, timeout: 30)

    /// A plain server and a TLS one, both on 127.0.0.1, and the certificate the TLS one presents.
    struct Servers {
        let certificate: TestCertificate
        let plain: TestServer
        let secure: TestServer

        init() throws {
            certificate = try TestCertificate()
            secure = try TestServer(
                routes: ["/a.png": .bytes(contentType: "image/png", body: TLSFetchTests.png)], certificate: certificate)
            plain = try TestServer(routes: [
                "/a.png": .bytes(contentType: "image/png", body: TLSFetchTests.png),
                "/up.png": .redirect(location: secure.url("/a.png")),
            ])
            secure.setRoute("/down.png", .redirect(location: plain.url("/a.png")))
        }

        func stop() {
            plain.stop()
            secure.stop()
            certificate.remove()
        }

        /// A fetcher that trusts the certificate.
        var fetcher: ImageFetcher {
            var fetcher = ImageFetcher(limits: TLSFetchTests.limits)
            fetcher.trustedCertificateFiles = [certificate.certificateFile]
            return fetcher
        }
    }

    @Test func anUpgradeFromHTTPToHTTPSOnTheSameHostIsFollowed() throws {
        let servers = try Servers()
        defer { servers.stop() }
        let direct = servers.fetcher.fetch([servers.secure.url("/a.png")])
        #expect(try direct[servers.secure.url("/a.png")]?.get().bytes == Self.png)
        let upgraded = servers.fetcher.fetch([servers.plain.url("/up.png")])
        #expect(try upgraded[servers.plain.url("/up.png")]?.get().bytes == Self.png)
        #expect(servers.plain.requests == ["/up.png"])
        // By name: connected to the address `localhost` was pinned to, the certificate checked for the name.
        let byName = "https://localhost:\(servers.secure.port)/a.png"
        #expect(try servers.fetcher.fetch([byName])[byName]?.get().bytes == Self.png)
        #expect(servers.secure.requests == ["/a.png", "/a.png", "/a.png"])
    }

    @Test func aDowngradeFromHTTPSToHTTPIsRefusedBeforeItIsRequested() throws {
        let servers = try Servers()
        defer { servers.stop() }
        let results = servers.fetcher.fetch([servers.secure.url("/down.png")])
        let failure = results[servers.secure.url("/down.png")].map(ImageFetcherTests.failure)
        #expect(failure == .redirectDowngrade(servers.plain.url("/a.png")))
        #expect(
            failure??.description == "redirected from https to http (\(servers.plain.url("/a.png"))), which is refused")
        #expect(servers.plain.requests.isEmpty)
    }

    @Test func aFailedHandshakeSaysWhyInWords() throws {
        let servers = try Servers()
        defer { servers.stop() }
        // The certificate is not trusted by a fetcher that was not given it.
        let untrusted = ImageFetcher(limits: TLSFetchTests.limits).fetch([servers.secure.url("/a.png")])
        let notTrusted = untrusted[servers.secure.url("/a.png")].map(ImageFetcherTests.failure)
        #expect(notTrusted == .tlsFailed(host: "127.0.0.1", reason: "the server's certificate is not trusted"))
        #expect(
            notTrusted??.description == "TLS handshake with 127.0.0.1 failed: the server's certificate is not trusted")
        // https to a port that speaks plain HTTP.
        let plainPort = "https://127.0.0.1:\(servers.plain.port)/a.png"
        let plain = servers.fetcher.fetch([plainPort])[plainPort].map(ImageFetcherTests.failure)
        #expect(plain == .tlsFailed(host: "127.0.0.1", reason: "the server does not speak TLS"))
        #expect(plain??.description.contains("curl") == false)
    }

    @Test func aCertificateForAnotherNameSaysSo() throws {
        let certificate = try TestCertificate(names: "DNS:localhost")
        defer { certificate.remove() }
        let server = try TestServer(
            routes: ["/a.png": .bytes(contentType: "image/png", body: Self.png)], certificate: certificate)
        defer { server.stop() }
        var fetcher = ImageFetcher(limits: Self.limits)
        fetcher.trustedCertificateFiles = [certificate.certificateFile]
        let failure = fetcher.fetch([server.url("/a.png")])[server.url("/a.png")].map(ImageFetcherTests.failure)
        #expect(failure == .tlsFailed(host: "127.0.0.1", reason: "the certificate is not for 127.0.0.1"))
        #expect(failure??.description == "TLS handshake with 127.0.0.1 failed: the certificate is not for 127.0.0.1")
        // By the name it is for, the same server is trusted.
        let byName = "https://localhost:\(server.port)/a.png"
        #expect(try fetcher.fetch([byName])[byName]?.get().bytes == Self.png)
        #expect(server.requests == ["/a.png"])
    }
}
