import Foundation
import Testing
import WaterfallCairo
import WaterfallTestSupport

/// `waterfall render` and the default command, end to end.
@Suite struct RenderCommandTests {
    /// This test's temporary folder, removed when it ends.
    let temporary: TemporaryFolder

    init() throws { temporary = try TemporaryFolder() }

    /// A new empty folder in ``temporary``.
    func temporaryFolder() throws -> String {
        let folder = temporary.path(UUID().uuidString)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func rendersEveryFormatNamedAfterTheSpec() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = InProcess.run(
            [
                "render", Repository.path("Examples/04-grid-100.yaml"), "--output", output, "--templates",
                Repository.path("Templates"),
            ])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            try files(output) == [
                "04-grid-100.html", "04-grid-100.layout.json", "04-grid-100.pdf", "04-grid-100.png", "04-grid-100.svg",
            ])
        let png = try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: output + "/04-grid-100.png")!))
        #expect(png.width == 680 && png.height == 680)
        // --scale overrides the spec's.
        let scaled = InProcess.run(
            [
                "render", Repository.path("Examples/04-grid-100.yaml"), "--output", output, "--format", "png",
                "--scale", "1",
            ])
        #expect(scaled.status == 0)
        #expect(
            try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: output + "/04-grid-100.png")!)).width
                == 340)
    }

    @Test func tallPicturesAreWrittenAsTilesThatHoldTheWholePicture() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = InProcess.run(
            ["render", Repository.path("Examples/09-long-feed.yaml"), "--output", output, "--format", "png"])
        #expect(result.status == 0, "\(result.standardError)")
        let tiles = try files(output)
        #expect(tiles == (1...5).map { "09-long-feed-\($0).png" })
        var height = 0
        for tile in tiles {
            let image = try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: output + "/" + tile)!))
            #expect(image.width == 750)
            #expect(image.height <= 32767)
            height += image.height
        }
        #expect(height == 77906 * 2)
    }

    @Test func oneBadSpecDoesNotStopTheOthers() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let bad = output + "/bad.yaml"
        try "width: 300\nsections: [{items: [{hieght: 1}]}]".write(toFile: bad, atomically: true, encoding: .utf8)
        let result = InProcess.run(
            ["render", bad, Repository.path("Examples/04-grid-100.yaml"), "--output", output, "--format", "svg"])
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "error: \(bad):2:22: sections[0].items[0].hieght: unknown key (did you mean \"height\"?)\n"))
        #expect(try files(output) == ["04-grid-100.svg", "bad.yaml"])
    }

    @Test func aMissingImageIsAnErrorNamingTheItemUnlessPlaceholdersAreAsked() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let spec = output + "/photos.yaml"
        try "width: 300\nsections: [{items: [{height: 10}, {height: 100, image: nowhere.png}]}]"
            .write(toFile: spec, atomically: true, encoding: .utf8)
        let failed = InProcess.run(["render", spec, "--output", output, "--format", "svg,png"])
        #expect(failed.status == 2)
        #expect(failed.standardError == "error: \(spec):2:56: sections[0].items[1].image: nowhere.png no such file\n")
        #expect(try files(output) == ["photos.yaml"])
        let placeholder = InProcess.run(
            ["render", spec, "--output", output, "--format", "svg,png", "--missing-images", "placeholder"])
        #expect(placeholder.status == 0)
        #expect(try files(output) == ["photos.png", "photos.svg", "photos.yaml"])
    }

    @Test func templateProblemsAreClearErrors() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let spec = Repository.path("Examples/04-grid-100.yaml")
        let missing = InProcess.run(["render", spec, "--output", output, "--templates", output + "/none"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "error: \(output)/none: template folder not found\n")
        let templates = output + "/templates"
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        try "<p>{{#elements}}{{kind}}{{/element}}</p>".write(
            toFile: templates + "/page.mustache", atomically: true, encoding: .utf8)
        try "<p></p>".write(toFile: templates + "/gallery.mustache", atomically: true, encoding: .utf8)
        let broken = InProcess.run(["render", spec, "--output", output, "--templates", templates])
        #expect(broken.status == 2)
        #expect(broken.standardError.hasPrefix("error: \(templates)/page.mustache:1:"))
        #expect(broken.standardError.contains("template syntax error"))
        #expect(try files(output) == ["templates"])
    }

    @Test func usersOwnTemplatesReplaceTheBuiltInOnes() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let templates = output + "/templates"
        try FileManager.default.createDirectory(atPath: templates, withIntermediateDirectories: true)
        try "<ul>{{#elements}}<li data-kind=\"{{kind}}\">{{left}},{{top}}</li>{{/elements}}</ul>\n"
            .write(toFile: templates + "/page.mustache", atomically: true, encoding: .utf8)
        try "<p></p>".write(toFile: templates + "/gallery.mustache", atomically: true, encoding: .utf8)
        let result = InProcess.run(
            [
                "render", Repository.path("Examples/04-grid-100.yaml"), "--output", output, "--format", "html",
                "--templates", templates,
            ])
        #expect(result.status == 0)
        let page = try String(contentsOfFile: output + "/04-grid-100.html", encoding: .utf8)
        #expect(page.hasPrefix("<ul><li data-kind=\"cell\">10,10</li><li data-kind=\"cell\">120,10</li>"))
    }

    @Test func unknownFormatIsABadArgument() throws {
        let result = InProcess.run([
            "render", Repository.path("Examples/04-grid-100.yaml"), "--format", "gif", "--output",
            TemporaryFolder.newPath(named: "unused-waterfall"),
        ])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: unknown format \"gif\"; the formats are svg, html, html-grid-lanes, png, pdf, json\n")
    }

    @Test(.onWaitingThreads, .tags(.process)) func noArgumentsRendersTheExamplesWithAGallery() throws {
        let output = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: output) }
        // The default command, run from the repository as `swift run waterfall` is.
        let result = try CommandRunner.run(["--output", output], currentDirectory: Repository.root.path)
        #expect(result.status == 0, "\(result.standardError)")
        let written = try files(output)
        for example in try Repository.examples() {
            // A spec reviewed on screens (`variants.viewport`) is drawn as its first screen.
            let whole = String(example.dropLast(5))
            let name = written.contains("\(whole).screen-1.svg") ? whole + ".screen-1" : whole
            for ext in ["svg", "html", "pdf"] { #expect(written.contains("\(name).\(ext)"), "\(name).\(ext)") }
            #expect(written.contains("\(name).png") || written.contains("\(name)-1.png"))
        }
        // A spec that declares clips has them beside its pictures, and the gallery plays them.
        #expect(written.contains("18-feed-clips.scroll.png") && written.contains("18-feed-clips.load-more.png"))
        let gallery = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
        #expect(gallery.contains("<a href=\"./05-goods-list.svg\">05-goods-list.svg</a>"))
        #expect(gallery.contains("<img src=\"./06-local-images.png\""))
        #expect(gallery.contains("<img src=\"./18-feed-clips.scroll.png\" alt=\"scroll\">"))
        let count = try Repository.examples().count
        #expect(
            result.standardError.hasSuffix(
                "rendered \(count) of \(count) specs into \(output)/ (gallery: \(output)/index.html)\n"))
        // The examples draw both appearances: a spec with a dark style gets its dark files, and
        // the gallery shows its dark picture beside the light one.
        #expect(written.contains("10-photo-feed.dark.png") && written.contains("10-photo-feed.dark.html"))
        #expect(!written.contains("04-grid-100.dark.png"))
        #expect(gallery.contains("<img src=\"./10-photo-feed.dark.png\" alt=\"10-photo-feed, dark\">"))
        #expect(!written.contains { $0.contains(".tmp-") })
    }
}
