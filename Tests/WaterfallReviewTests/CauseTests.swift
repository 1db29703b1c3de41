import Foundation
import Testing
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallReview
import WaterfallSpec
import WaterfallTestSupport

/// A changed spec is explained by cause first.
///
/// Which input value changed, in the spec's terms, then what it did to the feed, in one
/// sentence. Each test records a feed's baselines, changes one input, checks again and reads the
/// causes.
@Suite(.tags(.slow)) struct CauseTests {
    typealias Workspace = BaselineCheckerTests.Workspace

    /// Six cards in two columns, each height given: where every card goes is known.
    static func feed(
        columns: Int = 2, lineSpacing: Int = 10, left: Int = 0, heights: [Int] = [100, 60, 80, 70, 50, 90]
    ) -> String {
        """
        width: 200
        scale: 1
        sections:
          - columns: \(columns)
            sectionInset: {top: 0, left: \(left), bottom: 0, right: 0}
            lineSpacing: \(lineSpacing)
            interitemSpacing: 10
            items:
        \(heights.map { "      - {height: \($0)}" }.joined(separator: "\n"))
        """
    }

    /// Records `before`, writes `after` and checks it: the one check's causes.
    static func causes(
        from before: String, to after: String, in workspace: Workspace? = nil,
        between: ((Workspace) throws -> Void)? = nil
    ) throws -> [Cause] {
        let workspace = try workspace ?? Workspace(before)
        try workspace.write(before)
        let checker = BaselineChecker(baselines: workspace.baselines)
        var recorded = checker.check([workspace.spec])
        #expect(recorded.record(into: workspace.baselines, mode: .all) == nil)
        try between?(workspace)
        try workspace.write(after)
        let check = try #require(checker.check([workspace.spec]).checks.first)
        #expect(check.status == .changed, "\(check.reason)")
        #expect(!check.causes.isEmpty)
        for cause in check.causes { expectReadable(cause) }
        return check.causes
    }

    /// Numbers in a sentence have at most one decimal, and a sentence ends in a full stop.
    static func expectReadable(_ cause: Cause, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in [cause.input, cause.consequence].compactMap({ $0 }) {
            #expect(
                text.range(of: #"\d\.\d\d"#, options: .regularExpression) == nil, "\(text)",
                sourceLocation: sourceLocation)
        }
        if let consequence = cause.consequence {
            #expect(consequence.hasSuffix("."), "\(consequence)", sourceLocation: sourceLocation)
            let first = consequence.first
            #expect(
                first?.isUppercase == true || first?.isNumber == true, "\(consequence)", sourceLocation: sourceLocation)
        }
    }

    @Test func aColumnCountIsNamedAndTheCardsMoveIntoTheNewColumns() throws {
        let causes = try Self.causes(from: Self.feed(), to: Self.feed(columns: 3))
        #expect(causes.count == 1)
        #expect(causes[0].input == "sections[0].columns: 2 → 3")
        // Two columns end at 280 pt; three at 190 pt (100, 60+10+70, 80+10+50+10+... as placed).
        let consequence = try #require(causes[0].consequence)
        #expect(consequence.hasPrefix("6 cards moved into 3 columns; the feed got "), "\(consequence)")
        #expect(consequence.hasSuffix(" pt shorter."), "\(consequence)")
    }

    @Test func aLineSpacingMovesTheCardsBelowTheFirstRow() throws {
        let causes = try Self.causes(from: Self.feed(), to: Self.feed(lineSpacing: 20))
        #expect(causes.map(\.input) == ["sections[0].lineSpacing: 10 → 20"])
        // Cards 2, 3, 4 and 5 are below another card; the two columns end 20 pt lower.
        #expect(causes[0].consequence == "4 of 6 cards moved; the feed got 20 pt taller.")
    }

    @Test func anInsetIsNamedByItsEdge() throws {
        let causes = try Self.causes(from: Self.feed(), to: Self.feed(left: 10))
        #expect(causes.map(\.input) == ["sections[0].sectionInset.left: 0 → 10"])
        // A left inset narrows both columns by 5 pt: every card changes size.
        #expect(causes[0].consequence == "All 6 cards changed size.")
    }

    @Test func aLongerTitleGrowsItsCardAndMovesTheCardsBelowIt() throws {
        func feed(_ title: String) -> String {
            """
            width: 200
            scale: 1
            style: {card: {content: below}}
            sections:
              - columns: 2
                items:
                  - {size: {width: 100, height: 100}, title: "\(title)"}
                  - {height: 150}
                  - {height: 80}
                  - {height: 60}
            """
        }
        let causes = try Self.causes(
            from: feed("Tea"), to: feed("A much longer title that wraps onto two or three lines here"))
        #expect(causes.map(\.input) == ["sections[0].items[0].title changed (3 → 59 characters)"])
        let consequence = try #require(causes[0].consequence)
        // Card 2 goes under card 0 (the shorter column), card 3 under card 1.
        #expect(consequence.hasPrefix("Card 0 grew by "), "\(consequence)")
        #expect(consequence.contains(" pt; 1 card below it moved down "), "\(consequence)")
    }

    /// Writes `images/a.png` in the workspace: a grey picture of that size.
    static func writeImage(width: Int, height: Int, in workspace: Workspace) throws {
        try FileManager.default.createDirectory(atPath: workspace.folder + "/images", withIntermediateDirectories: true)
        let pixels = [UInt8](repeating: 200, count: width * height * 4)
        try Data(PNGFixture.encodeStored(width: width, height: height, pixels: pixels)).write(
            to: URL(fileURLWithPath: workspace.folder + "/images/a.png"))
    }

    @Test func anImageOfAnotherAspectIsNamedWithItsSizeAndItsCard() throws {
        let workspace = try Workspace("")
        func image(width: Int, height: Int) throws { try Self.writeImage(width: width, height: height, in: workspace) }
        try image(width: 100, height: 100)
        let spec = """
            width: 200
            scale: 1
            sections:
              - columns: 2
                items:
                  - {height: 50}
                  - {image: images/a.png}
                  - {height: 80}
                  - {height: 60}
            """
        let causes = try Self.causes(from: spec, to: spec, in: workspace) { _ in
            try image(width: 100, height: 150)
        }
        #expect(causes.map(\.input) == ["images/a.png: 100 × 100 px → 100 × 150 px"])
        // The card is 95 pt wide: 95 × 1.5 = 142.5 pt tall instead of 95. Card 3 was under it
        // (at 105 pt); the left column (140 pt) is now the shorter, so it moves there, to 150 pt,
        // and the feed ends at 210 pt instead of 165.
        #expect(
            causes[0].consequence
                == "Card 1 grew by 47.5 pt; 1 card below it moved down 45 pt and left 105 pt; the feed got 45 pt taller."
        )
    }

    @Test func twoChangesInOneEditEachNameWhatTheyDidAlone() throws {
        let workspace = try Workspace("")
        func image(width: Int, height: Int) throws { try Self.writeImage(width: width, height: height, in: workspace) }
        try image(width: 100, height: 100)
        func spec(columns: Int) -> String {
            """
            width: 200
            scale: 1
            sections:
              - columns: \(columns)
                items:
                  - {height: 50}
                  - {image: images/a.png}
                  - {height: 80}
                  - {height: 60}
            """
        }
        let causes = try Self.causes(from: spec(columns: 2), to: spec(columns: 3), in: workspace) { _ in
            try image(width: 100, height: 150)
        }
        #expect(
            causes.map(\.input) == [
                "sections[0].columns: 2 → 3", "images/a.png: 100 × 100 px → 100 × 150 px", "the 2 changes together",
            ])
        // The columns alone, with the square image: 4 cards in 3 columns of 60 pt; the left column
        // (50, then 60 under it) ends at 120 pt instead of 165 (50 + 10 + 80 on the left, 95 + 10 +
        // 60 on the right).
        #expect(causes[0].consequence == "4 cards moved into 3 columns; the feed got 45 pt shorter.")
        // The image alone, in two columns: what the test of the image alone says, word for word.
        #expect(
            causes[1].consequence
                == "Card 1 grew by 47.5 pt; 1 card below it moved down 45 pt and left 105 pt; the feed got 45 pt taller."
        )
        // Together: every card is narrower, the image's taller than it was.
        let together = try #require(causes[2].consequence)
        #expect(together.hasPrefix("All 4 cards changed size"), "\(together)")
    }

    @Test func recordedInputsLayOutAsTheirSpecForEveryExample() throws {
        // Telling changes apart lays out the recorded inputs again: for every example (data files,
        // images, fonts, generated items), the record must lay out to the layout the spec has.
        let pipeline = RenderPipeline(renderers: [])
        let examples = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Examples"))
            .filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(examples.count >= 18)
        for example in examples {
            let spec = try pipeline.loadSpec(at: Repository.path("Examples/" + example), keepingInputs: true)
            let prepared = try pipeline.prepare(spec)
            let inputs = try #require(spec.inputs)
            let record = RecordedInputs(inputs: inputs, scene: prepared.scene)
            let decoded = try Spec.decode(
                inputs: SpecInputs(document: record.spec, dataSources: record.data), file: spec.source,
                baseDirectory: spec.baseDirectory, readRule: spec.readRule)
            let sizes = Dictionary(
                record.images.map { ($0.path, Size(width: Double($0.width), height: Double($0.height))) },
                uniquingKeysWith: { first, _ in first })
            let replayed = try pipeline.layout(decoded, imageSizes: sizes)
            #expect(LayoutSnapshot(replayed) == LayoutSnapshot(prepared.layout), "\(example)")
        }
    }

    @Test func anInsertedItemIsNamedByItsPlace() throws {
        let causes = try Self.causes(
            from: Self.feed(), to: Self.feed(heights: [100, 60, 55, 80, 70, 50, 90]))
        #expect(causes.map(\.input) == ["sections[0].items[2] inserted"])
        let consequence = try #require(causes[0].consequence)
        #expect(consequence.hasPrefix("1 card more (6 → 7); "), "\(consequence)")
        #expect(consequence.contains(" after it moved"), "\(consequence)")
    }

    @Test func aRemovedItemIsNamedByItsPlace() throws {
        let causes = try Self.causes(from: Self.feed(), to: Self.feed(heights: [100, 80, 70, 50, 90]))
        #expect(causes.map(\.input) == ["sections[0].items[1] removed"])
        let consequence = try #require(causes[0].consequence)
        #expect(consequence.hasPrefix("1 card fewer (6 → 5); "), "\(consequence)")
    }

    @Test func aDataRecordIsNamedByTheFileAndTheRecord() throws {
        let workspace = try Workspace("")
        try FileManager.default.createDirectory(atPath: workspace.folder + "/data", withIntermediateDirectories: true)
        func data(height: Int, price: Int) throws {
            let json = """
                {"products": [
                  {"name": "Tea", "h": 100, "price": 12},
                  {"name": "Cake", "h": \(height), "price": \(price)},
                  {"name": "Milk", "h": 80, "price": 9},
                  {"name": "Bun", "h": 70, "price": 5}
                ]}
                """
            try Data(json.utf8).write(to: URL(fileURLWithPath: workspace.folder + "/data/shop.json"))
        }
        try data(height: 60, price: 199)
        let spec = """
            width: 200
            scale: 1
            sections:
              - columns: 2
                itemsFrom:
                  file: data/shop.json
                  at: products
                  fields: {cardHeight: h, title: "{name}", meta: "¥{price}"}
            """
        let causes = try Self.causes(from: spec, to: spec, in: workspace) { _ in
            try data(height: 78, price: 219)
        }
        #expect(
            causes.map(\.input) == [
                "data/shop.json products[1].h: 60 → 78", "data/shop.json products[1].price: 199 → 219",
                "the 2 changes together",
            ])
        // Card 1 is in the right column; card 2 went under it (the shorter column) and moves with it.
        // The records are laid out as recorded with one change each: the price alone moves nothing.
        #expect(causes[0].consequence == "Card 1 grew by 18 pt; 1 card below it moved down 18 pt.")
        #expect(causes[1].consequence == "On its own it moves no frame: only what is drawn changes.")
        #expect(causes[2].consequence == "1 of 4 cards changed size; 1 more moved.")
    }

    @Test func aChangedRendererIsNamedWhenNoInputChanged() throws {
        let workspace = try Workspace(Self.feed())
        let checker = BaselineChecker(baselines: workspace.baselines)
        var recorded = checker.check([workspace.spec])
        #expect(recorded.record(into: workspace.baselines, mode: .all) == nil)
        // The baselines as another machine drew them: other pixels, another Pango.
        let other = try Workspace(
            Self.feed().replacingOccurrences(of: "scale: 1", with: "scale: 1\nstyle: {palette: [\"#336699\"]}"))
        var otherResults = BaselineChecker(baselines: other.baselines).check([other.spec])
        #expect(otherResults.record(into: other.baselines, mode: .all) == nil)
        try FileManager.default.removeItem(atPath: workspace.baselines + "/feed.png")
        try FileManager.default.copyItem(
            atPath: other.baselines + "/feed.png", toPath: workspace.baselines + "/feed.png")
        var fingerprint = try RendererFingerprint.current()
        let pango = fingerprint.pango
        fingerprint.pango = "1.0.0"
        try fingerprint.record(inBaselines: workspace.baselines)

        let check = try #require(checker.check([workspace.spec]).checks.first)
        #expect(check.status == .changed)
        #expect(check.causes.map(\.input) == ["renderer fingerprint changed: Pango 1.0.0 → \(pango)"])
        let consequence = try #require(check.causes[0].consequence)
        #expect(consequence.hasPrefix("The layout is unchanged; "), "\(consequence)")
        #expect(consequence.hasSuffix(" pixels changed."), "\(consequence)")
    }

    @Test func manyItemsChangingOneKeyAreOneCause() throws {
        func feed(_ title: String) -> String {
            """
            width: 200
            scale: 1
            sections:
              - columns: 2
                items:
            \((0..<6).map { "      - {height: \(60 + $0 * 10), title: \"\(title) \($0)\"}" }.joined(separator: "\n"))
            """
        }
        let causes = try Self.causes(from: feed("Tea"), to: feed("Coffee"))
        #expect(causes.map(\.input) == ["sections[0].items[*].title changed in 6 items"])
        // Cards of a given height keep it whatever their titles: only pixels change.
        #expect(causes[0].consequence?.hasPrefix("The layout is unchanged; ") == true)
    }

    @Test func baselinesWithoutARecordOfTheirInputsAreExplainedByTheLayout() throws {
        let causes = try Self.causes(from: Self.feed(), to: Self.feed(lineSpacing: 20)) { workspace in
            try FileManager.default.removeItem(atPath: workspace.baselines + "/feed.inputs.json")
        }
        #expect(causes.count == 1)
        #expect(causes[0].input == nil)
        #expect(causes[0].consequence?.contains("moved down 10 pt") == true, "\(causes[0].consequence ?? "")")
    }

    @Test func theRecordIsWrittenWithTheBaselinesAndNotWhileAVariantIsLeftChanged() throws {
        let workspace = try Workspace(Self.feed())
        let checker = BaselineChecker(baselines: workspace.baselines)
        var results = checker.check([workspace.spec])
        #expect(results.record(into: workspace.baselines, mode: .missing) == nil)
        let record = try #require(workspace.bytes("feed.inputs.json"))
        #expect(String(decoding: record, as: UTF8.self).hasPrefix("{\"format\":\"waterfall inputs\",\"version\":1,"))
        // The same spec, written in another way, is the same record.
        try workspace.write(Self.feed().replacingOccurrences(of: "columns: 2", with: "\"columns\": 2.0"))
        let same = checker.check([workspace.spec])
        #expect(same.checks[0].status == .passed)
        #expect(same.checks[0].inputs?.bytes == record)
        // A change left unrecorded (`.missing` writes only what is missing) keeps the old record,
        // which still says what the baselines were drawn from.
        try workspace.write(Self.feed(columns: 3))
        var changed = checker.check([workspace.spec])
        #expect(changed.record(into: workspace.baselines, mode: .missing) == nil)
        #expect(changed.checks[0].status == .changed)
        #expect(workspace.bytes("feed.inputs.json") == record)
        #expect(changed.record(into: workspace.baselines, mode: .changed) == nil)
        #expect(workspace.bytes("feed.inputs.json") != record)
        #expect(checker.check([workspace.spec]).checks[0].status == .passed)
    }

    @Test func aHostileRecordIsOneLineNamingItAndTheCheckStillRuns() throws {
        let causes = try Self.causes(from: Self.feed(), to: Self.feed(columns: 3)) { workspace in
            try Data(String(repeating: "[", count: 100_000).utf8).write(
                to: URL(fileURLWithPath: workspace.baselines + "/feed.inputs.json"))
        }
        #expect(causes.count == 1)
        #expect(causes[0].input?.hasSuffix("feed.inputs.json: not a record of a spec's inputs") == true)
    }
}
