import Foundation
import Testing
import WaterfallTestSupport

/// Bounds checked before the work they bound.
///
/// Every picture of a spec is held to the pixel limit from its layout, before its scene is built
/// and before any of its files is written; cards nobody could see are refused at their key path.
/// Each refusal is exit 2, one line, nothing written.
@Suite(.tags(.slow)) struct EarlyBoundsTests {
    /// A folder of this test's own, removed when it ends.
    let temporary: TemporaryFolder
    var folder: String { temporary.path }

    init() throws { temporary = try TemporaryFolder() }

    func spec(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func files(in path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// A spec whose first variant is a small picture and whose second is over 2^32 device pixels:
    /// 200 × 6,000 at 100 points wide, 2,000,000 × 6,000 at 1,000,000.
    static let oneVariantTooLarge = """
        width: 100
        scale: 2
        sections:
          - columns: 1
            items: [{height: 3000, title: Tall}]
        variants: {widths: [100, 1000000]}

        """

    @Test func aVariantOverThePixelLimitLeavesNoFileOfAnother() throws {
        let path = try spec("feed.yaml", Self.oneVariantTooLarge)
        let output = folder + "/out"
        let result = InProcess.run(["render", path, "--format", "svg,png", "--output", output])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "feed.yaml: the picture is 2000000×6000 device pixels; at most 4294967296 (2^32)"),
            "\(result.standardError)")
        // `feed@100.svg` and `feed@100.png` were written before the second variant failed.
        #expect(files(in: output).isEmpty, "\(files(in: output))")
    }

    @Test func examplesWritesEachSpecWholeOrNotAtAll() throws {
        let examples = folder + "/examples"
        try FileManager.default.createDirectory(atPath: examples, withIntermediateDirectories: true)
        try Self.oneVariantTooLarge.write(toFile: examples + "/huge.yaml", atomically: true, encoding: .utf8)
        try "width: 100\nscale: 1\nsections: [{items: [{height: 40, title: Fine}]}]\n".write(
            toFile: examples + "/fine.yaml", atomically: true, encoding: .utf8)
        let output = folder + "/gallery"
        let result = InProcess.run(["examples", "--examples", examples, "--output", output, "--format", "svg,png"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("huge.yaml: the picture is 2000000×6000"), "\(result.standardError)")
        let written = files(in: output)
        #expect(written.contains("fine.png"), "\(written)")
        #expect(!written.contains { $0.hasPrefix("huge") }, "\(written)")
    }

    @Test func theAuditIsHeldToThePixelLimitOfAPNG() throws {
        // 16,000,000 × 2,080,000,000 device pixels, and nothing for the audit to draw text of: it
        // found nothing (exit 0) in a picture no PNG may be.
        let path = try spec(
            "huge.yaml", "width: 1000000\nscale: 16\nsections:\n  - columns: 1\n    items: [{height: 130000000}]\n")
        let result = InProcess.run(["audit", path])
        #expect(result.status == 2, "\(result.standardOutput) \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(
            result.standardError.contains("huge.yaml: the picture is 16000000×2080000000"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
    }

    @Test func aPictureOverTheLimitIsRefusedBeforeItsImagesAreRead() throws {
        // Building the scene reads the card's image, and would say it is missing: the picture is
        // refused from its layout first.
        let path = try spec(
            "huge.yaml",
            "width: 1000000\nscale: 16\nsections:\n  - columns: 1\n    items: [{height: 130000000, image: gone.png}]\n")
        let result = InProcess.run(["render", path, "--format", "png", "--output", folder + "/out"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("the picture is 16000000×2080000000"), "\(result.standardError)")
        #expect(!result.standardError.contains("gone.png"), "\(result.standardError)")
        #expect(files(in: folder + "/out").isEmpty)
    }

    // Three minutes, a backstop against building the scene (221 s): alone the test takes seconds,
    // but in the whole run on two cores, beside the browsers, the cards' own generation once took
    // more than a minute. The message says where the refusal came from.
    @Test(.onWaitingThreads, .timeLimit(.minutes(3))) func aMillionCardsOverTheLimitAreRefusedFromTheirLayout() throws {
        // 3,870 × 3,000,000,000-odd device pixels; the scene of a million cards took 221 s to build.
        let path = try spec(
            "million.yaml",
            """
            width: 1290
            scale: 3
            sections:
              - columns: 2
                generate: {count: 1000000, minHeight: 400, maxHeight: 600, seed: 1}

            """)
        let result = InProcess.run(["render", path, "--format", "png", "--output", folder + "/out"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains("million.yaml: the picture is 3870×"), "\(result.standardError)")
        #expect(files(in: folder + "/out").isEmpty)
    }

    // Three minutes, as above: 6 s alone, over a minute once in the whole run. That no card was
    // measured is in the message ("before its text is measured").
    @Test(.onWaitingThreads, .timeLimit(.minutes(3)))
    func aMillionCardsSizedByTheirTextAreRefusedBeforeAnyIsMeasured() throws {
        let path = try spec(
            "million.yaml",
            """
            width: 1290
            scale: 3
            style: {card: {content: below}}
            sections:
              - columns: 2
                generate: {count: 1000000, seed: 1, titles: english, subtitles: likes, aspect: [0.75, 1.5]}

            """)
        let result = InProcess.run(["render", path, "--format", "png", "--output", folder + "/out"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "million.yaml: before its text is measured, the picture is at least 3870×"),
            "\(result.standardError)")
        #expect(files(in: folder + "/out").isEmpty)
    }

    @Test func aCardOfNoHeightIsRefusedAtItsKeyPath() throws {
        let path = try spec(
            "feed.yaml", "width: 300\nsections:\n  - items:\n      - {height: 40}\n      - {height: 0}\n")
        let result = InProcess.run(["render", path, "--format", "svg", "--output", folder + "/out"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: \(path):5:18: sections[0].items[1].height: 0 is not a height a card can have; "
                + "give a positive one, or \"auto\"\n")
        #expect(files(in: folder + "/out").isEmpty)
    }

    @Test func aCardUnderOneDevicePixelIsRefusedAtTheScaleItIsDrawnAt() throws {
        let tiny = try spec("tiny.yaml", "width: 300\nsections:\n  - items:\n      - {height: 1e-300}\n")
        let result = InProcess.run(["render", tiny, "--format", "svg", "--output", folder + "/out"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: \(tiny): sections[0].items[0].height: 1e-300 is not a height a card can have: it is under "
                + "one device pixel (0.5 points at scale 2); give at least 0.5, or \"auto\"\n")
        // An aspect ratio that leaves a card 1.45e-10 points tall in its 145-point column.
        let flat = try spec(
            "flat.yaml", "width: 300\nsections:\n  - columns: 2\n    items: [{size: {width: 1e12, height: 1}}]\n")
        let aspect = InProcess.run(["render", flat, "--format", "svg", "--output", folder + "/out"])
        #expect(aspect.status == 2)
        #expect(
            aspect.standardError.hasPrefix(
                "error: \(flat): sections[0].items[0].size: gives a card 1.45e-10 points tall at its width of 145 points"
            ),
            "\(aspect.standardError)")
        #expect(files(in: folder + "/out").isEmpty)
        // A device pixel is 1/scale points: 0.3 points is under one at 2×, over one at 4×.
        let thin = try spec("thin.yaml", "width: 300\nsections:\n  - items:\n      - {height: 0.3}\n")
        let atTwo = InProcess.run(["render", thin, "--format", "svg", "--output", folder + "/out"])
        #expect(atTwo.status == 2)
        #expect(atTwo.standardError.contains("sections[0].items[0].height: 0.3 is not a height"))
        let atFour = InProcess.run(["render", thin, "--format", "svg", "--scale", "4", "--output", folder + "/out"])
        #expect(atFour.status == 0, "\(atFour.standardError)")
        #expect(files(in: folder + "/out") == ["thin.svg"])
    }

    @Test func aCardUnderOneDevicePixelOnALaterPageIsRefusedToo() throws {
        // The second page is laid out only when the load-more clip loads it.
        let path = try spec(
            "paged.yaml",
            "width: 200\nscale: 1\nsections:\n  - pageSize: 1\n    items:\n      - {height: 40}\n      - {height: 0.5}\n"
        )
        let result = InProcess.run([
            "render", path, "--animate", "load-more", "--viewport", "100", "--pages", "1", "--format", "gif",
            "--output", folder + "/out",
        ])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(
            result.standardError.contains("sections[0].items[1].height: 0.5 is not a height a card can have"),
            "\(result.standardError)")
        #expect(files(in: folder + "/out").isEmpty)
    }
}
