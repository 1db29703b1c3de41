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

/// `swift run -c release waterfall-benchmark`: every figure beside its baseline, measured in the same run.
@main
struct Benchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterfall-benchmark",
        abstract: "Measure Waterfall beside the CHTCollectionViewWaterfallLayout approach and plain implementations.")

    @Option(help: "Also write the figures to this file as one JSON object: {\"name\": {\"waterfall\": x, …}}.")
    var json: String?

    @Flag(
        help: """
            Measure the smallest workload of each group, each timed once: a check that every group \
            runs, in well under a minute in a debug build, not figures to compare.
            """)
    var short = false

    @Option(help: "Item counts to lay out, comma-separated.")
    var sizes = "1000,10000,100000,1000000"

    @Option(help: "Items in the scene the SVG and HTML throughput is measured on.")
    var markupItems = 100_000

    @Flag(help: "Skip the slow baselines of the pixel diff (a plain pixelmatch port).")
    var skipDiffBaseline = false

    @Option(help: "Groups of figures to measure, comma-separated: layout, markup, png, diff, check.")
    var only = "layout,markup,png,diff,check"

    @Option(help: "Also draw a log-log plot of the layout figures against the item count, as a PNG at this path.")
    var plot: String?

    /// The repository's `Examples/`, found from this source file, so the benchmark runs from any folder.
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples").path

    /// How every group times its work: once each with `--short`.
    var stopwatch: Stopwatch { Stopwatch(once: short) }

    struct Figure {
        var name: String
        var waterfall: Double
        var baseline: Double
        var unit: String
        /// Whether a larger number is better (throughput) or worse (time, bytes).
        var higherIsBetter = false
    }

    func validate() throws {
        if short && plot != nil {
            throw ValidationError("--plot needs the layout figures at two sizes or more, and --short measures one")
        }
    }

    mutating func run() throws {
        heap_statistics_keep_freed_memory()
        var figures: [Figure] = []
        var counts = sizes.split(separator: ",").compactMap { Int($0) }
        if short { counts = counts.min().map { [$0] } ?? [] }
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
        if groups.contains("check") {
            figures += try checkFigures()
            log("measured check")
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
        print(table(figures))
        if let json {
            let body = figures.map {
                "\"\($0.name)\":{\"waterfall\":\(jsonNumber($0.waterfall)),\"baseline\":\(jsonNumber($0.baseline)),\"unit\":\"\($0.unit)\"}"
            }
            try Data(("{" + body.joined(separator: ",") + "}\n").utf8).write(
                to: URL(fileURLWithPath: json), options: .atomic)
            log("wrote \(json)")
        }
    }

    /// A number for JSON; a figure that was not measured is `null`.
    func jsonNumber(_ value: Double) -> String {
        value.isFinite ? ShortestNumber.text(value) : "null"
    }

    func log(_ message: String) {
        FileHandle.standardError.write(Data("benchmark: \(message)\n".utf8))
    }

}
