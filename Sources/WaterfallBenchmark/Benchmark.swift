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

    @Option(help: "Also write the figures to this file as one JSON object: each name's waterfall, baseline and unit.")
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
    static let examples = Path.join(String(#filePath).folderPart.folderPart.folderPart, "Examples")

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
            let entries = Dictionary(figures.map { ($0.name, JSONFigure($0)) }) { first, _ in first }
            try Data(try JSONOutput.encode(entries) + [0x0A]).write(to: URL(fileURLWithPath: json), options: .atomic)
            log("wrote \(json)")
        }
    }

    func log(_ message: String) {
        FileHandle.standardError.write(Data("benchmark: \(message)\n".utf8))
    }

}

/// One figure in `--json`'s object, by name; a number that was not measured is `null`.
private struct JSONFigure: Encodable {
    let figure: Benchmark.Figure

    init(_ figure: Benchmark.Figure) { self.figure = figure }

    enum Keys: String, CodingKey { case waterfall, baseline, unit }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(figure.waterfall.isFinite ? figure.waterfall : nil, forKey: .waterfall)
        try container.encode(figure.baseline.isFinite ? figure.baseline : nil, forKey: .baseline)
        try container.encode(figure.unit, forKey: .unit)
    }
}
