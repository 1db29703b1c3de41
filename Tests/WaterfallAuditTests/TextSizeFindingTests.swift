import Testing
import WaterfallAudit
import WaterfallPipeline
import WaterfallSpec

/// At the accessibility sizes no text vanishes without a finding: a title too tall for its header
/// is drawn past it and reported, and one sized by its title is neither.
@Suite struct TextSizeFindingTests {
    func findings(_ yaml: String, at size: ContentSizeCategory) throws -> [Finding] {
        let spec = try Spec.decode(yaml).atContentSize(size)
        let scene = try RenderPipeline(renderers: []).prepare(spec).scene
        return try Audit.findings(in: scene, contentSize: size.rawValue)
    }

    @Test func aTitleTallerThanItsHeaderIsAFindingAndStillDrawn() throws {
        let yaml = """
            width: 375
            sections:
              - header: {height: 44, title: Near you}
                footer: {height: 30, title: Load more}
                items: [{height: 60}]
            """
        let large = try findings(yaml, at: .large)
        #expect(!large.contains { $0.kind == .truncation })
        let largest = try findings(yaml, at: .accessibility5)
        let header = try #require(largest.first { $0.place == "sections[0].header.title" })
        #expect(header.kind == .truncation)
        #expect(header.message.hasPrefix("overflows its 44 pt header at accessibility5: its line is "))
        #expect(largest.contains { $0.place == "sections[0].footer.title" && $0.message.contains("30 pt footer") })
    }

    @Test func aHeaderSizedByItsTitleHasNoFindingAtAnySize() throws {
        let yaml = """
            width: 375
            sections:
              - header: {height: auto, title: Near you}
                footer: {height: auto, title: Load more}
                items: [{height: 60}]
            """
        for size in ContentSizeCategory.allCases {
            #expect(try findings(yaml, at: size).filter { $0.kind == .truncation }.isEmpty, "\(size)")
        }
    }
}
