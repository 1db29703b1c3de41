import Foundation
import Testing
import WaterfallCairo
import WaterfallRender
import WaterfallTestSupport

/// A spec's own font files read and proved: good ones give their faces, bad ones one line
/// naming the file.
@Suite(.tags(.slow)) struct AppFontsTests {
    static let inter = ["Inter-Regular.otf", "Inter-Bold.otf"].map { Repository.path("Examples/fonts/\($0)") }

    static func request(_ file: String) -> AppFonts.Request { AppFonts.Request(path: file, file: file) }

    @Test func interGivesItsFamilyAtBothWeights() throws {
        let fonts = try #require(try AppFonts.load(Self.inter.map(Self.request)))
        #expect(fonts.families == ["Inter"])
        #expect(fonts.files.map { $0.faces.map(\.weight) } == [[400], [700]])
        let regular = try #require(fonts.choices.first { $0.weight == .regular })
        let bold = try #require(fonts.choices.first { $0.weight == .bold })
        #expect(regular.family == "Inter" && regular.font == 0)
        #expect(bold.family == "Inter" && bold.font == 1)
        #expect(fonts.family(named: "inter") == "Inter")
        #expect(fonts.family(named: "DejaVu Sans") == nil)
        #expect(fonts.files[0].sha256.count == 64)
    }

    @Test func aSingleRegularFaceDrawsBothWeights() throws {
        let fonts = try #require(try AppFonts.load([Self.request(Self.inter[0])]))
        #expect(Set(fonts.choices.map(\.weight)) == [.regular, .bold])
        #expect(fonts.choices.allSatisfy { $0.font == 0 })
    }

    @Test func everyFaceOfACollectionIsRead() throws {
        let collection = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
        let fonts = try #require(try AppFonts.load([Self.request(collection)]))
        #expect(fonts.files[0].faces.count == 10)
        #expect(fonts.files[0].faces.map(\.index) == Array(0..<10))
        #expect(fonts.family(named: "Noto Sans CJK JP") == "Noto Sans CJK JP")
    }

    /// A folder of bad font files, removed when the test ends.
    final class Folder {
        let path = ExternalRenderers.temporaryPath("dir")
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let file = path + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            return file
        }

        /// The one line loading `file` fails with.
        func failure(_ file: String) -> String {
            do {
                _ = try AppFonts.load([AppFontsTests.request(file)])
                return "loaded"
            } catch {
                return error.description
            }
        }
    }

    @Test func badFilesAreOneLineNamingTheFile() throws {
        let folder = try Folder()
        let font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.inter[0])))
        // Seeded: noise from the system's generator sometimes reads as a table directory (then the
        // file is "truncated", not "not a font file"), and a test gives one answer every run.
        var random = TestRandom(seed: 34)
        let noise = (0..<4000).map { _ in UInt8.random(in: 0...255, using: &random) }
        var garbage = font
        // Every table's bytes replaced by noise, the directory kept.
        let tables = Int(font[4]) << 8 | Int(font[5])
        for index in 0..<tables {
            let record = 12 + 16 * index
            let offset = font[record + 8..<record + 12].reduce(0) { $0 << 8 | Int($1) }
            let length = font[record + 12..<record + 16].reduce(0) { $0 << 8 | Int($1) }
            for at in offset..<offset + length { garbage[at] = UInt8.random(in: 0...255, using: &random) }
        }
        let cases: [(String, [UInt8]?, String)] = [
            ("missing.otf", nil, "no such file"),
            ("empty.otf", [], "is empty (0 bytes), not a font file"),
            ("archive.otf", [0x50, 0x4B, 0x03, 0x04] + noise, "is a zip archive, not a font file"),
            ("cut.otf", Array(font.prefix(font.count / 2)), "is truncated: its 'CFF ' table ends at byte"),
            ("noise.otf", Array("OTTO".utf8) + noise, "is not a font file"),
            ("web.otf", Array("wOF2".utf8) + noise, "is a WOFF web font"),
            ("many.ttc", Array("ttcf".utf8) + [0, 1, 0, 0, 0, 0, 0x27, 0x10] + noise, "10000 faces"),
            ("garbage.otf", garbage, "is not a usable font"),
        ]
        for (name, bytes, reason) in cases {
            let file = try bytes.map { try folder.write(name, $0) } ?? folder.path + "/" + name
            let line = folder.failure(file)
            #expect(line.hasPrefix(file + ": "), "\(name): \(line)")
            #expect(line.contains(reason), "\(name): \(line)")
            #expect(!line.contains("\n"), "\(name)")
        }
        #expect(folder.failure(folder.path).hasSuffix(": is a directory"))
    }

    @Test func theSecondBadFileIsTheOneNamed() throws {
        let folder = try Folder()
        let empty = try folder.write("Brand-Bold.otf", [])
        do {
            _ = try AppFonts.load([Self.request(Self.inter[0]), Self.request(empty)])
            Issue.record("loaded")
        } catch {
            #expect(error.index == 1)
            #expect(error.description == "\(empty): is empty (0 bytes), not a font file")
        }
    }
}
