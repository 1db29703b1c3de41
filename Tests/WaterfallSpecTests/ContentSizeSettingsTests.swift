import Testing
import WaterfallLayout
import WaterfallSpec

/// `fromContentSize`: a section's columns and spacing from a Dynamic Type size up, and headers
/// and footers sized by their title.
@Suite struct ContentSizeSettingsTests {
    let yaml = """
        width: 375
        defaults:
          columns: 2
          interitemSpacing: 10
          fromContentSize:
            accessibility1: {columns: 1}
            accessibility4: {interitemSpacing: 4}
        sections:
          - items: [{height: 40}, {height: 40, span: 2}]
          - columns: 3
            items: [{height: 40}]
          - fromContentSize: {xxxLarge: {columns: 1}}
            items: [{height: 40}]
        """

    @Test func theSettingsFollowTheContentSizeFromEachSizeNamedUp() throws {
        let spec = try Spec.decode(yaml)
        let at = { (size: ContentSizeCategory) in spec.atContentSize(size).sections.map(\.settings.columns) }
        #expect(at(.large) == [2, 3, 2])
        #expect(at(.xxxLarge) == [2, 3, 1])
        #expect(at(.accessibility1) == [1, 3, 1])
        #expect(at(.accessibility5) == [1, 3, 1])
        // Each size's changes add up: accessibility4 keeps accessibility1's single column.
        let largest = spec.atContentSize(.accessibility4).sections[0].settings
        #expect(largest.columns == 1 && largest.interitemSpacing == 4)
        // And the spec drawn at large again is the spec as written.
        #expect(
            spec.atContentSize(.accessibility5).atContentSize(.large).sections.map(\.settings.columns) == [2, 3, 2])
    }

    @Test func aBannerSpansTheColumnsASizeLeaves() throws {
        let spec = try Spec.decode(yaml).atContentSize(.accessibility2)
        #expect(spec.sections[0].items[1].layout.span == .columns(1))
        #expect(try spec.layout().layoutAttributesForAllElements().count >= 3)
    }

    @Test(arguments: [
        ("defaults: {fromContentSize: {huge: {columns: 1}}}", "defaults.fromContentSize"),
        ("defaults: {fromContentSize: {accessibility1: {title: x}}}", "defaults.fromContentSize.accessibility1"),
        (
            "defaults: {fromContentSize: {accessibility1: {columns: 0}}}",
            "defaults.fromContentSize.accessibility1.columns"
        ),
        ("defaults: {fromContentSize: {}}", "defaults.fromContentSize"),
        ("sections: [{header: {height: auto}, items: []}]", "sections[0].header.height"),
        (
            "scrollDirection: horizontal\nsections: [{footer: {height: auto, title: X}, items: []}]",
            "sections[0].footer.height",
        ),
    ])
    func aMistakeIsOneLineAtItsPlace(_ text: String, _ place: String) {
        let extent = text.contains("horizontal") ? "height: 375\n" : "width: 375\n"
        let error = #expect(throws: SpecError.self) { try Spec.decode(extent + text) }
        #expect(error?.description.contains(place) == true, "\(error?.description ?? "")")
        #expect(error?.description.contains("\n") == false)
    }

    @Test func aHeaderSizedByItsTitleNeedsARendererAndAVerticalFeed() throws {
        let spec = try Spec.decode("width: 375\nsections: [{header: {height: auto, title: Today}, items: []}]")
        #expect(spec.needsCardSizing)
        #expect(spec.sections[0].header?.isSizedByTitle == true)
        let error = #expect(throws: SpecError.self) { try spec.layout() }
        #expect(error?.location == "sections[0].header.height")
    }
}
