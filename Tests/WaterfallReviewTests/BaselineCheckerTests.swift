import Foundation
import Testing
import WaterfallBatch
import WaterfallCairo
import WaterfallCore
import WaterfallPipeline
import WaterfallReview
import WaterfallSpec
import WaterfallTestSupport

/// The review library in process: check, record and check again, as `check` and `serve` do.
@Suite(.tags(.slow)) struct BaselineCheckerTests {
    /// A folder holding `feed.yaml` and an empty `baselines/` folder, removed with the last copy.
    struct Workspace {
        let temporary: TemporaryFolder
        var folder: String { temporary.path }
        var spec: String { folder + "/feed.yaml" }
        var baselines: String { folder + "/baselines" }

        init(_ yaml: String) throws {
            temporary = try TemporaryFolder(named: "waterfall-workspace")
            try FileManager.default.createDirectory(atPath: folder + "/baselines", withIntermediateDirectories: true)
            try write(yaml)
        }

        func write(_ yaml: String) throws {
            try Data(yaml.utf8).write(to: URL(fileURLWithPath: spec))
        }

        func files() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: baselines).sorted()
        }

        func bytes(_ file: String) -> [UInt8]? {
            FileManager.default.contents(atPath: baselines + "/" + file).map { [UInt8]($0) }
        }
    }

    static func feed(firstHeight: Int = 120, height: Int = 90) -> String {
        """
        width: 200
        scale: 1
        sections:
          - columns: 2
            items:
              - {height: \(firstHeight), title: First}
            generate: {count: 5, minHeight: \(height), maxHeight: \(height), seed: 3}
        """
    }

    @Test func aSpecWithoutBaselinesIsNewAndRecordsWhatRenderWrites() throws {
        let workspace = try Workspace(Self.feed())
        let checker = BaselineChecker(baselines: workspace.baselines)
        var results = checker.check([workspace.spec])
        let check = try #require(results.checks.first)
        #expect(check.status == .new)
        #expect(check.reason == "no baseline PNG, SVG and layout")
        #expect(check.svgMissing && check.layoutMissing && check.pictureMissing)
        #expect(results.record(into: workspace.baselines, mode: .missing) == nil)
        #expect(results.checks[0].status == .recorded)
        #expect(
            try workspace.files() == [
                "feed.inputs.json", "feed.layout.json", "feed.png", "feed.svg", RendererFingerprint.fileName,
            ])

        // The recorded files are the bytes `render` writes.
        let pipeline = RenderPipeline(renderers: [.png, .svg, .layoutJSON])
        let rendered = try pipeline.render(try pipeline.prepare(specAt: workspace.spec))
        for output in rendered {
            #expect(workspace.bytes(output.fileName(for: "feed")) == output.bytes, "\(output.format)")
        }

        let again = checker.checks(specAt: workspace.spec)[0]
        #expect(again.status == .passed, "\(again.reason)")
        #expect(again.tiles.count == 1)
        // Equal pixels: the drawn tile is not encoded, yet its PNG is there when asked for.
        #expect(again.tiles[0].actual == nil)
        #expect(try again.tiles[0].actualPNG() == rendered.first { $0.format == .png }?.bytes)
        #expect(again.tiles[0].result?.differentPixels == 0)
    }

    @Test func aChangedCardIsFoundInPixelsAndLayoutAndRecordedOnlyWhenAsked() throws {
        let workspace = try Workspace(Self.feed())
        let checker = BaselineChecker(baselines: workspace.baselines)
        var first = checker.check([workspace.spec])
        _ = first.record(into: workspace.baselines, mode: .missing)
        let before = workspace.bytes("feed.png")

        try workspace.write(Self.feed(firstHeight: 150))
        var changed = checker.check([workspace.spec])
        let check = changed.checks[0]
        #expect(check.status == .changed)
        #expect(check.pictureChanged && check.svgChanged)
        #expect(check.layoutDiff?.isDifferent == true)
        #expect((check.tiles[0].result?.differentPixels ?? 0) > 0)
        #expect(check.tiles[0].diffImage != nil && check.tiles[0].actual != nil)

        // `.missing` writes nothing that exists: the spec stays changed, the picture as it was.
        #expect(changed.record(into: workspace.baselines, mode: .missing) == nil)
        #expect(changed.checks[0].status == .changed)
        #expect(workspace.bytes("feed.png") == before)

        #expect(changed.record(into: workspace.baselines, mode: .changed) == nil)
        #expect(changed.checks[0].status == .recorded)
        #expect(workspace.bytes("feed.png") != before)
        #expect(checker.checks(specAt: workspace.spec)[0].status == .passed)
    }

    @Test func aSpecThatCannotBeDrawnFailsAndRecordsNothing() throws {
        let workspace = try Workspace("width: 200\nsections: 12\n")
        var results = BaselineChecker(baselines: workspace.baselines).check([workspace.spec])
        #expect(results.checks[0].status == .failed)
        #expect(results.checks[0].reason.contains("feed.yaml"))
        #expect(results.record(into: workspace.baselines, mode: .all) == nil)
        #expect(try workspace.files().isEmpty)
        #expect(results.summary == "check: 0 unchanged, 0 changed, 0 without baseline, 0 recorded, 1 errors")
    }

    @Test func aTallPictureIsCheckedTileByTile() throws {
        // 40,000 device pixels: two PNG tiles of at most 32,767 rows.
        let workspace = try Workspace(
            """
            width: 40
            scale: 1
            sections:
              - columns: 1
                generate: {count: 40, minHeight: 1000, maxHeight: 1000, seed: 1}
            """)
        let checker = BaselineChecker(baselines: workspace.baselines)
        var results = checker.check([workspace.spec])
        #expect(results.checks[0].tiles.map(\.suffix) == ["-1", "-2"])
        _ = results.record(into: workspace.baselines, mode: .missing)
        #expect(try workspace.files().filter { $0.hasSuffix(".png") } == ["feed-1.png", "feed-2.png"])
        #expect(BaselineChecker.baselineTiles(name: "feed", in: workspace.baselines) == ["feed-1.png", "feed-2.png"])
        let again = checker.checks(specAt: workspace.spec)[0]
        #expect(again.status == .passed, "\(again.reason)")

        // Recording every baseline again writes the same bytes, from pixels kept or re-encoded.
        var keeping = checker
        keeping.keepsUnchangedPictures = true
        let kept = keeping.checks(specAt: workspace.spec)[0]
        for (tile, keptTile) in zip(again.tiles, kept.tiles) {
            #expect(keptTile.actual != nil)
            #expect(try tile.actualPNG() == keptTile.actual)
        }
    }

    @Test func aTallPictureChangedBelowItsFirstTileRecordsBothTilesAsRenderWritesThem() throws {
        func feed(last: Int) -> String {
            """
            width: 40
            scale: 1
            sections:
              - columns: 1
                items:
                  - {height: \(last)}
                generate: {count: 39, minHeight: 1000, maxHeight: 1000, seed: 1}
            """
        }
        // The first card is drawn at the top of the first tile; the rest fills both tiles.
        let workspace = try Workspace(feed(last: 1000))
        let checker = BaselineChecker(baselines: workspace.baselines)
        var first = checker.check([workspace.spec])
        _ = first.record(into: workspace.baselines, mode: .missing)
        // Only the page's length changes: the first tile's pixels stay, the second tile's do not.
        try workspace.write(
            feed(last: 1000).replacingOccurrences(of: "count: 39", with: "count: 38"))
        var changed = checker.check([workspace.spec])
        let tiles = changed.checks[0].tiles
        #expect(tiles.map(\.suffix) == ["-1", "-2"])
        #expect(tiles[0].actual == nil, "the unchanged first tile is not encoded")
        #expect(tiles[1].actual != nil)
        #expect(changed.record(into: workspace.baselines, mode: .changed) == nil)
        let pipeline = RenderPipeline(renderers: [.png])
        let rendered = try pipeline.render(try pipeline.prepare(specAt: workspace.spec))
        #expect(rendered.count == 2)
        for output in rendered {
            // The recorded tiles carry their tile mark; the rest of the bytes are render's.
            let recorded = try #require(workspace.bytes(output.fileName(for: "feed")))
            #expect(recorded.count > output.bytes.count)
            #expect(Array(recorded.suffix(output.bytes.count - 33)) == Array(output.bytes.dropFirst(33)))
            #expect(Array(recorded.prefix(33)) == Array(output.bytes.prefix(33)))
        }
        #expect(checker.checks(specAt: workspace.spec)[0].status == .passed)
    }

    @Test func variantsAreWidthByWidthLightBeforeDark() throws {
        let spec = try Spec.decode(
            Self.feed() + "\nstyle: {background: \"#ffffff\", dark: {background: \"#000000\"}}\n", file: "feed.yaml")
        let variants = Variants(appearances: [.light, .dark], widths: [320, 375])
        let names = try variants.of(spec).map { $0.name("feed") }
        #expect(names == ["feed@320", "feed@320.dark", "feed@375", "feed@375.dark"])
        let drawn = try #require(try variants.of(spec).last).apply(to: spec)
        #expect(drawn.width == 375)

        let light = try Spec.decode(Self.feed(), file: "light.yaml")
        #expect(try Variants(appearances: [.light, .dark]).of(light).map { $0.name("light") } == ["light"])
        #expect(throws: VariantError.self) { try Variants(appearances: [.dark]).of(light) }
    }

    @Test func staleBaselinesAreThoseNoSpecDraws() throws {
        let workspace = try Workspace(Self.feed())
        var results = BaselineChecker(baselines: workspace.baselines).check([workspace.spec])
        _ = results.record(into: workspace.baselines, mode: .missing)
        for file in ["gone.png", "gone.svg", "notes.txt"] {
            try Data("x".utf8).write(to: URL(fileURLWithPath: workspace.baselines + "/" + file))
        }
        #expect(StaleBaselines.find(in: workspace.baselines, specs: [workspace.spec]) == ["gone.png", "gone.svg"])
    }

    @Test func aSpecsDeclaredVariantsAreCheckedTogetherAndRecordedAllOrNothing() throws {
        let workspace = try Workspace(Self.feed() + "\nvariants: {widths: [200, 160]}\n")
        let checker = BaselineChecker(baselines: workspace.baselines)
        var results = checker.check([workspace.spec, workspace.spec])
        #expect(results.checks.map(\.name) == ["feed@200", "feed@160", "feed@200", "feed@160"])
        #expect(results.checks.map(\.variant) == ["@200", "@160", "@200", "@160"])
        #expect(results.specRanges == [0..<2, 2..<4])
        #expect(results.checks.allSatisfy { $0.status == .new })
        _ = results.record(into: workspace.baselines, mode: .changed)
        #expect(results.checks.allSatisfy { $0.status == .recorded })
        #expect(try workspace.files().filter { $0.hasSuffix(".png") } == ["feed@160.png", "feed@200.png"])
        #expect(checker.checks(specAt: workspace.spec).allSatisfy { $0.status == .passed })

        // A variant that cannot be drawn (too narrow for its insets) fails the spec before any
        // variant is drawn, and keeps every variant from recording.
        try workspace.write(
            Self.feed(firstHeight: 130) + "\ndefaults: {sectionInset: 40}\nvariants: {widths: [200, 60]}\n")
        var broken = checker.check([workspace.spec])
        #expect(broken.checks.map(\.status) == [.failed])
        #expect(broken.checks.map(\.name) == ["feed@60"])
        let before = workspace.bytes("feed@200.png")
        _ = broken.record(into: workspace.baselines, mode: .changed)
        #expect(workspace.bytes("feed@200.png") == before)
        #expect(broken.checks.map(\.status) == [.failed])

        // Options override the declaration; the stale files are the variants no longer drawn.
        var narrow = checker
        narrow.variants = Variants(widths: [160])
        try workspace.write(Self.feed() + "\nvariants: {widths: [200, 160]}\n")
        #expect(narrow.checks(specAt: workspace.spec).map(\.name) == ["feed@160"])
        #expect(
            StaleBaselines.find(in: workspace.baselines, specs: [workspace.spec], variants: narrow.variants)
                == ["feed@200.layout.json", "feed@200.png", "feed@200.svg"])
        #expect(StaleBaselines.find(in: workspace.baselines, specs: [workspace.spec]).isEmpty)
    }
}
