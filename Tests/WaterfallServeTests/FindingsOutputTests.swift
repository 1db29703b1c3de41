import Foundation
import Hummingbird
import Testing
import WaterfallAudit
import WaterfallCore
import WaterfallLayout
import WaterfallPages
import WaterfallPipeline
import WaterfallReview
import WaterfallServe
import WaterfallTestSupport

/// Each kind of finding in every output a check has: JSON, JUnit, annotations, the report page and
/// serve's review, which also accepts them.
@Suite struct FindingsOutputTests {
    static let findings: [Finding] = [
        Finding(
            kind: .contrast, place: "sections[0].items[2].subtitle",
            message: "2.32:1, #aaaaaa on #ffffff, under the 4.5:1 WCAG 2.2 AA asks of 12 pt text",
            frame: Rect(x: 10, y: 20, width: 100, height: 16)),
        Finding(
            kind: .truncation, place: "sections[0].items[0].title",
            message: "cut to 2 lines at accessibility3, ending in \"…\": 9 of 38 characters show (\"Bubble tea…\")",
            frame: Rect(x: 0, y: 0, width: 120, height: 90)),
        Finding(
            kind: .smallTarget, place: "sections[0].footer",
            message: "375 × 36 pt, under the 44 × 44 pt a tap target needs",
            frame: Rect(x: 0, y: 300, width: 375, height: 36)),
        Finding(
            kind: .blurryImage, place: "sections[0].items[1].image",
            message: "drawn at 1.95× its pixels: 360 × 480 px spread over 702 × 936 device pixels at 2×",
            frame: Rect(x: 130, y: 0, width: 120, height: 160)),
    ]

    static func check() -> SpecCheck {
        var check = SpecCheck(spec: "feed.yaml", name: "feed.accessibility3", variant: ".accessibility3")
        check.status = .changed
        check.audited = true
        check.findings = findings
        check.recordedFindings = [findings[3]]
        return check
    }

    @Test func everyKindIsInJSONJUnitAnnotationsAndTheReport() throws {
        let check = Self.check()
        #expect(check.newFindings.count == 3)
        let results = CheckResults(checks: [check])
        for finding in Self.findings {
            #expect(results.json.contains("\"kind\":\"\(finding.kind.rawValue)\""), "\(finding.kind)")
            #expect(results.json.contains("\"place\":\"\(finding.place)\""))
            let isNew = finding.kind != .blurryImage
            // Each finding's object: `new` sorted among its own keys, before `place`.
            #expect(results.json.contains("\"new\":\(isNew),\"place\":\"\(finding.place)\""))
            #expect(results.junit.contains("new accessibility finding: \(finding.place)") == isNew)
            let annotation = GitHubAnnotation.annotation(for: finding, of: check, isError: true)
            #expect(
                annotation.contains("title=accessibility%3A \(finding.kind.title)::.accessibility3: \(finding.place)"))
        }
        let folder = ExternalRenderers.temporaryPath("dir")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try CheckReport.write([check], to: folder, baselines: "baselines", templates: PageTemplates.bundled)
        let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        for finding in Self.findings {
            #expect(page.contains("<code class=\"finding-place\">\(finding.place)</code>"), "\(finding.kind)")
            #expect(page.contains(finding.kind.title))
        }
        // Three new, one recorded under the fold.
        #expect(page.components(separatedBy: "class=\"finding-badge\"").count == 4)
        #expect(page.contains("<summary>1 recorded finding</summary>"))
    }

    /// serve's review lists a spec's findings, new ones marked, and approving records them.
    @Test func serveShowsNewFindingsAndApprovingRecordsThem() async throws {
        let fixture = try ServeFixture(extraSpecs: [
            "delta": """
            width: 120
            scale: 1
            sections:
              - columns: 1
                footer: {height: 30, title: "Load more"}
                items:
                  - {height: 80, title: "Lamp"}
            """
        ])
        let token = fixture.server.token
        try await fixture.test { client in
            let review = try await client.get("/review").text
            #expect(review.contains("<code class=\"finding-place\">sections[0].footer</code>"), "\(review)")
            #expect(review.contains("small tap target"))
            #expect(try await client.post("/approve/delta", token: token).status == .seeOther)
        }
        let recorded = try String(contentsOfFile: fixture.folder + "/baselines/delta.findings.json", encoding: .utf8)
        #expect(recorded.contains("\"place\" : \"sections[0].footer\""))
        let checker = BaselineChecker(baselines: fixture.folder + "/baselines")
        #expect(checker.checks(specAt: fixture.folder + "/specs/delta.yaml")[0].status == .passed)
    }
}

/// `serve --content-size`: the review checks each spec at those sizes, and pages without a
/// `contentSize` show the first.
@Suite struct ServeContentSizeTests {
    @Test func theReviewChecksAtTheGivenSizes() async throws {
        let fixture = try ServeFixture(extraSpecs: [
            "echo": "width: 200\nscale: 1\nsections:\n  - columns: 1\n    items:\n      - {height: 100, title: Lamp}\n"
        ])
        let catalog = try SpecCatalog(
            arguments: [fixture.folder + "/specs"], baselines: fixture.folder + "/baselines", warn: { _ in })
        var pipeline = RenderPipeline(renderers: [])
        pipeline.readRoots = catalog.specFolders
        let server = ServeServer(
            catalog: catalog, port: 80, baselines: fixture.folder + "/baselines", templates: nil, pipeline: pipeline,
            contentSizes: [.accessibility3])
        let client = RouterClient(router: server.router())
        let review = try await client.get("/review").text
        // Recorded at large, checked at accessibility3: new pictures named for it.
        #expect(review.contains(#"data-spec="alpha.accessibility3""#), "\(review)")
        let large = try await client.get("/png/echo?contentSize=large").body
        let given = try await client.get("/png/echo").body
        #expect(large.readableBytes > 0 && large != given)
    }
}
