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

// The table the benchmark prints.
extension Benchmark {
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
