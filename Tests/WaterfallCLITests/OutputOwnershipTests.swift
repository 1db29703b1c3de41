import Foundation
import Testing
import WaterfallTestSupport

/// Renders and records never replace or delete a file that is not their own, and a spec that
/// fails leaves nothing behind.
@Suite struct OutputOwnershipTests {
    /// A spec whose PNG is `tiles` tiles tall at scale 1 (a tile is at most 32,767 pixels).
    static func spec(tiles: Int) -> String {
        "width: 40\nscale: 1\nminimumContentHeight: \(tiles == 1 ? 100 : 32_767 * (tiles - 1) + 100)\n"
            + "sections:\n  - columns: 1\n    items:\n      - {height: 50}\n"
    }

    /// This test's temporary folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws { temporary = try TemporaryFolder() }

    /// A new empty folder in ``temporary``.
    func folder() throws -> String {
        let folder = temporary.path(UUID().uuidString)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func aTiledSpecNeverReplacesAnotherSpecsPicture() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(Self.spec(tiles: 1), dir + "/a-1.yaml")
        try write(Self.spec(tiles: 2), dir + "/a.yaml")
        let first = InProcess.run(["render", dir + "/a-1.yaml", "--format", "png", "-o", dir + "/out"])
        #expect(first.status == 0, "\(first.standardError)")
        let before = contents(dir + "/out/a-1.png")
        let second = InProcess.run(["render", dir + "/a.yaml", "--format", "png", "-o", dir + "/out"])
        #expect(second.status == 2)
        #expect(second.standardError.contains("a-1.png: is not a tile waterfall wrote for \(dir)/a.yaml; not replaced"))
        #expect(contents(dir + "/out/a-1.png") == before)
        #expect(contents(dir + "/out/a-2.png") == nil, "a spec that fails leaves nothing")
    }

    @Test func twoSpecsOfOneRunNeverWriteOneFile() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(Self.spec(tiles: 1), dir + "/a-1.yaml")
        try write(Self.spec(tiles: 2), dir + "/a.yaml")
        let result = InProcess.run(
            ["render", dir + "/a-1.yaml", dir + "/a.yaml", "--format", "png", "-o", dir + "/out"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("a-1.png"))
        // Whichever spec came second failed whole: a-1.png is one spec's picture, never a mix.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
        #expect(files == ["a-1.png"] || files == ["a-1.png", "a-2.png"])
    }

    @Test func staleTilesGoButAUsersLookalikeStays() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/out", withIntermediateDirectories: true)
        try write("the user's own picture", dir + "/out/shop-2023.png")
        try write("another", dir + "/out/shop-3.png")
        try write(Self.spec(tiles: 2), dir + "/shop.yaml")
        let tall = InProcess.run(["render", dir + "/shop.yaml", "--format", "png", "-o", dir + "/out"])
        #expect(tall.status == 0, "\(tall.standardError)")
        #expect(contents(dir + "/out/shop-2.png") != nil)
        try write(Self.spec(tiles: 1), dir + "/shop.yaml")
        let short = InProcess.run(["render", dir + "/shop.yaml", "--format", "png", "-o", dir + "/out"])
        #expect(short.status == 0, "\(short.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
        #expect(files == ["shop-2023.png", "shop-3.png", "shop.png"])
        #expect(contents(dir + "/out/shop-2023.png") == Data("the user's own picture".utf8))
    }

    @Test func aBlockedTargetLeavesNoFormatBehind() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(Self.spec(tiles: 1), dir + "/ok.yaml")
        try FileManager.default.createDirectory(atPath: dir + "/out/ok.png", withIntermediateDirectories: true)
        let result = InProcess.run(["render", dir + "/ok.yaml", "-o", dir + "/out"])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: \(dir)/out/ok.png: is a directory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out") == ["ok.png"])
    }

    @Test func aRecordThatCannotWriteEveryBaselineWritesNone() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(Self.spec(tiles: 1), dir + "/ok.yaml")
        try FileManager.default.createDirectory(atPath: dir + "/base/ok.svg", withIntermediateDirectories: true)
        let result = InProcess.run(["check", dir + "/ok.yaml", "--baselines", dir + "/base", "--record"])
        #expect(result.status == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/base") == ["ok.svg"])
    }

    @Test func theGalleryOwnsIndexHTMLAndLinksCannotBeSchemes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/specs", withIntermediateDirectories: true)
        try write(Self.spec(tiles: 1), dir + "/specs/index.yaml")
        try write(Self.spec(tiles: 1), dir + "/specs/javascript:alert(1).yaml")
        let result = InProcess.run(["examples", "--examples", dir + "/specs", "-o", dir + "/out"])
        #expect(result.status == 2)
        #expect(
            result.standardError.contains("index.html: is written for both the gallery and \(dir)/specs/index.yaml"))
        // A set with a spec that failed gets no gallery, and the spec nothing of its own.
        #expect(contents(dir + "/out/index.html") == nil)
        #expect(contents(dir + "/out/index.svg") == nil)
        // Without it, the gallery links the other spec by a relative path, never a scheme.
        try FileManager.default.removeItem(atPath: dir + "/specs/index.yaml")
        let second = InProcess.run(["examples", "--examples", dir + "/specs", "-o", dir + "/out"])
        #expect(second.status == 0, "\(second.standardError)")
        let gallery = String(decoding: contents(dir + "/out/index.html") ?? Data(), as: UTF8.self)
        #expect(gallery.contains("<title>Waterfall examples</title>"))
        #expect(!gallery.contains("href=\"javascript:"))
        #expect(gallery.contains("href=\"./javascript%3Aalert%281%29.svg\""))
    }

    /// The working folder is the subject: the binary is started in a folder of its own.
    @Test(.onWaitingThreads, .tags(.process)) func theBinaryWorksFromAnyFolderWithItsBuiltInTemplates() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write(Self.spec(tiles: 1), dir + "/feed.yaml")
        let render = try CommandRunner.run(
            ["render", "feed.yaml", "--format", "html", "-o", "."], currentDirectory: dir)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(String(decoding: contents(dir + "/feed.html") ?? Data(), as: UTF8.self).contains("class=\"page\""))
        let bare = try CommandRunner.run([], currentDirectory: dir)
        #expect(bare.status == 0)
        #expect(bare.standardOutput.contains("waterfall render feed.yaml"))
        #expect(bare.standardError.isEmpty)
    }

    @Test func checkSeesAWhiteCardGrowOnALightPage() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func card(_ height: Int) -> String {
            "width: 200\nstyle: {background: \"#f5f5f5\", palette: [\"#ffffff\"]}\n"
                + "sections:\n  - columns: 2\n    items:\n      - {height: \(height)}\n      - {height: 40}\n"
        }
        try write(card(100), dir + "/light.yaml")
        let record = InProcess.run(["check", dir + "/light.yaml", "--baselines", dir + "/b", "--record"])
        #expect(record.status == 0, "\(record.standardOutput)\(record.standardError)")
        try write(card(130), dir + "/light.yaml")
        let check = InProcess.run(["check", dir + "/light.yaml", "--baselines", dir + "/b", "--report", dir + "/r"])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("CHANGED  \(dir)/light.yaml"))
        #expect(check.standardOutput.contains("pixels differ"))
        let report = String(decoding: contents(dir + "/r/index.html") ?? Data(), as: UTF8.self)
        #expect(report.contains("light.actual.png") && report.contains("light.reference.png"))
        #expect(contents(dir + "/r/light.diff.png") != nil)
    }

    @Test func anImageIsEmbeddedOncePerDocumentWhateverItsPathsSpelling() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/x", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Repository.path("Examples/images/meadow.png"), toPath: dir + "/meadow.png")
        let items = ["meadow.png", "./meadow.png", "x/../meadow.png", "./x/../meadow.png"]
            .map { "      - {size: {width: 4, height: 3}, image: \"\($0)\"}" }.joined(separator: "\n")
        try write("width: 300\nsections:\n  - columns: 2\n    items:\n" + items + "\n", dir + "/pics.yaml")
        let result = InProcess.run(["render", dir + "/pics.yaml", "--format", "svg,html", "-o", dir])
        #expect(result.status == 0, "\(result.standardError)")
        for file in ["pics.svg", "pics.html"] {
            let text = String(decoding: contents(dir + "/" + file) ?? Data(), as: UTF8.self)
            #expect(text.components(separatedBy: "base64,").count == 2, "\(file) embeds the image once")
        }
        let svg = String(decoding: contents(dir + "/pics.svg") ?? Data(), as: UTF8.self)
        #expect(svg.components(separatedBy: "<use href=\"#image0\"").count == 5)
    }
}
