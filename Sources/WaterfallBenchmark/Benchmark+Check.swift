import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallPipeline
import WaterfallRender
import WaterfallReview

// `check` of the examples against Output/: the review library, which compares the pixels it drew,
// beside the path `check` took before it, which encoded its own PNG and decoded it again.
extension Benchmark {
    /// The repository's `Output/`, the examples' baselines.
    static let output = Path.join(examples.folderPart, "Output")

    /// The examples `--short` checks: a plain page, and the one example with variants (a screen
    /// and two clips), so that a check that miscounts variants or clips still fails there.
    static let shortExamples = ["01-shop-grid.yaml", "18-feed-clips.yaml"]

    func checkFigures() throws -> [Figure] {
        let specs = try FileManager.default.contentsOfDirectory(atPath: Self.examples)
            .filter { short ? Self.shortExamples.contains($0) : $0.hasSuffix(".yaml") }.sorted()
            .map { Path.join(Self.examples, $0) }
        guard !short || specs.count == Self.shortExamples.count else {
            throw BenchmarkFailure("check of the examples: \(Self.shortExamples) are not all in \(Self.examples)")
        }
        let checker = BaselineChecker(baselines: Self.output)
        let results = checker.check(specs, workers: 1)
        // Every check passes: one per spec and variant (a spec's screens and appearances).
        guard results.count(.passed) == results.checks.count, results.checks.count >= specs.count else {
            throw BenchmarkFailure("check of the examples: \(results.summary)")
        }
        let ours = stopwatch.secondsAndProcessorSeconds(runs: 3) { consume(checker.check(specs, workers: 1)) }
        let before = stopwatch.secondsAndProcessorSeconds(runs: 3) {
            for spec in specs { consume(try? Self.checkByEncodedPNG(spec, baselines: Self.output)) }
        }
        return [
            Figure(
                name: "check_examples_ms", waterfall: ours.seconds * 1e3, baseline: before.seconds * 1e3, unit: "ms"),
            Figure(
                name: "check_examples_cpu_ms", waterfall: ours.processor * 1e3, baseline: before.processor * 1e3,
                unit: "ms"),
        ]
    }

    /// The check as it was: render SVG, layout and PNG bytes, then decode the PNG again to
    /// compare it with the decoded baseline (unless the bytes are equal), and compare the layout
    /// with the baseline's frame by frame.
    static func checkByEncodedPNG(_ spec: String, baselines: String) throws -> Int {
        let pipeline = RenderPipeline(renderers: [.svg, .layoutJSON, .png])
        let prepared = try pipeline.prepare(specAt: spec)
        let outputs = try pipeline.render(prepared)
        let name = RenderPipeline.baseName(spec)
        var different = 0
        let layoutPath = Path.join(baselines, name + ".layout.json")
        if case .success(let json) = RegularFile.read(atPath: layoutPath, limit: BaselineChecker.maximumBaselineBytes),
            let (size, elements) = try LayoutDump.decode(String(decoding: json, as: UTF8.self), file: layoutPath)
        {
            let diff = LayoutDiff(
                old: LayoutSnapshot(contentSize: size, elements: elements), new: LayoutSnapshot(prepared.layout))
            different += diff.isDifferent ? 1 : 0
        }
        for output in outputs {
            let path = Path.join(baselines, output.fileName(for: name))
            guard
                case .success(let baseline) = RegularFile.read(
                    atPath: path, limit: BaselineChecker.maximumBaselineBytes)
            else {
                different += 1
                continue
            }
            guard output.format == .png, baseline != output.bytes else {
                different += baseline == output.bytes ? 0 : 1
                continue
            }
            let a = try PixelImage(png: baseline, name: path)
            let b = try PixelImage(png: output.bytes, name: output.fileName(for: name))
            let (result, image) = PixelDiff.compareWithDiffImage(a, b)
            if a != b { _ = try image.pngBytes(name: "diff") }
            different += result.differentPixels
        }
        return different
    }
}

/// A figure that cannot be measured, because what it measures went wrong.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) { self.description = description }
}
