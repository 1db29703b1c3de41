import ArgumentParser
import CHeapStatistics
import Foundation
@_spi(Benchmark) import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

// The PNG encoder beside Cairo's writer and beside libdeflate's compressor.
extension Benchmark {
    func pngFigures() throws -> [Figure] {
        // The first tile of the long example feed, and a page of photo cards (only the page with
        // --short): all encoders, same pixels.
        var figures: [Figure] = []
        for example in short ? ["06-local-images.yaml"] : ["09-long-feed.yaml", "06-local-images.yaml"] {
            let scene = try RenderPipeline(renderers: []).prepare(specAt: Path.join(Self.examples, example)).scene
            let result = try PNGEncoderComparison.measure(scene, repetitions: short ? 1 : 5)
            precondition(result.samePixels, "the PNG encoders disagree on \(example)")
            let name = String(example.dropLast(5)).replacingOccurrences(of: "-", with: "_")
            let megabytes = Double(result.width * result.height * 4) / 1e6
            // Cairo's writer, then the run-length deflate of wf_deflate.h beside libdeflate's own
            // compressor on the same filtered rows.
            let baselines = [
                ("", result.cairoSeconds, result.cairoBytes),
                ("vs_libdeflate_", result.libdeflateSeconds, result.libdeflateBytes),
            ]
            for (prefix, seconds, bytes) in baselines {
                figures.append(
                    Figure(
                        name: "png_mb_per_s_\(prefix)\(name)", waterfall: megabytes / result.fastSeconds,
                        baseline: megabytes / seconds, unit: "MB/s", higherIsBetter: true))
                figures.append(
                    Figure(
                        name: "png_bytes_\(prefix)\(name)", waterfall: Double(result.fastBytes),
                        baseline: Double(bytes), unit: "bytes"))
            }
        }
        figures += try tilePixelFigures()
        return figures
    }

    /// What `check` needs of a page, its tiles' pixels, drawn straight into pixels
    /// (`rasterizeTiles`) beside written as PNG and decoded again: the long feed's five tiles, or
    /// with --short the one of the page of photo cards.
    func tilePixelFigures() throws -> [Figure] {
        let example = short ? "06-local-images" : "09-long-feed"
        let scene = try RenderPipeline(renderers: []).prepare(specAt: Self.examples + "/\(example).yaml").scene
        let direct = stopwatch.seconds(runs: 3) {
            consume(try! CairoRenderer.rasterizeTiles(scene).map(\.image.height))
        }
        let roundTrip = stopwatch.seconds(runs: 3) {
            var heights: [Int] = []
            try! CairoRenderer.renderPNG(scene) { _, bytes in heights.append(try PNGCodec.decode(bytes).height) }
            consume(heights)
        }
        return [
            Figure(
                name: "check_tile_pixels_ms_\(example.replacingOccurrences(of: "-", with: "_"))",
                waterfall: direct * 1e3, baseline: roundTrip * 1e3, unit: "ms"),
            try firstTileFigure(),
        ]
    }

    /// What `serve` shows of a tall page, its first PNG tile: drawn alone beside the whole page
    /// drawn and encoded for its first tile; 6,000 cards in 3 tiles, or 3,000 in 2 with --short.
    func firstTileFigure() throws -> Figure {
        let text = """
            width: 1024
            scale: 2
            defaults: {columns: 10, sectionInset: 8, lineSpacing: 8, interitemSpacing: 8}
            sections:
              - items: []
                generate: {count: \(short ? 3000 : 6000), minHeight: 40, maxHeight: 80, seed: 1}

            """
        let scene = try RenderPipeline(renderers: []).prepare(Spec.decode(text)).scene
        let tiles = try CairoRenderer.tileCount(scene)
        precondition(tiles > 1, "the tall page is \(tiles) tile")
        let alone = stopwatch.seconds(runs: 3) {
            consume(try! Renderer.firstPNGTile.render(scene)[0].bytes.count)
        }
        let all = stopwatch.seconds(runs: 3) {
            consume(try! Renderer.png.render(scene)[0].bytes.count)
        }
        return Figure(name: "first_png_tile_ms_\(tiles)_tiles", waterfall: alone * 1e3, baseline: all * 1e3, unit: "ms")
    }
}
