import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallTestSupport

/// `layoutDirection: rightToLeft`: card text keeps to the trailing (right) edge in every renderer,
/// and a header's `align` reads leading and trailing in the layout's direction.
@Suite struct TrailingTextTests {
    static func spec(_ direction: String) -> String {
        """
        width: 300
        scale: 1
        layoutDirection: \(direction)
        style: {palette: ["#ffffff"], background: "#ffffff", textColor: "#000000", cornerRadius: 0}
        sections:
          - columns: 1
            header: {height: 40, title: Lead, color: "#ffffff"}
            items:
              - {height: 60, title: Short, subtitle: "$9"}
          - columns: 1
            header: {height: 40, title: Trail, color: "#ffffff", align: trailing}
            style: {card: {content: below}}
            items:
              - {title: Below, subtitle: sub}

        """
    }

    /// Renders the spec in `direction`; the SVG, the HTML and the PNG.
    func render(_ direction: String) throws -> (svg: String, html: String, png: PixelImage) {
        let folder = ExternalRenderers.temporaryPath("trailing")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.spec(direction).write(toFile: folder + "/t.yaml", atomically: true, encoding: .utf8)
        let result = InProcess.run(
            ["render", folder + "/t.yaml", "--format", "svg,html,png", "--output", folder])
        #expect(result.status == 0, "\(result.standardError)")
        return (
            try String(contentsOfFile: folder + "/t.svg", encoding: .utf8),
            try String(contentsOfFile: folder + "/t.html", encoding: .utf8),
            try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/t.png"))))
        )
    }

    /// The leftmost and rightmost columns with dark pixels in `rows`.
    func inkColumns(_ png: PixelImage, rows: Range<Int>) -> ClosedRange<Int>? {
        var columns: [Int] = []
        for y in rows where y < png.height {
            for x in 0..<png.width where png.pixels[(y * png.width + x) * 4] < 128 { columns.append(x) }
        }
        guard let low = columns.min(), let high = columns.max() else { return nil }
        return low...high
    }

    @Test func rightToLeftTextKeepsToTheTrailingEdgeInEveryRenderer() throws {
        let mirrored = try render("rightToLeft")
        // SVG: every line anchored at its end, at the card's right edge less its padding.
        let texts = mirrored.svg.components(separatedBy: "<text ").dropFirst()
        #expect(texts.count == 6)
        let cardLines = texts.filter { $0.contains(">Short<") || $0.contains(">$9<") || $0.contains(">Below<") }
        #expect(cardLines.count == 3)
        for line in cardLines { #expect(line.hasPrefix("x=\"292\" text-anchor=\"end\"")) }
        // The header aligned `trailing` is on the left in a right-to-left layout.
        let trail = try #require(texts.first { $0.contains(">Trail<") })
        #expect(!trail.contains("text-anchor"))
        // HTML: the card lines are right-aligned.
        #expect(mirrored.html.components(separatedBy: "text-align: right;").count - 1 == 5)
        // PNG: the ink of the first card's title ends near its right edge and starts past the middle.
        let title = try #require(inkColumns(mirrored.png, rows: 48..<64))
        #expect(title.upperBound >= 280 && title.upperBound <= 292)
        #expect(title.lowerBound > 150)
        let trailHeader = try #require(inkColumns(mirrored.png, rows: 110..<130))
        #expect(trailHeader.upperBound < 150)
        // Left to right, the same lines start at the left edge.
        let plain = try render("leftToRight")
        // Only the header aligned `trailing` keeps to the right there.
        #expect(plain.svg.components(separatedBy: "text-anchor=\"end\"").count - 1 == 1)
        #expect(plain.html.components(separatedBy: "text-align: right;").count - 1 == 1)
        let plainTitle = try #require(inkColumns(plain.png, rows: 48..<64))
        #expect(plainTitle.lowerBound >= 8 && plainTitle.lowerBound < 20)
    }
}
