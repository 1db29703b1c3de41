import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Small scenes and pixel helpers shared by the tests.
enum SceneFixtures {
    static let background = Color(red: 240, green: 240, blue: 240)
    static let red = Color(red: 220, green: 30, blue: 30)
    static let green = Color(red: 30, green: 170, blue: 60)
    static let blue = Color(red: 30, green: 60, blue: 220)
    static let yellow = Color(red: 240, green: 200, blue: 20)
    static let families = ["DejaVu Sans", "Noto Sans CJK SC", "sans-serif"]

    /// A PNG scene image of `pixels` (rows of colors, top row first).
    static func pngImage(_ rows: [[Color]], path: String = "test.png") throws -> SceneImage {
        let raster = PixelImage(
            width: rows[0].count, height: rows.count,
            pixels: rows.flatMap { $0.flatMap { [$0.red, $0.green, $0.blue, $0.alpha] } })
        return SceneImage(
            path: path, format: .png, data: try PNGCodec.encode(raster),
            pixelWidth: raster.width, pixelHeight: raster.height)
    }

    /// A card with text.
    static func card(_ frame: Rect, fill: Color, text: String, item: Int, image: SceneImage? = nil) -> SceneElement {
        SceneElement(
            kind: .cell, section: 0, item: item, frame: frame, fill: fill, cornerRadius: 8,
            stroke: Stroke(color: .black, width: 1), image: image,
            texts: [
                TextRun(
                    text: text,
                    frame: Rect(x: frame.minX + 4, y: frame.maxY - 24, width: frame.width - 8, height: 20),
                    fontFamilies: families, fontSize: 12, weight: .bold, color: .black)
            ])
    }

    /// A scene whose elements, text and image straddle many tile boundaries.
    static func tallScene() throws -> Scene {
        let image = try pngImage([[red, green], [blue, yellow]])
        var elements: [SceneElement] = [
            SceneElement(
                kind: .header, section: 0, item: nil, frame: Rect(x: 0, y: 0, width: 120, height: 20),
                fill: yellow, cornerRadius: 0,
                texts: [
                    TextRun(
                        text: "Header 标题", frame: Rect(x: 4, y: 2, width: 112, height: 16),
                        fontFamilies: families, fontSize: 11, weight: .regular, color: .black)
                ])
        ]
        for item in 0..<6 {
            let column = Double(item % 2)
            let top = 24 + Double(item / 2) * 45 + column * 13.3
            elements.append(
                card(
                    Rect(x: 4 + column * 58, y: top, width: 54, height: 41.7),
                    fill: item.isMultiple(of: 2) ? red : blue, text: "Card \(item) 卡片", item: item,
                    image: item == 3 ? image : nil))
        }
        return Scene(
            size: Size(width: 120, height: 170), background: background, scale: 1.5, elements: elements)
    }
}

/// Expects two colors to differ by at most `tolerance` in every channel.
func expectColor(
    _ actual: Color, _ expected: Color, tolerance: Int = 0, _ message: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let pairs = [
        (actual.red, expected.red), (actual.green, expected.green), (actual.blue, expected.blue),
        (actual.alpha, expected.alpha),
    ]
    let close = pairs.allSatisfy { abs(Int($0.0) - Int($0.1)) <= tolerance }
    #expect(close, "\(actual) is not \(expected) ±\(tolerance) \(message)", sourceLocation: sourceLocation)
}
