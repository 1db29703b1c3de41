import Foundation
import Testing
import WaterfallCore
import WaterfallFetch
import WaterfallTestServer
import WaterfallTestSupport

/// Fetches behind a company network: through a forward proxy on 127.0.0.1 named as curl reads
/// it (`http_proxy`, `https_proxy`, `no_proxy`), with the certificates `SSL_CERT_FILE` and
/// `CURL_CA_BUNDLE` name, and the address policy as strict as without a proxy.
///
/// Each fetcher is given its own environment, so the test process's stays as it is.
@Suite(.onWaitingThreads, .tags(.externalProgram), .timeLimit(.minutes(1))) struct ProxyFetchTests {
    static let png = ImageFetcherTests.png
    /// Generous: no case here waits for a timeout.
    static let limits = FetchLimits(connectTimeout: 20, timeout: 30)

    /// A plain server, a TLS one with a throwaway certificate, and a proxy, all on 127.0.0.1.
    struct Network {
        let certificate: TestCertificate
        let plain: TestServer
        let secure: TestServer
        let proxy: TestProxy

        init() throws {
            certificate = try TestCertificate()
            plain = try TestServer(routes: ["/a.png": .bytes(contentType: "image/png", body: ProxyFetchTests.png)])
            secure = try TestServer(
                routes: ["/a.png": .bytes(contentType: "image/png", body: ProxyFetchTests.png)],
                certificate: certificate)
            proxy = try TestProxy()
        }

        func stop() {
            plain.stop()
            secure.stop()
            proxy.stop()
            certificate.remove()
        }

        /// A fetcher whose environment is `variables` only.
        func fetcher(_ variables: [String: String], addresses: AddressPolicy = AddressPolicy()) -> ImageFetcher {
            var fetcher = ImageFetcher(limits: ProxyFetchTests.limits, addresses: addresses)
            fetcher.environment = variables
            return fetcher
        }

        /// Both proxy variables naming the proxy, and the certificate trusted through `SSL_CERT_FILE`.
        var proxied: [String: String] {
            ["http_proxy": proxy.url, "https_proxy": proxy.url, "SSL_CERT_FILE": certificate.certificateFile]
        }
    }

    static func failure(_ result: Result<FetchedImage, FetchFailure>?) -> FetchFailure? {
        result.flatMap(ImageFetcherTests.failure)
    }

    @Test func anHTTPAndAnHTTPSImageComeThroughTheProxy() throws {
        let network = try Network()
        defer { network.stop() }
        let urls = [network.plain.url("/a.png"), network.secure.url("/a.png")]
        let results = network.fetcher(network.proxied).fetch(urls)
        #expect(try results[urls[0]]?.get().bytes == Self.png)
        #expect(try results[urls[1]]?.get().bytes == Self.png)
        // A plain request by its absolute URL; a tunnel for TLS, the certificate checked end to end.
        #expect(
            Set(network.proxy.relayed) == [
                "GET \(urls[0]) HTTP/1.1", "CONNECT 127.0.0.1:\(network.secure.port) HTTP/1.1",
            ])
        #expect(network.plain.requests == ["/a.png"])
        #expect(network.secure.requests == ["/a.png"])
    }

    @Test func uppercaseAndAllProxyAreReadAsCurlReadsThem() throws {
        let network = try Network()
        defer { network.stop() }
        let secure = network.secure.url("/a.png")
        let plain = network.plain.url("/a.png")
        let trusted = ["SSL_CERT_FILE": network.certificate.certificateFile]
        // HTTPS_PROXY in capitals is read; HTTP_PROXY is not (a CGI program's environment has
        // the request's Proxy header under that name).
        let upper = network.fetcher(
            trusted.merging(["HTTPS_PROXY": network.proxy.url, "HTTP_PROXY": network.proxy.url]) { $1 })
        #expect(try upper.fetch([secure, plain])[secure]?.get().bytes == Self.png)
        #expect(network.proxy.relayed == ["CONNECT 127.0.0.1:\(network.secure.port) HTTP/1.1"])
        // all_proxy for every scheme that has no variable of its own.
        let all = network.fetcher(["all_proxy": network.proxy.url])
        #expect(try all.fetch([plain])[plain]?.get().bytes == Self.png)
        #expect(network.proxy.relayed.last == "GET \(plain) HTTP/1.1")
        #expect(network.plain.requests == ["/a.png", "/a.png"])
    }

    @Test func noProxyNamesTheHostsReachedDirectly() throws {
        let network = try Network()
        defer { network.stop() }
        let url = network.plain.url("/a.png")
        for bypass in ["127.0.0.1", "example.com, 127.0.0.1", "127.0.0.0/8", "*"] {
            var variables = network.proxied
            variables["no_proxy"] = bypass
            #expect(try network.fetcher(variables).fetch([url])[url]?.get().bytes == Self.png, "\(bypass)")
        }
        // By name, in capitals: `localhost` matches; a name that merely ends the same way does not.
        let byName = "http://localhost:\(network.plain.port)/a.png"
        var variables = network.proxied
        variables["NO_PROXY"] = ".localhost,localhost"
        #expect(try network.fetcher(variables).fetch([byName])[byName]?.get().bytes == Self.png)
        #expect(network.proxy.relayed.isEmpty)
        variables["NO_PROXY"] = "otherlocalhost,127.0.0.2"
        #expect(try network.fetcher(variables).fetch([byName])[byName]?.get().bytes == Self.png)
        #expect(network.proxy.relayed == ["GET \(byName) HTTP/1.1"])
        #expect(network.plain.requests.count == 6)
    }

    @Test func aProxyThatFailsSaysSoInPlainWords() throws {
        let network = try Network()
        defer { network.stop() }
        let refusing = try TestProxy(refusing: 403)
        defer { refusing.stop() }
        let secure = network.secure.url("/a.png")
        var variables = network.proxied
        variables["https_proxy"] = refusing.url
        let refused = Self.failure(network.fetcher(variables).fetch([secure])[secure])
        #expect(
            refused
                == .proxyFailed(
                    proxy: "127.0.0.1:\(refusing.port)",
                    reason: "it answered HTTP 403 when asked to connect to 127.0.0.1"))
        #expect(
            refused?.description
                == "the proxy 127.0.0.1:\(refusing.port) failed: it answered HTTP 403 when asked to connect to 127.0.0.1"
        )
        // Nothing listens where the proxy should be.
        let port = try TestServer.unusedPort()
        variables["http_proxy"] = "http://user:secret@127.0.0.1:\(port)"
        let plain = network.plain.url("/a.png")
        let absent = Self.failure(network.fetcher(variables).fetch([plain])[plain])
        #expect(absent == .proxyFailed(proxy: "127.0.0.1:\(port)", reason: "connection refused"))
        #expect(absent?.description.contains("secret") == false)
        #expect(network.plain.requests.isEmpty)
        #expect(network.secure.requests.isEmpty)
    }

    /// An HTTPS proxy is trusted as the servers are: `SSL_CERT_FILE` names the authority of both.
    @Test func anHTTPSProxyIsTrustedAsTheServersAre() throws {
        let network = try Network()
        defer { network.stop() }
        let proxy = try TestProxy(certificate: network.certificate)
        defer { proxy.stop() }
        let urls = [network.plain.url("/a.png"), network.secure.url("/a.png")]
        let variables = [
            "http_proxy": proxy.url, "https_proxy": proxy.url, "SSL_CERT_FILE": network.certificate.certificateFile,
        ]
        let results = network.fetcher(variables).fetch(urls)
        #expect(try results[urls[0]]?.get().bytes == Self.png)
        #expect(try results[urls[1]]?.get().bytes == Self.png)
        #expect(proxy.relayed.count == 2)
        // The proxy's certificate is not among the system's.
        var untrusted = variables
        untrusted["SSL_CERT_FILE"] = nil
        let failure = Self.failure(network.fetcher(untrusted).fetch([urls[0]])[urls[0]])
        #expect(failure == .proxyFailed(proxy: "127.0.0.1:\(proxy.port)", reason: "its certificate is not trusted"))
        #expect(proxy.relayed.count == 2)
    }

    /// The address policy holds through a proxy: a refused address is refused before the proxy
    /// is asked, whether the URL names it or a name resolves to it.
    @Test func theAddressPolicyStillRefusesThroughAProxy() throws {
        let network = try Network()
        defer { network.stop() }
        let metadata = "http://169.254.169.254/latest/meta-data/a.png"
        #expect(
            Self.failure(network.fetcher(network.proxied).fetch([metadata])[metadata])
                == .refusedAddress(host: "169.254.169.254", address: "169.254.169.254", .linkLocal))
        let denying = network.fetcher(network.proxied, addresses: AddressPolicy(deniesPrivateNetwork: true))
        let byName = "https://localhost:\(network.secure.port)/a.png"
        let results = denying.fetch([network.plain.url("/a.png"), byName])
        #expect(
            Self.failure(results[network.plain.url("/a.png")])
                == .refusedAddress(host: "127.0.0.1", address: "127.0.0.1", .loopback))
        let named = Self.failure(results[byName])?.description ?? ""
        #expect(named.hasPrefix("localhost resolves to "))
        #expect(named.hasSuffix(", a loopback address; refused by --deny-private-network"))
        #expect(network.proxy.relayed.isEmpty)
    }

    /// A name that does not resolve here is left to the proxy, which may know it (a company's
    /// network often resolves outside names only there); with --deny-private-network it is not.
    @Test func aNameOnlyTheProxyKnowsIsLeftToItUnlessPrivateNetworksAreDenied() throws {
        let network = try Network()
        defer { network.stop() }
        let url = "http://waterfall-test.invalid/a.png"
        // The test proxy relays to 127.0.0.1 only, and says so with 502.
        #expect(Self.failure(network.fetcher(network.proxied).fetch([url])[url]) == .status(502))
        #expect(network.proxy.requests == ["GET \(url) HTTP/1.1"])
        let denying = network.fetcher(network.proxied, addresses: AddressPolicy(deniesPrivateNetwork: true))
        #expect(Self.failure(denying.fetch([url])[url]) == .unknownHost("waterfall-test.invalid"))
        #expect(network.proxy.requests.count == 1)
    }

    @Test func certificatesAreTrustedAsCurlReadsTheEnvironment() throws {
        let network = try Network()
        defer { network.stop() }
        let url = network.secure.url("/a.png")
        let notTrusted = FetchFailure.tlsFailed(host: "127.0.0.1", reason: "the server's certificate is not trusted")
        // SSL_CERT_FILE alone trusts the test's certificate authority.
        #expect(
            try network.fetcher(["SSL_CERT_FILE": network.certificate.certificateFile]).fetch([url])[url]?.get().bytes
                == Self.png)
        // CURL_CA_BUNDLE comes first: SSL_CERT_FILE is then not read.
        let other = try TestCertificate()
        defer { other.remove() }
        let first = network.fetcher([
            "CURL_CA_BUNDLE": other.certificateFile, "SSL_CERT_FILE": network.certificate.certificateFile,
        ])
        #expect(Self.failure(first.fetch([url])[url]) == notTrusted)
        // The fetcher's own files are added to the bundle the environment names, not put in its place.
        var added = network.fetcher(["CURL_CA_BUNDLE": other.certificateFile])
        added.trustedCertificateFiles = [network.certificate.certificateFile]
        #expect(try added.fetch([url])[url]?.get().bytes == Self.png)
        // Neither: the system's certificates, which do not hold the test's.
        #expect(Self.failure(network.fetcher([:]).fetch([url])[url]) == notTrusted)
        #expect(network.secure.requests == ["/a.png", "/a.png"])
    }
}
