import Testing
import WaterfallSpec

/// Images named by `http:` and `https:` URL: accepted, told apart from file paths, listed once.
@Suite struct ImageURLTests {
    @Test func httpAndHTTPSURLsAreAcceptedAndListedOnceInOrder() throws {
        let spec = try Spec.decode(
            """
            width: 300
            sections:
              - items:
                  - {image: "https://cdn.example.com/a.png?w=300&h=200#x"}
                  - {image: photos/b.png}
                  - {image: "HTTP://[::1]:8080/c.jpg"}
                  - {image: "https://cdn.example.com/a.png?w=300&h=200#x"}
              - generate: {count: 2, images: ["http://127.0.0.1:9/d.png"]}
            """)
        #expect(
            spec.imageURLs == [
                "https://cdn.example.com/a.png?w=300&h=200#x", "HTTP://[::1]:8080/c.jpg", "http://127.0.0.1:9/d.png",
            ])
        #expect(ImageURL.host(of: "HTTP://[::1]:8080/c.jpg") == "::1")
        #expect(ImageURL.host(of: "https://CDN.example.com:443/a.png") == "cdn.example.com")
        #expect(ImageURL.host(of: "photos/b.png") == nil)
    }

    @Test func pathsAreNotURLs() {
        #expect(!ImageURL.isURL("photos/a.png"))
        #expect(!ImageURL.isURL("C:\\photos\\a.png"))
        #expect(!ImageURL.isURL("/abs/http://a.png"))
        #expect(ImageURL.isURL("https://example.com/a.png"))
        #expect(ImageURL.scheme(of: "javascript:alert(1)") == "javascript")
        #expect(ImageURL.problem(in: "https://example.com/a.png") == nil)
    }
}
