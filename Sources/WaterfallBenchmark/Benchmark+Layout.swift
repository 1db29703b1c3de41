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

// The layout figures: placement, queries and edits beside the CHT approach.
extension Benchmark {
    func layoutFigures(items: Int) throws -> [Figure] {
        let configuration = Workload.configuration(items: items)
        let runs = 5
        let batch = max(1, 100_000 / items)
        let placement = stopwatch.seconds(runs: runs, batch: batch) { consume(try! Layout(configuration)) }
        let chtPlacement = stopwatch.seconds(runs: runs, batch: batch) { consume(CHTLayout(configuration)) }
        // The same, with every free page given back to the system before each run, so that the
        // layout's memory is faulted in as in a fresh process.
        let release = { heap_statistics_release_freed_memory() }
        let firstTouch = stopwatch.seconds(runs: 3, prepare: release) { consume(try! Layout(configuration)) }
        let chtFirstTouch = stopwatch.seconds(runs: 3, prepare: release) { consume(CHTLayout(configuration)) }
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
            let ours = stopwatch.seconds(runs: 5, batch: 2_000) {
                consume(layout.layoutAttributesForElements(in: rect))
            }
            let theirs = stopwatch.seconds(runs: 3, batch: items >= 100_000 ? 20 : 500) {
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
            stopwatch.seconds(runs: 5, batch: 1) {
                for _ in 0..<appendRounds {
                    try! growing.appendItems(appended, toSection: configuration.sections.count - 1)
                }
            } / Double(appendRounds)
        var grownConfiguration = configuration
        grownConfiguration.sections[grownConfiguration.sections.count - 1].items += appended
        let chtAppend = stopwatch.seconds(runs: runs) { consume(CHTLayout(grownConfiguration)) }
        figures.append(
            Figure(name: "append_20_us_\(items)", waterfall: appendTime * 1e6, baseline: chtAppend * 1e6, unit: "µs"))

        // Changing one item's height in the middle section.
        let middle = configuration.sections.count / 2
        let path = ItemPath(section: middle, item: configuration.sections[middle].items.count / 2)
        var editing = layout
        var toggle = false
        let resize = stopwatch.seconds(runs: 5, batch: 20) {
            toggle.toggle()
            try! editing.resizeItem(at: path, to: .height(toggle ? 123 : 321))
        }
        var resizedConfiguration = configuration
        resizedConfiguration.sections[middle].items[path.item].sizing = .height(123)
        let chtResize = stopwatch.seconds(runs: runs) { consume(CHTLayout(resizedConfiguration)) }
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
}
