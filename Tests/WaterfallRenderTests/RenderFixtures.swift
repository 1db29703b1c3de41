import Foundation
import WaterfallCairo
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// Scenes of the example specs, built the way `waterfall render` builds them.
enum RenderFixtures {
    static func scene(_ example: String, scale: Double? = nil) throws -> Scene {
        try scene(Spec.load(path: Repository.path("Examples/\(example)")), scale: scale)
    }

    static func scene(_ spec: Spec, scale: Double? = nil) throws -> Scene {
        // Cards sized by their image and text are measured first, as `render` measures them.
        if spec.needsCardSizing { return try RenderPipeline(renderers: [], scale: scale).prepare(spec).scene }
        return try SceneBuilder(measurer: PangoTextMeasurer(fonts: spec.loadFonts())).scene(
            for: spec, layout: spec.layout(), scale: scale)
    }

    static func text(_ renderer: Renderer, _ scene: Scene) throws -> String {
        let files = try renderer.render(scene)
        precondition(files.count == 1)
        return String(decoding: files[0].bytes, as: UTF8.self)
    }

    static var templates: TemplateSet {
        get throws { try TemplateSet(directory: Repository.path("Templates")) }
    }
}
