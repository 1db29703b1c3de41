import ArgumentParser
import CHeapStatistics
import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

// The pixel diff beside a plain pixelmatch port.
extension Benchmark {
    func diffFigures() throws -> [Figure] {
        // A 2400×16000 pair: a rendered feed at 2×, and the same feed with one item a point taller.
        let configuration = Workload.configuration(items: 600)
        func image(_ configuration: LayoutConfiguration) throws -> PixelImage {
            var spec = Spec(
                width: 1200, minimumContentHeight: 8000,
                sections: configuration.sections.map {
                    SpecSection(
                        settings: $0.settings, header: SpecSupplementary(height: $0.headerHeight),
                        items: $0.items.map { SpecItem(layout: $0) })
                })
            spec.scale = 2
            var scene = try RenderPipeline(renderers: []).prepare(spec).scene
            scene.size = Size(width: 1200, height: 8000)
            let raster = try CairoRenderer.rasterize(scene)
            return PixelImage(width: raster.width, height: raster.height, pixels: raster.pixels)
        }
        var changed = configuration
        changed.sections[0].items[10].sizing = .height(200)
        let a = try image(configuration)
        let b = try image(changed)
        precondition(a.width == 2400 && a.height == 16000)
        var figures: [Figure] = []
        let ours = Stopwatch.seconds(runs: 5) { consume(PixelDiff.compare(a, b)) }
        let oursWithImage = Stopwatch.seconds(runs: 3) { consume(PixelDiff.compareWithDiffImage(a, b)) }
        var baseline = Double.nan
        if !skipDiffBaseline {
            baseline = Stopwatch.seconds(runs: 1) { consume(ReferenceDiff.run(a, b, options: DiffOptions())) }
        }
        figures.append(Figure(name: "diff_ms_2400x16000", waterfall: ours * 1e3, baseline: baseline * 1e3, unit: "ms"))
        figures.append(
            Figure(
                name: "diff_with_image_ms_2400x16000", waterfall: oursWithImage * 1e3, baseline: baseline * 1e3,
                unit: "ms"))
        return figures
    }
}
