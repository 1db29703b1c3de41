import Foundation
import Testing
import WaterfallCairo
import WaterfallLayout
import WaterfallRender
import WaterfallTestSupport

/// The private fontconfig configuration: exactly the pinned files, whatever else the machine has.
@Suite struct PinnedFontsTests {
    /// A font folder of links to some of the pinned files, named by `files` relative to it.
    func linkedRoot(_ files: [String]) throws -> String {
        try ExternalRenderers.linkedFolder(files) { FontSet.pinned.path(of: $0) }
    }

    @Test func theConfigurationListsExactlyThePinnedFiles() throws {
        #expect(FontSet.pinned.root == "/usr/share/fonts")
        #expect(FontSet.pinned.files == FontSet.builtInFiles)
        #expect(FontSet.pinned.paths.contains("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"))
        #expect(FontSet.pinned.paths.contains("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"))
        #expect(try FontSet.pinned.loadedFiles() == FontSet.pinned.paths)
        // The families SVG and HTML may name are those the files hold.
        #expect(try FontSet.pinned.loadedFamilies() == PinnedFamilies.all)
    }

    @Test func svgAndHTMLNameTheFamiliesPangoDraws() {
        let defaults = ["DejaVu Sans", "Noto Sans CJK SC", "Noto Color Emoji", "sans-serif"]
        #expect(PinnedFamilies.resolved(defaults) == defaults)
        #expect(PinnedFamilies.resolved(["Liberation Serif"]) == defaults)
        #expect(PinnedFamilies.resolved(["dejavu serif", "Arial"]) == ["DejaVu Serif"] + defaults)
        #expect(
            PinnedFamilies.resolved(["Noto Sans CJK JP", "SERIF", "monospace"]) == [
                "Noto Sans CJK JP", "DejaVu Serif", "Noto Serif CJK SC", "DejaVu Sans Mono", "Noto Sans Mono CJK SC",
                "Noto Color Emoji", "serif", "monospace",
            ])
        #expect(PinnedFamilies.resolved([]) == defaults)
    }

    @Test func zwjSequencesFlagsKeycapsAndVS16AreOneGlyphAsChromiumDrawsThem() throws {
        let measurer = try PangoTextMeasurer()
        func width(_ text: String, _ weight: TextRun.Weight = .regular) -> Double {
            measurer.width(of: text, fontFamilies: ["DejaVu Sans"], fontSize: 15, weight: weight)
        }
        let one = width("😀")
        #expect(one > 0)
        // One emoji's advance each, whether its parts have text presentation (☠, ❤), no U+FE0F
        // at all (😮‍💨), or it is a family, a skin tone, a flag or a keycap.
        for sequence in ["🏴‍☠️", "❤️‍🔥", "😮‍💨", "🏳️‍🌈", "👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "1️⃣", "❤️", "☠️"] {
            #expect(width(sequence) == one, "\(sequence) is \(width(sequence) / one) emoji wide")
            #expect(width(sequence, .bold) == one, "\(sequence) in bold")
        }
        #expect(width("A🏴‍☠️B") == width("A😀B"))
    }

    @Test func aFamilyThatIsNotPinnedFallsBackToDejaVuSansNotToTheMachinesFont() throws {
        // fonts-dejavu-extra (scripts/setup.sh) puts these beside the pinned files; the system
        // configuration would draw them.
        for file in ["DejaVuSansCondensed.ttf", "DejaVuMathTeXGyre.ttf"] {
            #expect(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/dejavu/" + file))
        }
        let measurer = try PangoTextMeasurer()
        func width(_ families: [String], _ weight: TextRun.Weight = .regular, _ text: String = "Linen shirt, naïve Ω")
            -> Double
        {
            measurer.width(of: text, fontFamilies: families, fontSize: 13, weight: weight)
        }
        let sans = width(["DejaVu Sans"])
        #expect(sans > 0)
        for family in ["DejaVu Sans Condensed", "DejaVu Math TeX Gyre", "Liberation Serif", "Arial", "no such family"] {
            #expect(width([family]) == sans, "\(family)")
        }
        #expect(width(["DejaVu Sans Condensed"], .bold) == width(["DejaVu Sans"], .bold))
        #expect(width(["DejaVu Sans"], .bold) != sans)
        // The generic families are aliased to the pinned fonts.
        #expect(width(["sans-serif"]) == sans)
        #expect(width(["serif"]) == width(["DejaVu Serif"]))
        #expect(width(["serif"]) != sans)
        #expect(width(["monospace"]) == width(["DejaVu Sans Mono"]))
        #expect(width(["monospace"]) != sans)
        // CJK text in a Latin-only family falls back to Noto Sans CJK SC, with a glyph for every character.
        #expect(width(["DejaVu Sans"], .regular, "瀑布流卡片") == width(["Noto Sans CJK SC"], .regular, "瀑布流卡片"))
        // A space among them is the first family's, as a browser picks it: DejaVu Sans's, not the CJK font's.
        #expect(
            abs(
                width(["DejaVu Sans"], .regular, "瀑布流 卡片")
                    - (width(["Noto Sans CJK SC"], .regular, "瀑布流卡片") + width(["DejaVu Sans"], .regular, " ")))
                < 1e-6)
        #expect(width(["DejaVu Sans"], .regular, " ") != width(["Noto Sans CJK SC"], .regular, " "))
        let run = TextRun(
            text: "瀑布流 卡片", frame: .zero, fontFamilies: ["Liberation Serif"], fontSize: 13, weight: .regular,
            color: .black)
        #expect(try CairoRenderer.unknownGlyphCount(in: run) == 0)
    }

    @Test func aMissingFontFileIsOneLineNamingIt() throws {
        let files = FontSet.builtInFiles.filter { $0 != "truetype/dejavu/DejaVuSans.ttf" }
        let root = try linkedRoot(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let error = #expect(throws: FontError.self) { try FontSet(root: root).validate() }
        #expect(
            error?.description
                == "\(root)/truetype/dejavu/DejaVuSans.ttf: font file missing (renders use only the pinned fonts; "
                + "bash scripts/setup.sh installs fonts-dejavu-core)")
    }

    @Test func aFileThatIsNotAFontIsNamed() throws {
        let root = try linkedRoot(["truetype/dejavu/DejaVuSans-Bold.ttf"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/truetype/dejavu/DejaVuSans.ttf"
        try Data("not a font\n".utf8).write(to: URL(fileURLWithPath: path))
        let fonts = FontSet(
            root: root, files: ["truetype/dejavu/DejaVuSans-Bold.ttf", "truetype/dejavu/DejaVuSans.ttf"])
        #expect(throws: FontError(path: path, reason: "is not a font file fontconfig can read")) {
            try fonts.validate()
        }
        try FileManager.default.createDirectory(atPath: root + "/folder.ttf", withIntermediateDirectories: false)
        #expect(
            throws: FontError(path: root + "/folder.ttf", reason: "is not a regular file, so cannot be a pinned font")
        ) {
            try FontSet(root: root, files: ["folder.ttf"]).validate()
        }
    }

    @Test func aFolderOfLinksStandsInForTheFontFolder() throws {
        let files = ["truetype/dejavu/DejaVuSans-Bold.ttf", "truetype/dejavu/DejaVuSans.ttf"]
        let root = try linkedRoot(files)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let fonts = FontSet(root: root + "//", files: files)
        #expect(fonts.root == root)
        #expect(try fonts.loadedFiles() == [root + "/" + files[0], root + "/" + files[1]])
    }
}
