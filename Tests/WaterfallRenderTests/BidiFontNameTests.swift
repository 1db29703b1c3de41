import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// Bidirectional controls (U+202A–U+202E, U+2066–U+2069) in a font family name, from a spec's
/// `font:` or from a font file's name table, never reach SVG's `font-family` or HTML's
/// `@font-face`: they are dropped, as they are from titles.
@Suite struct BidiFontNameTests {
    static let controls = (0x202A...0x202E).map { Unicode.Scalar($0)! } + (0x2066...0x2069).map { Unicode.Scalar($0)! }

    func documents(_ scene: Scene) throws -> (svg: String, html: String) {
        (
            String(decoding: try Renderer.svg.render(scene)[0].bytes, as: UTF8.self),
            String(decoding: try Renderer.html(templates: .bundled).render(scene)[0].bytes, as: UTF8.self)
        )
    }

    func hasControls(_ text: String) -> Bool { text.unicodeScalars.contains { Self.controls.contains($0) } }

    @Test func aSpecsFamilyNamesLoseTheirControls() throws {
        let spec = try Spec.decode(
            #"""
            width: 200
            style: {font: "\u202EDejaVu Sans\u202C, \u2067serif\u2069", header: {font: ["\u202BDejaVu\u202A Serif"]}}
            sections: [{header: {height: 30, title: Top}, items: [{height: 40, title: Hello}]}]
            """#)
        #expect(spec.style.font == ["DejaVu Sans", "serif"])
        let scene = try RenderPipeline(renderers: []).prepare(spec).scene
        let (svg, html) = try documents(scene)
        #expect(!hasControls(svg))
        #expect(!hasControls(html))
        #expect(svg.contains("font-family=\"&#39;DejaVu Sans&#39;"))
        #expect(svg.contains("&#39;DejaVu Serif&#39;"))
    }

    /// Inter with its family renamed `In<U+202E>er` in the name table: the spec names it
    /// `Iner` (or with the control, which is dropped), SVG and HTML embed it as `Iner`, and PNG
    /// draws it with the file, as it draws Inter itself.
    @Test func aFontFilesFamilyNameLosesItsControls() throws {
        let folder = try TemporaryFolder()
        var bytes = Array(
            try Data(contentsOf: URL(fileURLWithPath: Repository.path("Examples/fonts/Inter-Regular.otf"))))
        let inter: [UInt8] = Array("Inter".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let renamed: [UInt8] = Array("In\u{202E}er".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        var replaced = 0
        var index = 0
        while index + inter.count <= bytes.count {
            if Array(bytes[index..<(index + inter.count)]) == inter {
                bytes.replaceSubrange(index..<(index + inter.count), with: renamed)
                replaced += 1
            }
            index += 1
        }
        try #require(replaced > 0, "the name table spells Inter in UTF-16")
        try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/Renamed.otf"))
        try FileManager.default.copyItem(
            atPath: Repository.path("Examples/fonts/Inter-Regular.otf"), toPath: folder.path + "/Inter.otf")

        func scene(font: String, file: String) throws -> Scene {
            let spec = try Spec.decode(
                """
                width: 200
                scale: 2
                fonts: [\(file)]
                style: {font: "\(font), sans-serif", card: {content: below}}
                sections: [{columns: 1, items: [{height: auto, title: "Quiet mornings, long walks"}]}]
                """, file: "brand.yaml", baseDirectory: folder.path)
            return try RenderPipeline(renderers: [], scale: 2).prepare(spec).scene
        }
        let named = try scene(font: "Iner", file: "Renamed.otf")
        let withControl = try scene(font: "In\\u202Eer", file: "Renamed.otf")
        #expect(named.fonts?.families == ["Iner"])
        for scene in [named, withControl] {
            let (svg, html) = try documents(scene)
            #expect(!hasControls(svg))
            #expect(!hasControls(html))
            #expect(
                html.contains("@font-face { font-family: \"Iner\"")
                    || html.contains("@font-face { font-family: &quot;Iner&quot;"),
                "the @font-face rule names the family without the control")
            #expect(svg.contains("&#39;Iner&#39;"))
        }
        // Pango finds the file by its own spelling: the same pixels as Inter itself.
        let original = try scene(font: "Inter", file: "Inter.otf")
        #expect(try CairoRenderer.rasterize(named) == CairoRenderer.rasterize(original))
        let plain = try RenderPipeline(renderers: [], scale: 2).prepare(
            Spec.decode(
                """
                width: 200
                scale: 2
                style: {card: {content: below}}
                sections: [{columns: 1, items: [{height: auto, title: "Quiet mornings, long walks"}]}]
                """)
        ).scene
        #expect(try CairoRenderer.rasterize(named) != CairoRenderer.rasterize(plain))
    }
}
