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
    @Test func randomSpecsNeverCrashAndKeepTheContract() throws {
        var valid = 0
        var invalid = 0
        let templates = try RenderFixtures.templates
        let measurer = try PangoTextMeasurer()
        for seed in UInt64(1)...1_200 {
            var random = TestRandom(seed: seed &* 7919)
            let text = RandomSpec.mangledJSON(&random)
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
