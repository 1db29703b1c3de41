import Foundation
import Hummingbird
import Testing
import WaterfallCore
import WaterfallReview
import WaterfallServe
import WaterfallTestSupport

/// The server's routes, driven in process.
///
/// ``RouterClient`` hands each request to the router's responder, no socket between: the token and
/// `Origin` checks, the path refusals (paths reach the router as written, `..` and `%2e%2e`
/// included), the pages, the clips and approval. The process itself (binding, `Host` names, the
/// event stream) is tested end to end in WaterfallProcessTests.
@Suite(.tags(.slow)) struct ServeRouteTests {
    @Test func postsWithoutTheTokenAreRefusedAndNothingIsWritten() async throws {
        let fixture = try ServeFixture()
        try fixture.change("alpha", to: ServedSpec.text(grow: 5))
        let baseline = fixture.folder + "/baselines/alpha.png"
        let before = FileManager.default.contents(atPath: baseline)
        let token = fixture.server.token
        try await fixture.test { client in
            #expect(try await client.post("/approve-all", token: nil).status == .forbidden)
            #expect(try await client.post("/approve/alpha", token: nil, form: "token=wrong").status == .forbidden)
            #expect(
                try await client.post("/approve/alpha", token: String(repeating: "0", count: 64)).status == .forbidden)
            let crossSite = try await client.post(
                "/approve/alpha", token: token, headers: [.origin: "http://evil.example"])
            #expect(crossSite.status == .forbidden)
            let fetchedElsewhere = try await client.post(
                "/approve/alpha", token: token, headers: [.init("Sec-Fetch-Site")!: "cross-site"])
            #expect(fetchedElsewhere.status == .forbidden)
            #expect(try await client.execute(uri: "/", method: .delete).status == .methodNotAllowed)
        }
        #expect(FileManager.default.contents(atPath: baseline) == before)
        // The review page embeds the token; the form's field carries it as well as the header.
        try await fixture.test { client in
            let review = try await client.get("/review").text
            #expect(review.contains(#"name="token" value="\#(token)""#))
            let approved = try await client.post(
                "/approve/alpha", token: nil, headers: [.origin: "http://localhost"], form: "token=\(token)")
            #expect(approved.status == .seeOther)
            #expect(approved.headers[.location] == "/review#spec-alpha")
        }
        #expect(FileManager.default.contents(atPath: baseline) != before)
        let checker = BaselineChecker(baselines: fixture.folder + "/baselines")
        #expect(checker.checks(specAt: fixture.folder + "/specs/alpha.yaml").allSatisfy { $0.status == .passed })
    }

    /// Approving records the renderer fingerprint as `check --record` does: one spec keeps an
    /// existing fingerprint (the other baselines may be another machine's), every spec replaces it.
    @Test func approvalsRecordTheFingerprintAsCheckRecordDoes() async throws {
        let fixture = try ServeFixture()
        let path = fixture.folder + "/baselines/" + RendererFingerprint.fileName
        var other = try RendererFingerprint.current()
        other.cairo = "1.0.0"
        let otherJSON = Data(other.json)
        try otherJSON.write(to: URL(fileURLWithPath: path))
        try fixture.change("alpha", to: ServedSpec.text(grow: 5))
        let token = fixture.server.token
        let current = Data(try RendererFingerprint.current().json)
        try await fixture.test { client async throws in
            #expect(try await client.post("/approve/alpha", token: token).status == .seeOther)
            #expect(FileManager.default.contents(atPath: path) == otherJSON)
            #expect(try await client.post("/approve-all", token: token).status == .seeOther)
            #expect(FileManager.default.contents(atPath: path) == current)
        }
    }

    /// A spec with variants: the review page shows them together under the spec, and approving
    /// one records every variant of the spec; a JSON client gets each variant's outcome.
    @Test func approvingASpecRecordsEveryVariant() async throws {
        let fixture = try ServeFixture(extraSpecs: [
            "charlie": ServedSpec.text(grow: 1) + "variants: {widths: [60, 50]}\n"
        ])
        let token = fixture.server.token
        try await fixture.test { client in
            let review = try await client.get("/review").text
            #expect(review.contains(#"data-spec="charlie@50" data-variant="@50" data-status="new""#), "\(review)")
            #expect(review.components(separatedBy: #"class="spec-group""#).count == 2)
            #expect(review.contains(#"action="/approve/charlie""#))
            let approved = try await client.post(
                "/approve/charlie", token: token, headers: [.accept: "application/json"])
            #expect(approved.status == .ok)
            let outcomes = try JSONDecoder().decode([[String: String]].self, from: Data(approved.text.utf8))
            #expect(Set(outcomes.map { $0["variant"] }) == ["@60", "@50"], "\(approved.text)")
            #expect(outcomes.allSatisfy { $0["spec"]?.hasSuffix("charlie.yaml") == true && $0["status"] == "recorded" })
        }
        for file in ["charlie@60.png", "charlie@50.png", "charlie@60.svg", "charlie@50.layout.json"] {
            #expect(FileManager.default.fileExists(atPath: fixture.folder + "/baselines/" + file), "\(file)")
        }
        let checker = BaselineChecker(baselines: fixture.folder + "/baselines")
        #expect(checker.checks(specAt: fixture.folder + "/specs/charlie.yaml").allSatisfy { $0.status == .passed })
    }

    /// The review shows a changed spec's pictures; they are the stored check's, until a file changes.
    @Test func theReviewShowsTheChangedPicturesUntilAFileChanges() async throws {
        let fixture = try ServeFixture()
        try fixture.change("alpha", to: ServedSpec.text(grow: 5))
        try await fixture.test { client in
            let review = try await client.get("/review")
            #expect(review.status == .ok)
            #expect(review.text.contains(#"data-status="changed""#), "\(review.text)")
            let actual = try await client.get("/review/alpha/0/actual.png")
            #expect(actual.status == .ok)
            #expect(actual.headers[.contentType] == "image/png")
            #expect(Array(actual.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            #expect(try await client.get("/review/alpha/0/diff.png").status == .ok)
            #expect(try await client.get("/review/alpha/0/other.png").status == .notFound)
            #expect(try await client.get("/review/alpha/7/actual.png").status == .notFound)
        }
        // A file changed: the stored results are gone, and the next look checks again.
        try fixture.change("alpha", to: ServedSpec.text(grow: 0))
        try await fixture.test { client in
            #expect(try await client.get("/review/alpha/0/actual.png").status == .notFound)
            let review = try await client.get("/review").text
            #expect(!review.contains(#"data-status="changed""#), "\(review)")
        }
    }

    @Test func pathsOutsideTheServedFoldersAreRefused() async throws {
        let fixture = try ServeFixture { folder in
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/specs/link.txt", withDestinationPath: folder + "/secret.txt")
        }
        try await fixture.test { client in
            #expect(try await client.get("/files/specs1/alpha.yaml").status == .ok)
            #expect(try await client.get("/files/baselines/alpha.png").status == .ok)
            for path in [
                "/files/specs1/../secret.txt", "/files/specs1/%2e%2e/secret.txt", "/files/specs1/%2E%2E/secret.txt",
                "/files/specs1/..%2fsecret.txt", "/files/specs1/%2e%2e%2fsecret.txt", "/files/specs1/link.txt",
                "/files/specs1/./alpha.yaml", "/files/specs1//alpha.yaml", "/files/specs1/alpha.yaml%00",
                "/files/../secret.txt", "/files/nothing/alpha.yaml", "/files/specs1/", "/files/specs1",
                "/review/alpha/0/../../../secret.txt", "/spec/%2e%2e", "/render/..%2fsecret",
            ] {
                let response = try await client.get(path)
                #expect(response.status == .notFound, "\(path): \(response.status)")
                #expect(!response.text.contains("secret"), "\(path)")
            }
        }
    }

    @Test func pagesRenderAtTheWidthAskedAndShowErrors() async throws {
        let fixture = try ServeFixture(extraSpecs: ["broken": "width: 60\nsections: [{items: [{hieght: 3}]}]\n"])
        try await fixture.test { client in
            let page = try await client.get("/render/alpha?width=320")
            #expect(page.status == .ok)
            #expect(page.text.contains("width: 320px"))
            #expect(page.headers[.contentSecurityPolicy]?.contains("sandbox allow-same-origin") == true)
            #expect(try await client.get("/render/alpha?width=-1").status == .badRequest)
            #expect(try await client.get("/render/alpha?appearance=sepia").status == .badRequest)
            let broken = try await client.get("/render/broken")
            #expect(broken.status == .unprocessableContent)
            #expect(broken.text.contains("hieght"))
            let gallery = try await client.get("/")
            #expect(gallery.status == .ok)
            #expect(gallery.text.contains("/spec/alpha") && gallery.text.contains("/spec/broken"))
            #expect(try await client.get("/spec/nothing").status == .notFound)
        }
    }

    /// The gallery shows each spec's first tile, loaded lazily from `/png/NAME`, whose answer keeps
    /// its security headers.
    @Test func theGalleryHasAThumbnailOfEachSpec() async throws {
        let fixture = try ServeFixture()
        try await fixture.test { client in
            let gallery = try await client.get("/").text
            #expect(gallery.contains(#"<img src="/png/alpha" alt="alpha" loading="lazy""#), "\(gallery)")
            let thumbnail = try await client.get("/png/alpha")
            #expect(thumbnail.status == .ok)
            #expect(thumbnail.headers[.contentType] == "image/png")
            #expect(thumbnail.headers[.contentSecurityPolicy]?.contains("sandbox allow-same-origin") == true)
            #expect(thumbnail.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'self'") == true)
            #expect(thumbnail.headers[.xContentTypeOptions] == "nosniff")
        }
    }

    @Test func aSpecsPageOffersTheWidthsItDeclares() async throws {
        let fixture = try ServeFixture(
            extraSpecs: ["charlie": ServedSpec.text(grow: 1) + "variants: {widths: [320, pro-max]}\n"])
        try await fixture.test { client in
            let declared = try await client.get("/spec/charlie")
            #expect(declared.status == .ok)
            #expect(declared.text.contains("?width=320"), "\(declared.text)")
            #expect(declared.text.contains("?width=430"))
            #expect(!declared.text.contains("?width=768"), "only the declared widths, not every preset")
            // A spec that declares none offers every device preset.
            #expect(try await client.get("/spec/alpha").text.contains("?width=768"))
        }
    }

    /// `contentSize=` draws the picture at that Dynamic Type size, and the page switches it
    /// beside the widths and appearances (issue 36).
    @Test func picturesFollowTheContentSizeAsked() async throws {
        let text = """
            width: 300
            scale: 1
            style: {card: {content: below, padding: 4}, title: {textStyle: body}}
            defaults: {columns: 1}
            sections: [{items: [{title: "Hi"}, {height: 20}]}]

            """
        let declared = text + "variants: {contentSize: [accessibility3]}\n"
        let fixture = try ServeFixture(extraSpecs: ["echo": text, "foxtrot": declared])
        try await fixture.test { client in
            let large = try await client.get("/png/echo")
            let bigger = try await client.get("/png/echo?contentSize=accessibility3")
            #expect(large.status == .ok && bigger.status == .ok)
            #expect(bigger.headers[.contentType] == "image/png")
            #expect(Array(large.body.readableBytesView) != Array(bigger.body.readableBytesView))
            let named = try await client.get("/png/echo?contentSize=large")
            #expect(Array(named.body.readableBytesView) == Array(large.body.readableBytesView))
            let html = try await client.get("/render/echo?contentSize=xxxLarge")
            #expect(html.status == .ok)
            #expect(html.text != (try await client.get("/render/echo")).text)
            let refused = try await client.get("/png/echo?contentSize=huge")
            #expect(refused.status == .badRequest)
            #expect(refused.text.hasPrefix("contentSize must be one of xSmall, small"), "\(refused.text)")
            // The switcher offers every size, the current one marked, the width kept.
            let page = try await client.get("/spec/echo?width=320&contentSize=accessibility3").text
            #expect(page.contains(#"aria-label="Content size""#), "\(page)")
            #expect(page.contains(#"href="/spec/echo?width=320&amp;contentSize=xSmall""#), "\(page)")
            #expect(
                page.contains(
                    #"<a href="/spec/echo?width=320&amp;contentSize=accessibility3" class="current""#))
            #expect(page.contains(#"src="/render/echo?width=320&amp;contentSize=accessibility3""#))
            // A spec that declares its sizes is offered those and large.
            let own = try await client.get("/spec/foxtrot").text
            #expect(own.contains("contentSize=accessibility3"))
            #expect(!own.contains("contentSize=xSmall"))
        }
    }

    /// A spec's declared clips play on its page, drawn by `/clip/NAME` as animated PNGs at the view's
    /// width and appearance.
    @Test func aSpecsPagePlaysTheClipsItDeclares() async throws {
        let clip = """
            width: 100
            scale: 1
            defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
            sections:
              - generate: {count: 16, minHeight: 30, maxHeight: 70, seed: 2}
            variants: {viewport: {height: 90}, animate: scroll, clip: {fps: 5}}

            """
        let fixture = try ServeFixture(extraSpecs: ["delta": clip])
        try await fixture.test { client in
            let page = try await client.get("/spec/delta?width=120")
            #expect(page.status == .ok)
            #expect(
                page.text.contains(#"<img class="clip" src="/clip/delta?width=120&amp;animation=scroll""#),
                "\(page.text)")
            #expect(!(try await client.get("/spec/alpha").text.contains(#"class="clip""#)))
            let played = try await client.get("/clip/delta?width=120&animation=scroll")
            #expect(played.status == .ok)
            #expect(played.headers[.contentType] == "image/apng")
            let bytes = Array(played.body.readableBytesView)
            #expect(bytes.count > 8 && String(decoding: bytes, as: UTF8.self).contains("acTL"))
            #expect(try await client.get("/clip/delta?animation=spin").status == .badRequest)
            let undeclared = try await client.get("/clip/alpha?animation=scroll")
            #expect(undeclared.status == .unprocessableContent)
            #expect(undeclared.text.contains("declares no scroll clip"), "\(undeclared.text)")
            #expect(try await client.get("/clip/nothing?animation=scroll").status == .notFound)
        }
    }

    /// Each server has its own clip turns: many requests at once draw a few clips and turn the rest
    /// away with `Retry-After`, and the turns are given back.
    @Test func clipRequestsPastTheFewThatMayWaitAreTurnedAwayAndComeBackLater() async throws {
        // 60 frames: still drawing while the other requests arrive.
        let slow = """
            width: 200
            scale: 2
            defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
            sections:
              - generate: {count: 300, minHeight: 30, maxHeight: 70, seed: 2}
            variants: {viewport: {height: 300}, animate: scroll, clip: {fps: 30, duration: 2}}

            """
        let fixture = try ServeFixture(extraSpecs: ["slow": slow])
        try await fixture.test { client in
            let answers = try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?).self) { group in
                for index in 0..<10 {
                    group.addTask {
                        let response = try await client.get("/clip/slow?animation=scroll&v=\(index)")
                        return (response.status, response.headers[.retryAfter])
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(answers.count == 10)
            #expect(answers.allSatisfy { [.ok, .serviceUnavailable].contains($0.0) }, "\(answers.map(\.0))")
            let drawn = answers.filter { $0.0 == .ok }.count
            #expect(drawn >= 1 && drawn <= 4, "\(answers.map(\.0))")
            for answer in answers where answer.0 == .serviceUnavailable { #expect(answer.1 == "2") }
            #expect(try await client.get("/clip/slow?animation=scroll").status == .ok)
        }
    }
}
