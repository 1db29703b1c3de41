import Foundation
import Testing
import WaterfallCairo
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// Random specs, valid and broken, through the decoder, the layout and every renderer: nothing
/// crashes, a broken one is one clear line, and a valid one keeps the contract.
@Suite struct SpecFuzzTests {
    static let tokens = [
        "-", "[", "]", "{", "}", ":", ",", "\"", "'", "&a", "*a", "!!binary", "1e999", "-5", "0", "2.5", "null", "~",
        "true", "span: 9", "columns: 0", "height: -1", "width: 0", "\n  - ", "\n", "\t", "#", "\u{0}", "\u{202E}",
        "标题", "size: {width: 0}", "generate: {count: 3}", "sectionInset: {left: 400}", "image: x.png",
        "color: \"#zzz\"", "renderDirection: up", "span: full", "headerInset: 5", "<script>", "]]>",
    ]

    /// A spec text: a small valid spec, then a few random edits.
    static func sample(_ random: inout TestRandom) -> String {
        let configuration = RandomConfigurations.make(&random, maxItems: 8)
        var text = Array(SpecText.json(configuration).unicodeScalars)
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            guard !text.isEmpty else { break }
            let at = Int.random(in: 0..<text.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...12, using: &random)))
            case 1: text.insert(contentsOf: tokens.randomElement(using: &random)!.unicodeScalars, at: at)
            case 2:
                let end = min(text.count, at + Int.random(in: 1...30, using: &random))
                text.insert(contentsOf: text[at..<end], at: at)
            default:
                // Swap a digit for another number-ish token.
                if let digit = text[at...].firstIndex(where: { ("0"..."9").contains($0) }) {
                    text.replaceSubrange(
                        digit...digit,
                        with: ["-1", "1e308", "0", "99999"].randomElement(using: &random)!.unicodeScalars)
                }
            }
        }
        var string = String.UnicodeScalarView()
        string.append(contentsOf: text)
        return String(string)
    }

    @Test func randomSpecsNeverCrashAndKeepTheContract() throws {
        var valid = 0
        var invalid = 0
        let templates = try RenderFixtures.templates
        let measurer = try PangoTextMeasurer()
        for seed in UInt64(1)...1_200 {
            var random = TestRandom(seed: seed &* 7919)
            let text = Self.sample(&random)
            let spec: Spec
            let layout: Layout
            do {
                spec = try Spec.decode(text, file: "fuzz.json")
                layout = try spec.layout()
            } catch {
                invalid += 1
                #expect(!error.description.isEmpty && !error.description.contains("\n"), "seed \(seed)")
                continue
            }
            valid += 1
            let reference = ContractReference.layout(spec.configuration)
            let elements = layout.layoutAttributesForAllElements()
            #expect(elements.count == reference.elements.count, "seed \(seed)")
            for (element, expected) in zip(elements, reference.elements) {
                #expect(agrees(element.frame, expected.frame), "seed \(seed)")
            }
            guard layout.contentSize.height > 0, layout.contentSize.height < 20_000 else { continue }
            let scene: Scene
            do {
                scene = try SceneBuilder(measurer: measurer, missingImages: .placeholder).scene(
                    for: spec, layout: layout, scale: 0.5)
            } catch {
                Issue.record("seed \(seed): scene failed: \(error)")
                continue
            }
            let svg = try Renderer.svg.render(scene)
            #expect(String(decoding: svg[0].bytes, as: UTF8.self).hasSuffix("</svg>\n"))
            _ = try Renderer.html(templates: templates).render(scene)
            _ = try Renderer.layoutJSON.render(scene)
            if seed % 4 == 0 {
                let png = try Renderer.png.render(scene)
                #expect(try PNGCodec.decode(png[0].bytes).width == Int((layout.contentSize.width * 0.5).rounded(.up)))
                _ = try Renderer.pdf.render(scene)
            }
        }
        // Both kinds are well represented.
        #expect(valid >= 200, "\(valid) valid")
        #expect(invalid >= 200, "\(invalid) invalid")
    }
}
