import Foundation
import Testing
import WaterfallBatch
import WaterfallReview
import WaterfallTestSupport

/// Stale baselines know the names of every variant a spec draws, content sizes among them
/// (issue 36); the variants themselves are tested in `WaterfallBatchTests`.
@Suite struct ContentSizeStaleBaselinesTests {
    /// The spec of `ContentSizeVariantTests`: a card sized by its text, and a dark style.
    static let spec = """
        width: 400
        scale: 1
        style:
          card: {content: below, padding: 0}
          title: {textStyle: body}
          dark: {background: "#000000"}
        defaults: {columns: 1}
        sections:
          - items: [{title: "Hi"}, {height: 30}]

        """

    /// `check --prune` knows the content-size names as every other variant's.
    @Test func staleBaselinesKnowContentSizeNames() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/shop.yaml"
        try (Self.spec + "variants: {contentSize: [large, accessibility3]}\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(
            StaleBaselines.names(of: path, variants: Variants())
                == ["shop", "shop.dark", "shop.accessibility3", "shop.accessibility3.dark"])
        for name in ["shop.png", "shop.accessibility3.dark.png", "shop.xLarge.png"] {
            try Data([1]).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        #expect(StaleBaselines.find(in: folder, specs: [path]) == ["shop.xLarge.png"])
    }
}
