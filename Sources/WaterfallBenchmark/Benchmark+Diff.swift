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

// The pixel diff beside a plain pixelmatch port, and byte-identical files beside a full comparison.
extension Benchmark {
    func diffFigures() throws -> [Figure] {
        // A 2400×16000 pair (600×2000 with --short): a rendered feed at 2×, and the same feed with
        // one item a point taller.
        let (width, height, items) = short ? (300.0, 1000.0, 60) : (1200.0, 8000.0, 600)
        let configuration = Workload.configuration(items: items)
        func image(_ configuration: LayoutConfiguration) throws -> PixelImage {
            var spec = Spec(
                width: width, minimumContentHeight: height,
                sections: configuration.sections.map {
                    SpecSection(
                        settings: $0.settings, header: SpecSupplementary(height: $0.headerHeight),
                        items: $0.items.map { SpecItem(layout: $0) })
                })
            spec.scale = 2
            var scene = try RenderPipeline(renderers: []).prepare(spec).scene
            scene.size = Size(width: width, height: height)
            let raster = try CairoRenderer.rasterize(scene)
            return PixelImage(width: raster.width, height: raster.height, pixels: raster.pixels)
        }
        var changed = configuration
        changed.sections[0].items[10].sizing = .height(200)
        let a = try image(configuration)
        let b = try image(changed)
        precondition(a.width == Int(width) * 2 && a.height == Int(height) * 2)
        let size = "\(a.width)x\(a.height)"
        var figures: [Figure] = []
        let ours = stopwatch.seconds(runs: 5) { consume(PixelDiff.compare(a, b)) }
        let oursWithImage = stopwatch.seconds(runs: 3) { consume(PixelDiff.compareWithDiffImage(a, b)) }
        var baseline = Double.nan
        if !skipDiffBaseline {
            baseline = stopwatch.seconds(runs: 1) { consume(ReferenceDiff.run(a, b, options: DiffOptions())) }
        }
        figures.append(Figure(name: "diff_ms_\(size)", waterfall: ours * 1e3, baseline: baseline * 1e3, unit: "ms"))
        figures.append(
            Figure(
                name: "diff_with_image_ms_\(size)", waterfall: oursWithImage * 1e3, baseline: baseline * 1e3,
                unit: "ms"))
        figures += try identicalFileFigures()
        return figures
    }

    /// `waterfall diff` of two byte-identical PNG files (answered from the header) beside a full
    /// comparison of the changed pair (read a band at a time), both from file bytes as
    /// `DiffCommand` takes them, for the three pages of `scripts/peer-benchmark.py` (the small one
    /// with --short).
    func identicalFileFigures() throws -> [Figure] {
        // name: (width, columns, items, min height, max height), as in scripts/peer-benchmark.py
        let pages = [
            ("small", 375, 2, 40, 80, 260), ("medium", 1024, 10, 2_000, 40, 80), ("large", 1024, 10, 20_000, 40, 80),
        ]
        var figures: [Figure] = []
        for (name, width, columns, items, low, high) in short ? Array(pages.prefix(1)) : pages {
            // the first tile of the page, and of the page with its first card 30 points taller
            func firstTile(firstHeight: Int) throws -> [UInt8] {
                let text = """
                    width: \(width)
                    scale: 2
                    defaults: {columns: \(columns), sectionInset: 8, lineSpacing: 8, interitemSpacing: 8}
                    style: {cornerRadius: 6}
                    sections:
                      - header: {height: 40, title: Feed}
                        items:
                          - {height: \(firstHeight), title: Changed}
                        generate: {count: \(items - 1), minHeight: \(low), maxHeight: \(high), seed: 1}

                    """
                let scene = try RenderPipeline(renderers: []).prepare(Spec.decode(text)).scene
                var tiles: [[UInt8]] = []
                try CairoRenderer.renderPNG(scene) { _, bytes in tiles.append(bytes) }
                return tiles[0]
            }
            let old = try firstTile(firstHeight: low)
            // its own storage, as a second file read has (equal arrays that share it compare at once)
            let copy = old.map { $0 }
            let new = try firstTile(firstHeight: low + 30)
            let identical = stopwatch.seconds(runs: 5, batch: 20) {
                guard old == copy, let size = PNGCodec.size(of: copy) else { fatalError("the copy differs") }
                consume(DiffResult.identical(width: size.width, height: size.height).text)
            }
            let full = stopwatch.seconds(runs: 5) {
                guard let a = PNGCodec.rowReader(old), let b = PNGCodec.rowReader(new),
                    let result = PixelDiff.compare(PictureComparison.feed(a), PictureComparison.feed(b))
                else { fatalError("the \(name) pair is not read a band at a time") }
                consume(result.text)
            }
            figures.append(
                Figure(
                    name: "diff_identical_files_ms_\(name)", waterfall: identical * 1e3, baseline: full * 1e3,
                    unit: "ms"))
        }
        return figures
    }
}
