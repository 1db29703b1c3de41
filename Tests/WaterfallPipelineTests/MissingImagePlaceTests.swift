import Foundation
import Testing
import WaterfallPipeline
import WaterfallSpec
import WaterfallTestSupport

/// An image file found missing when the spec is drawn is named where the spec writes it, with the
/// line and column, as every decoding error is.
@Suite struct MissingImagePlaceTests {
    /// The one-line error of drawing `spec` (written as `name` in a folder of its own, beside
    /// `files`), or `nil` when it draws.
    static func error(_ spec: String, name: String = "feed.yaml", files: [String: String] = [:]) throws -> String? {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (file, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + file)) }
        let path = folder + "/" + name
        try Data(spec.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try RenderPipeline(renderers: [.svg]).prepare(specAt: path)
            return nil
        } catch {
            return "\(error)".replacingOccurrences(of: folder + "/", with: "")
        }
    }

    @Test func anItemsImageIsNamedAtItsLineAndColumn() throws {
        let spec = "width: 200\nsections:\n  - items:\n      - {height: 100, image: photos/nowhere.png}\n"
        #expect(
            try Self.error(spec)
                == "feed.yaml:4:30: sections[0].items[0].image: photos/nowhere.png no such file")
        let block = "width: 200\nsections:\n  - items:\n      - height: 100\n        image: gone.jpg\n"
        #expect(try Self.error(block) == "feed.yaml:5:16: sections[0].items[0].image: gone.jpg no such file")
    }

    /// A generated item's image is named where `generate.images` lists it; a broken file as a
    /// missing one.
    @Test func aGeneratedItemsImageIsNamedInTheList() throws {
        let spec = """
            width: 200
            sections:
              - generate: {count: 4, minHeight: 50, maxHeight: 90, seed: 1, images: [a.png, b.png]}
            """
        #expect(
            try Self.error(spec, files: ["a.png": "not a picture"])
                == "feed.yaml:3:74: sections[0].generate.images[0]: a.png is not a PNG or JPEG file")
    }

    /// An image a data file names is named in the data file, at its record's line.
    @Test func aDataFilesImageIsNamedInTheDataFile() throws {
        let spec = """
            width: 200
            sections:
              - itemsFrom: {file: items.csv, fields: {image: image, title: name}}
            """
        let csv = "name,image\nOne,one.png\nTwo,two.png\n"
        let message = try #require(try Self.error(spec, files: ["items.csv": csv]))
        #expect(message.hasPrefix("items.csv:2: "), "\(message)")
        #expect(message.hasSuffix("one.png no such file"), "\(message)")
    }
}
