import Foundation
import Testing
import WaterfallCore
import WaterfallFetch
import WaterfallTestServer

/// Which addresses a fetch may reach: the classifier at every range's edges, the policy's
/// defaults and options, and refusals that happen before any connection.
@Suite struct AddressPolicyTests {
    /// Generous: no case here waits for a timeout.
    static let limits = FetchLimits(connectTimeout: 10, timeout: 20)

    @Test func everyRangeIsClassedUpToItsEdges() {
        let cases: [(String, AddressClass?)] = [
            // 169.254.0.0/16
            ("169.253.255.255", nil), ("169.254.0.0", .linkLocal), ("169.254.169.254", .linkLocal),
            ("169.254.255.255", .linkLocal), ("169.255.0.0", nil),
            // 127.0.0.0/8 and 0.0.0.0/8
            ("126.255.255.255", nil), ("127.0.0.0", .loopback), ("127.255.255.255", .loopback), ("128.0.0.0", nil),
            ("0.0.0.0", .unspecified), ("0.255.255.255", .unspecified), ("1.0.0.0", nil),
            // 10.0.0.0/8
            ("9.255.255.255", nil), ("10.0.0.0", .privateNetwork), ("10.255.255.255", .privateNetwork),
            ("11.0.0.0", nil),
            // 172.16.0.0/12
            ("172.15.255.255", nil), ("172.16.0.0", .privateNetwork), ("172.31.255.255", .privateNetwork),
            ("172.32.0.0", nil),
            // 192.168.0.0/16
            ("192.167.255.255", nil), ("192.168.0.0", .privateNetwork), ("192.168.255.255", .privateNetwork),
            ("192.169.0.0", nil),
            // IPv6
            ("::", .unspecified), ("::1", .loopback), ("::2", nil),
            ("fe7f:ffff::", nil), ("fe80::", .linkLocal), ("fe80::1%eth0", .linkLocal), ("febf:ffff::", .linkLocal),
            ("fec0::", nil),
            ("fbff:ffff::", nil), ("fc00::", .privateNetwork), ("fdff:ffff::1", .privateNetwork), ("fe00::", nil),
            // IPv4 written as IPv6
            ("::ffff:169.254.1.1", .linkLocal), ("::ffff:a9fe:101", .linkLocal), ("::ffff:127.0.0.1", .loopback),
            ("::ffff:10.1.2.3", .privateNetwork), ("::ffff:172.16.0.1", .privateNetwork),
            ("::ffff:172.32.0.1", nil), ("::ffff:192.168.1.1", .privateNetwork), ("::ffff:0.0.0.0", .unspecified),
            ("::ffff:8.8.8.8", nil),
            // Public, and not an address
            ("8.8.8.8", nil), ("2001:db8::1", nil), ("example.com", nil), ("", nil),
        ]
        for (address, expected) in cases {
            #expect(AddressClass.of(address) == expected, "\(address)")
        }
    }

    @Test func linkLocalIsRefusedByDefaultAndPrivateRangesOnlyWhenDenied() {
        let standard = AddressPolicy()
        #expect(standard.refusal(of: "169.254.169.254") == .linkLocal)
        #expect(standard.refusal(of: "fe80::1") == .linkLocal)
        #expect(
            ["127.0.0.1", "::1", "10.0.0.1", "192.168.1.1", "fd00::1", "8.8.8.8"].allSatisfy {
                standard.refusal(of: $0) == nil
            })
        #expect(AddressPolicy(allowsLinkLocal: true).refusal(of: "169.254.169.254") == nil)
        let denying = AddressPolicy(deniesPrivateNetwork: true)
        #expect(denying.refusal(of: "127.0.0.1") == .loopback)
        #expect(denying.refusal(of: "::ffff:192.168.0.1") == .privateNetwork)
        #expect(denying.refusal(of: "0.0.0.0") == .unspecified)
        #expect(denying.refusal(of: "169.254.1.1") == .linkLocal)
        #expect(denying.refusal(of: "8.8.8.8") == nil)
        #expect(AddressPolicy(allowsLinkLocal: true, deniesPrivateNetwork: true).refusal(of: "fe80::1") == nil)
    }

    @Test func theMessageNamesTheAddressItsClassAndTheOption() {
        #expect(
            FetchFailure.refusedAddress(host: "169.254.169.254", address: "169.254.169.254", .linkLocal).description
                == "169.254.169.254 is a link-local address; refused unless --allow-link-local is given")
        #expect(
            FetchFailure.refusedAddress(host: "db.internal", address: "10.0.0.5", .privateNetwork).description
                == "db.internal resolves to 10.0.0.5, a private-network address; refused by --deny-private-network")
    }

    /// Link-local literals are refused before any connection: no address of that range is tried.
    ///
    /// `refusedAddress` comes only from checking the hosts before the client is made; a
    /// connection tried would end as a connect failure or timeout instead.
    @Test func linkLocalLiteralsAreRefusedWithoutConnecting() {
        let urls = [
            "http://169.254.169.254/latest/meta-data/a.png", "http://[fe80::1]/a.png",
            "http://[::ffff:169.254.169.254]/a.png",
        ]
        let results = ImageFetcher(limits: FetchLimits(connectTimeout: 10, timeout: 20)).fetch(urls)
        #expect(
            results[urls[0]].map(ImageFetcherTests.failure)
                == .refusedAddress(host: "169.254.169.254", address: "169.254.169.254", .linkLocal))
        #expect(
            results[urls[1]].map(ImageFetcherTests.failure)
                == .refusedAddress(host: "fe80::1", address: "fe80::1", .linkLocal))
        guard case .refusedAddress(_, _, .linkLocal)?? = results[urls[2]].map(ImageFetcherTests.failure) else {
            Issue.record("\(String(describing: results[urls[2]]))")
            return
        }
    }

    /// Every hop is checked: a redirect to a host the spec names but whose address is refused
    /// ends there, before any connection to it.
    @Test func aRedirectToARefusedAddressIsRefused() throws {
        let server = try TestServer(routes: ["/away.png": .redirect(location: "http://169.254.169.254/a.png")])
        defer { server.stop() }
        let results = ImageFetcher(limits: Self.limits).fetch(
            [server.url("/away.png")], allowedHosts: ["169.254.169.254"])
        #expect(
            results[server.url("/away.png")].map(ImageFetcherTests.failure)
                == .refusedAddress(host: "169.254.169.254", address: "169.254.169.254", .linkLocal))
        #expect(server.requests == ["/away.png"])
    }

    @Test func loopbackIsFetchedByDefaultAndRefusedWhenPrivateNetworksAreDenied() throws {
        let server = try TestServer(routes: ["/a.png": .bytes(contentType: "image/png", body: ImageFetcherTests.png)])
        defer { server.stop() }
        let byName = "http://localhost:\(server.port)/a.png"
        // `localhost` is pinned to an address of its own that is allowed; IPv4 first, where the server is.
        let fetched = ImageFetcher(limits: Self.limits).fetch([server.url("/a.png"), byName])
        #expect(try fetched[server.url("/a.png")]?.get().bytes == ImageFetcherTests.png)
        #expect(try fetched[byName]?.get().bytes == ImageFetcherTests.png)
        #expect(server.requests == ["/a.png", "/a.png"])

        let denying = ImageFetcher(
            limits: Self.limits, addresses: AddressPolicy(deniesPrivateNetwork: true))
        let refused = denying.fetch([server.url("/a.png"), byName])
        #expect(
            refused[server.url("/a.png")].map(ImageFetcherTests.failure)
                == .refusedAddress(host: "127.0.0.1", address: "127.0.0.1", .loopback))
        let named = refused[byName].map(ImageFetcherTests.failure)??.description ?? ""
        #expect(named.hasPrefix("localhost resolves to "))
        #expect(named.hasSuffix(", a loopback address; refused by --deny-private-network"))
        #expect(server.requests.count == 2)
    }
}
