import Testing
import WaterfallCore
import WaterfallFetch

/// The one rule for where a redirect may lead, decided without a network.
@Suite struct RedirectRuleTests {
    let rule = RedirectRule(hosts: ["a.example", "b.example", "::1"], maximumRedirects: 5)

    func next(_ from: String, _ location: String, visited: [String]? = nil) -> Result<String, FetchFailure> {
        rule.next(from: from, location: location, visited: visited ?? [from])
    }

    @Test func anUpgradeOnTheSameHostIsFollowed() {
        #expect(next("http://a.example/x.png", "https://a.example/x.png") == .success("https://a.example/x.png"))
        #expect(next("http://a.example:8080/x", "https://A.example/y") == .success("https://A.example/y"))
        #expect(next("http://[::1]:8080/x", "https://[::1]:8443/y") == .success("https://[::1]:8443/y"))
    }

    @Test func aDowngradeIsRefused() {
        let downgrade = next("https://a.example/x.png", "http://a.example/x.png")
        #expect(downgrade == .failure(.redirectDowngrade("http://a.example/x.png")))
        #expect(
            FetchFailure.redirectDowngrade("http://a.example/x.png").description
                == "redirected from https to http (http://a.example/x.png), which is refused")
        #expect(
            next("https://a.example/x.png", "http://b.example/x.png")
                == .failure(.redirectDowngrade("http://b.example/x.png")))
    }

    @Test func anUpgradeToAnotherHostIsRefused() {
        #expect(
            next("http://a.example/x.png", "https://b.example/x.png")
                == .failure(.redirectUpgradeToOtherHost("b.example")))
        #expect(
            FetchFailure.redirectUpgradeToOtherHost("b.example").description
                == "redirected from http to https on another host (b.example); only an upgrade on the same host is followed"
        )
    }

    @Test func theSameSchemeMayMoveBetweenTheSpecsHosts() {
        #expect(next("http://a.example/x.png", "http://b.example/y.png") == .success("http://b.example/y.png"))
        #expect(next("https://a.example/x.png", "https://b.example/y.png") == .success("https://b.example/y.png"))
        #expect(next("https://a.example/x/1.png", "../y.png") == .success("https://a.example/y.png"))
    }

    @Test func otherHostsOtherSchemesLoopsAndTheLimitAreRefused() {
        #expect(next("http://a.example/x.png", "http://c.example/x.png") == .failure(.redirectToOtherHost("c.example")))
        #expect(
            next("http://a.example/x.png", "https://c.example/x.png") == .failure(.redirectToOtherHost("c.example")))
        #expect(next("http://a.example/x.png", "file:///etc/passwd") == .failure(.badRedirect("file:///etc/passwd")))
        #expect(
            next("http://a.example/x.png", "ftp://a.example/x.png") == .failure(.badRedirect("ftp://a.example/x.png")))
        #expect(
            next("http://a.example/x.png", "/x.png", visited: ["http://a.example/x.png"])
                == .failure(.redirectLoop("http://a.example/x.png")))
        let six = (0..<6).map { "http://a.example/\($0)" }
        #expect(next("http://a.example/5", "/6", visited: six) == .failure(.tooManyRedirects(5)))
        #expect(next("http://a.example/4", "/5", visited: Array(six.prefix(5))) == .success("http://a.example/5"))
    }
}
