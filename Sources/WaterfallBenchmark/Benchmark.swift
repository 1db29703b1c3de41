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

/// `swift run -c release waterfall-benchmark`: every figure beside its baseline, measured in the same run.
@main
struct Benchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterfall-benchmark",
        abstract: "Measure Waterfall beside the CHTCollectionViewWaterfallLayout approach and plain implementations.")

    @Flag(help: "Print one JSON object instead of the table.")
    var json = false

    @Option(help: "Item counts to lay out, comma-separated.")
    var sizes = "1000,10000,100000,1000000"

    @Option(help: "Items in the scene the SVG and HTML throughput is measured on.")
    var markupItems = 100_000

    @Flag(help: "Skip the slow baselines of the pixel diff (a plain pixelmatch port).")
    var skipDiffBaseline = false

    @Option(help: "Groups of figures to measure, comma-separated: layout, markup, png, diff.")
    var only = "layout,markup,png,diff"

    @Option(help: "Also draw a log-log plot of the layout figures against the item count, as a PNG at this path.")
    var plot: String?

    /// The repository's `Examples/`, found from this source file, so the benchmark runs from any folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples").path

    struct Figure {
        var name: String
        var waterfall: Double
        var baseline: Double
        var unit: String
        /// Whether a larger number is better (throughput) or worse (time, bytes).
        var higherIsBetter = false
    }

    mutating func run() throws {
        heap_statistics_keep_freed_memory()
        var figures: [Figure] = []
        let counts = sizes.split(separator: ",").compactMap { Int($0) }
        let groups = Set(only.split(separator: ",").map(String.init))
        if groups.contains("layout") {
            for count in counts {
                figures += try layoutFigures(items: count)
                log("laid out \(count) items")
            }
        }
        if groups.contains("markup") {
            figures += try markupFigures()
            log("measured markup")
        }
        if groups.contains("png") {
            figures += try pngFigures()
            log("measured PNG encoding")
        }
        if groups.contains("diff") {
            figures += try diffFigures()
            log("measured diff")
        }
        if let plot {
            guard let panels = ScalingPlot.panels(from: figures) else {
                throw ValidationError("--plot needs the layout figures at two sizes or more")
            }
            try CairoRenderer.renderPNG(ScalingPlot.scene(panels)) { _, bytes in
                try Data(bytes).write(to: URL(fileURLWithPath: plot), options: .atomic)
            }
            log("plotted \(plot)")
        }
        if json {
            let body = figures.map {
                "\"\($0.name)\":{\"waterfall\":\(jsonNumber($0.waterfall)),\"baseline\":\(jsonNumber($0.baseline)),\"unit\":\"\($0.unit)\"}"
            }
            print("{" + body.joined(separator: ",") + "}")
        } else {
            print(table(figures))
        }
    }

    /// A number for JSON; a figure that was not measured is `null`.
    func jsonNumber(_ value: Double) -> String {
        value.isFinite ? ShortestNumber.text(value) : "null"
    }

    func log(_ message: String) {
        FileHandle.standardError.write(Data("benchmark: \(message)\n".utf8))
    }

    // MARK: - Layout

    func layoutFigures(items: Int) throws -> [Figure] {
        let configuration = Workload.configuration(items: items)
        let runs = 5
        let batch = max(1, 100_000 / items)
        let placement = Stopwatch.seconds(runs: runs, batch: batch) { consume(try! Layout(configuration)) }
        let chtPlacement = Stopwatch.seconds(runs: runs, batch: batch) { consume(CHTLayout(configuration)) }
        // The same, with every free page given back to the system before each run, so that the
        // layout's memory is faulted in as in a fresh process.
        let release = { heap_statistics_release_freed_memory() }
        let firstTouch = Stopwatch.seconds(runs: 3, prepare: release) { consume(try! Layout(configuration)) }
        let chtFirstTouch = Stopwatch.seconds(runs: 3, prepare: release) { consume(CHTLayout(configuration)) }
        var figures = [
            Figure(
                name: "placement_ns_per_item_\(items)", waterfall: placement / Double(items) * 1e9,
                baseline: chtPlacement / Double(items) * 1e9, unit: "ns/item"),
            Figure(
                name: "placement_first_touch_ns_per_item_\(items)", waterfall: firstTouch / Double(items) * 1e9,
                baseline: chtFirstTouch / Double(items) * 1e9, unit: "ns/item"),
        ]

        let layout = try Layout(configuration)
        let cht = CHTLayout(configuration)
        let height = layout.contentSize.height
        for (place, y) in [("top", 0.0), ("middle", height / 2), ("bottom", height - Workload.viewport.height)] {
            let rect = Rect(origin: Point(x: 0, y: y), size: Workload.viewport)
            precondition(
                layout.layoutAttributesForElements(in: rect).map(\.frame)
                    == cht.layoutAttributesForElements(in: rect).map(\.frame))
            let ours = Stopwatch.seconds(runs: 5, batch: 2_000) {
                consume(layout.layoutAttributesForElements(in: rect))
            }
            let theirs = Stopwatch.seconds(runs: 3, batch: items >= 100_000 ? 20 : 500) {
                consume(cht.layoutAttributesForElements(in: rect))
            }
            figures.append(
                Figure(
                    name: "query_us_\(place)_\(items)", waterfall: ours * 1e6, baseline: theirs * 1e6, unit: "µs/query")
            )
        }

        // Appending 20 items to the last section, as an infinite feed does.
        let appended = (0..<20).map { LayoutItem.height(100 + Double($0)) }
        var growing = layout
        let appendRounds = 200
        let appendTime =
            Stopwatch.seconds(runs: 5, batch: 1) {
                for _ in 0..<appendRounds {
                    try! growing.appendItems(appended, toSection: configuration.sections.count - 1)
                }
            } / Double(appendRounds)
        var grownConfiguration = configuration
        grownConfiguration.sections[grownConfiguration.sections.count - 1].items += appended
        let chtAppend = Stopwatch.seconds(runs: runs) { consume(CHTLayout(grownConfiguration)) }
        figures.append(
            Figure(name: "append_20_us_\(items)", waterfall: appendTime * 1e6, baseline: chtAppend * 1e6, unit: "µs"))

        // Changing one item's height in the middle section.
        let middle = configuration.sections.count / 2
        let path = ItemPath(section: middle, item: configuration.sections[middle].items.count / 2)
        var editing = layout
        var toggle = false
        let resize = Stopwatch.seconds(runs: 5, batch: 20) {
            toggle.toggle()
            try! editing.resizeItem(at: path, to: .height(toggle ? 123 : 321))
        }
        var resizedConfiguration = configuration
        resizedConfiguration.sections[middle].items[path.item].sizing = .height(123)
        let chtResize = Stopwatch.seconds(runs: runs) { consume(CHTLayout(resizedConfiguration)) }
        figures.append(
            Figure(name: "resize_one_us_\(items)", waterfall: resize * 1e6, baseline: chtResize * 1e6, unit: "µs"))

        // Heap held per laid-out item, with the configuration already allocated.
        let before = Stopwatch.heapBytes()
        var held: Layout? = try Layout(configuration)
        let ours = Stopwatch.heapBytes() - before
        consume(held)
        held = nil
        let beforeCHT = Stopwatch.heapBytes()
        var chtHeld: CHTLayout? = CHTLayout(configuration)
        let theirs = Stopwatch.heapBytes() - beforeCHT
        consume(chtHeld)
        chtHeld = nil
        figures.append(
            Figure(
                name: "bytes_per_item_\(items)", waterfall: Double(ours) / Double(items),
                baseline: Double(theirs) / Double(items), unit: "bytes/item"))
        return figures
    }

    // MARK: - Markup

    func markupFigures() throws -> [Figure] {
        let configuration = Workload.configuration(items: markupItems)
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
            let ours = Stopwatch.seconds(runs: 3) {
                bytes = 0
                try! renderer.render(scene) { bytes += $0.bytes.count }
            }
            var naiveBytes = 0
            let theirs = Stopwatch.seconds(runs: 3) { naiveBytes = naive(scene).utf8.count }
            figures.append(
                Figure(
                    name: "\(format)_mb_per_s_\(markupItems)", waterfall: Double(bytes) / ours / 1e6,
                    baseline: Double(naiveBytes) / theirs / 1e6, unit: "MB/s", higherIsBetter: true))
        }
        return figures
    }

    // MARK: - PNG

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

    // MARK: - Diff

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

    // MARK: - Output

    func table(_ figures: [Figure]) -> String {
        func format(_ value: Double) -> String {
            guard value.isFinite else { return "—" }
            if value >= 100 { return String(format: "%.0f", value) }
            if value >= 10 { return String(format: "%.1f", value) }
            return String(format: "%.3g", value)
        }
        var lines = ["| figure | waterfall | baseline | unit | advantage |", "| --- | ---: | ---: | --- | ---: |"]
        for figure in figures {
            let ratio = figure.higherIsBetter ? figure.waterfall / figure.baseline : figure.baseline / figure.waterfall
            lines.append(
                "| \(figure.name) | \(format(figure.waterfall)) | \(format(figure.baseline)) | \(figure.unit) | \(ratio.isFinite ? format(ratio) + "×" : "—") |"
            )
        }
        return lines.joined(separator: "\n")
    }
}
