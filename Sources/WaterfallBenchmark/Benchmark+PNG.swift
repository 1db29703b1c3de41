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

// The PNG encoder beside Cairo's writer.
extension Benchmark {
    func pngFigures() throws -> [Figure] {
        // The first tile of the long example feed, and a page of photo cards: both encoders, same pixels.
        var figures: [Figure] = []
        for example in ["09-long-feed.yaml", "06-local-images.yaml"] {
            let scene = try RenderPipeline(renderers: []).prepare(specAt: Self.examples + "/" + example).scene
            let result = try PNGEncoderComparison.measure(scene, repetitions: 5)
            precondition(result.samePixels, "the PNG encoders disagree on \(example)")
            let name = String(example.dropLast(5)).replacingOccurrences(of: "-", with: "_")
            let megabytes = Double(result.width * result.height * 4) / 1e6
            figures.append(
                Figure(
                    name: "png_mb_per_s_\(name)", waterfall: megabytes / result.fastSeconds,
                    baseline: megabytes / result.cairoSeconds, unit: "MB/s", higherIsBetter: true))
            figures.append(
                Figure(
                    name: "png_bytes_\(name)", waterfall: Double(result.fastBytes), baseline: Double(result.cairoBytes),
                    unit: "bytes"))
        }
        return figures
    }
}
