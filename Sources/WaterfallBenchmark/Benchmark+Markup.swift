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

// SVG and HTML throughput beside markup built with `String(format:)`.
extension Benchmark {
    func markupFigures() throws -> [Figure] {
        let items = short ? min(markupItems, 1_000) : markupItems
        let configuration = Workload.configuration(items: items)
        var spec = Spec(
            width: configuration.width,
            sections: configuration.sections.map {
                SpecSection(
                    settings: $0.settings, header: SpecSupplementary(height: $0.headerHeight),
                    items: $0.items.map { SpecItem(layout: $0) })
            })
        spec.scale = 2
        let scene = try RenderPipeline(renderers: []).prepare(spec).scene
        let templates = TemplateSet.bundled
        var figures: [Figure] = []
        for (format, renderer, naive) in [
            ("svg", Renderer.svg, NaiveMarkup.svg), ("html", Renderer.html(templates: templates), NaiveMarkup.html),
        ] {
            var bytes = 0
            let ours = stopwatch.seconds(runs: 3) {
                bytes = 0
                try! renderer.render(scene) { bytes += $0.bytes.count }
            }
            var naiveBytes = 0
            let theirs = stopwatch.seconds(runs: 3) { naiveBytes = naive(scene).utf8.count }
            figures.append(
                Figure(
                    name: "\(format)_mb_per_s_\(items)", waterfall: Double(bytes) / ours / 1e6,
                    baseline: Double(naiveBytes) / theirs / 1e6, unit: "MB/s", higherIsBetter: true))
        }
        return figures
    }
}
