import Foundation
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Log-log plots of how the layout figures grow with the item count, drawn as a Waterfall scene
/// (so the project renders its own plot, through the PNG renderer).
enum ScalingPlot {
    struct Series {
        var name: String
        var color: Color
        /// Item count and value, in increasing item count.
        var points: [(items: Double, value: Double)]
    }

    struct Panel {
        var title: String
        var series: [Series]
    }

    static let ours = Color(red: 0x1F, green: 0x6F, blue: 0xD0)
    static let peer = Color(red: 0xE0, green: 0x7A, blue: 0x1F)
    static let ink = Color(red: 0x22, green: 0x22, blue: 0x22)
    static let grid = Color(red: 0xE2, green: 0xE2, blue: 0xE2)
    static let fonts = ["DejaVu Sans", "sans-serif"]

    /// One panel for each of the placement, bottom-query and append figures, Waterfall beside the
    /// CHT approach; `nil` when fewer than two sizes were measured.
    static func panels(from figures: [Benchmark.Figure]) -> [Panel]? {
        func series(_ prefix: String) -> (ours: Series, peer: Series) {
            var points: [(items: Double, waterfall: Double, baseline: Double)] = []
            for figure in figures where figure.name.hasPrefix(prefix) {
                guard let items = Double(figure.name.dropFirst(prefix.count)), figure.waterfall > 0, figure.baseline > 0
                else { continue }
                points.append((items, figure.waterfall, figure.baseline))
            }
            points.sort { $0.items < $1.items }
            return (
                Series(name: "Waterfall", color: ours, points: points.map { ($0.items, $0.waterfall) }),
                Series(name: "CHT approach", color: peer, points: points.map { ($0.items, $0.baseline) })
            )
        }
        let panels = [
            ("Placement, ns per item", "placement_ns_per_item_"),
            ("Viewport query at the bottom, µs", "query_us_bottom_"),
            ("Appending 20 items, µs", "append_20_us_"),
        ].map { title, prefix in
            let (ours, peer) = series(prefix)
            return Panel(title: title, series: [ours, peer])
        }
        return panels.allSatisfy({ $0.series[0].points.count >= 2 }) ? panels : nil
    }

    // MARK: - Drawing

    static let panelSize = Size(width: 300, height: 230)
    static let plotInset = EdgeInsets(top: 34, left: 48, bottom: 34, right: 14)

    static func scene(_ panels: [Panel]) -> Scene {
        let legendHeight = 30.0
        let size = Size(
            width: Double(panels.count) * panelSize.width + 20, height: panelSize.height + legendHeight + 10)
        var elements: [SceneElement] = []
        // The legend, once for all panels.
        var x = 20.0
        for series in panels[0].series {
            elements.append(dot(center: Point(x: x + 5, y: 19), color: series.color, diameter: 10))
            elements.append(label(series.name, x: x + 14, y: 11, width: 200, size: 12, color: ink))
            x += 150
        }
        elements.append(
            label("Both axes logarithmic; across: items laid out", x: x + 40, y: 12, width: 360, size: 11, color: ink))
        for (index, panel) in panels.enumerated() {
            let origin = Point(x: 10 + Double(index) * panelSize.width, y: legendHeight)
            elements += draw(panel, at: origin)
        }
        return Scene(size: size, background: .white, scale: 2, elements: elements)
    }

    private static func draw(_ panel: Panel, at origin: Point) -> [SceneElement] {
        var elements: [SceneElement] = []
        let plot = Rect(
            x: origin.x + plotInset.left, y: origin.y + plotInset.top,
            width: panelSize.width - plotInset.left - plotInset.right,
            height: panelSize.height - plotInset.top - plotInset.bottom)
        elements.append(
            label(
                panel.title, x: origin.x + 8, y: origin.y + 6, width: panelSize.width - 16, size: 12, color: ink,
                bold: true))

        let items = panel.series.flatMap { $0.points.map(\.items) }
        let values = panel.series.flatMap { $0.points.map(\.value) }
        let xRange = (log10(items.min()!), log10(items.max()!))
        let yRange = (floor(log10(values.min()!)), ceil(log10(values.max()!)))
        func position(_ point: (items: Double, value: Double)) -> Point {
            let fx = (log10(point.items) - xRange.0) / max(xRange.1 - xRange.0, 1e-9)
            let fy = (log10(point.value) - yRange.0) / max(yRange.1 - yRange.0, 1e-9)
            return Point(x: plot.minX + fx * plot.width, y: plot.maxY - fy * plot.height)
        }

        // Grid: a line at each power of ten of the value, and at each measured size.
        for decade in Int(yRange.0)...Int(yRange.1) {
            let y = position((items.min()!, pow(10, Double(decade)))).y
            elements.append(rule(Rect(x: plot.minX, y: y - 0.5, width: plot.width, height: 1)))
            elements.append(
                label(
                    powerOfTen(decade), x: origin.x + 2, y: y - 7, width: plotInset.left - 8, size: 10, color: ink,
                    alignRight: true))
        }
        for count in Set(items).sorted() {
            let x = position((count, pow(10, yRange.0))).x
            elements.append(rule(Rect(x: x - 0.5, y: plot.minY, width: 1, height: plot.height)))
            elements.append(
                label(itemsLabel(count), x: x - 40, y: plot.maxY + 6, width: 80, size: 10, color: ink, center: true))
        }

        for series in panel.series {
            let points = series.points.map(position)
            // Segments as rows of small dots: a scene draws rectangles, not paths.
            for (from, to) in zip(points, points.dropFirst()) {
                let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
                let steps = max(1, Int(length / 3))
                for step in 1..<steps {
                    let t = Double(step) / Double(steps)
                    elements.append(
                        dot(
                            center: Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t),
                            color: series.color, diameter: 2))
                }
            }
            for point in points { elements.append(dot(center: point, color: series.color, diameter: 8)) }
        }
        return elements
    }

    // MARK: - Elements

    private static func dot(center: Point, color: Color, diameter: Double) -> SceneElement {
        SceneElement(
            kind: .cell, section: 0, item: nil,
            frame: Rect(x: center.x - diameter / 2, y: center.y - diameter / 2, width: diameter, height: diameter),
            fill: color, cornerRadius: diameter / 2)
    }

    private static func rule(_ frame: Rect) -> SceneElement {
        SceneElement(kind: .cell, section: 0, item: nil, frame: frame, fill: grid, cornerRadius: 0)
    }

    private static func label(
        _ text: String, x: Double, y: Double, width: Double, size: Double, color: Color, bold: Bool = false,
        alignRight: Bool = false, center: Bool = false
    ) -> SceneElement {
        // Text is placed by its box; an estimate of its width lines up right-aligned and centred labels.
        let estimate = Double(text.count) * size * 0.6
        let left = alignRight ? x + width - estimate : center ? x + (width - estimate) / 2 : x
        let box = Rect(x: left, y: y, width: min(width, estimate + size), height: size * 1.3)
        let run = TextRun(
            text: text, frame: box, fontFamilies: fonts, fontSize: size, weight: bold ? .bold : .regular, color: color)
        return SceneElement(
            kind: .header, section: 0, item: nil, frame: box, fill: Color(red: 0, green: 0, blue: 0, alpha: 0),
            cornerRadius: 0, texts: [run])
    }

    private static func powerOfTen(_ exponent: Int) -> String {
        switch exponent {
        case -3...(-1): "0." + String(repeating: "0", count: -exponent - 1) + "1"
        case 0...5: "1" + String(repeating: "0", count: exponent)
        default: "1e\(exponent)"
        }
    }

    private static func itemsLabel(_ items: Double) -> String {
        switch items {
        case 1_000_000...: "\(Int(items / 1_000_000))M"
        case 1_000...: "\(Int(items / 1_000))K"
        default: "\(Int(items))"
        }
    }
}
