import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// Every format puts every element at its contract frame, on specs the renderers never saw.
@Suite(.tags(.slow)) struct PictureTests {
    func frames(inSVG svg: String) -> [Rect] {
        // The first rect of each group is the element's card, at its frame.
        svg.split(separator: "<g data-kind").dropFirst().map { group in
            numbers(String(group), ["x", "y", "width", "height"], after: "<rect ")
        }
    }

    func frames(inHTML html: String) -> [Rect] {
        html.split(separator: "<div class=\"element\"").dropFirst().map { element in
            numbers(String(element), ["left", "top", "width", "height"], after: "style=\"")
        }
    }

    private func numbers(_ text: String, _ names: [String], after marker: String) -> Rect {
        let start = text.range(of: marker)!.upperBound
        let tail = text[start...]
        let values = names.map { name -> Double in
            let key = marker == "<rect " ? " \(name)=\"" : "\(name): "
            let range = (" " + tail).range(of: key)!
            let rest = (" " + tail)[range.upperBound...]
            return Double(rest.prefix { "0123456789.-e+".contains($0) })!
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    @Test(arguments: Array(UInt64(900)..<UInt64(930)))
    func everyFormatDrawsEveryElementAtItsFrame(_ seed: UInt64) throws {
        var random = TestRandom(seed: seed)
        let spec = RandomSpec.specWithTitles(&random)
        let layout = try spec.layout()
        let reference = ContractReference.layout(spec.configuration)
        guard layout.contentSize.height > 0 else { return }
        let scene = try RenderFixtures.scene(spec)
        // Every element draws a card here: cells take palette colors, headers are given one.
        let expected = reference.elements.map(\.frame)
        let svg = try RenderFixtures.text(.svg, scene)
        let svgFrames = frames(inSVG: svg)
        let html = try RenderFixtures.text(.html(templates: RenderFixtures.templates), scene)
        let htmlFrames = frames(inHTML: html)
        try #require(svgFrames.count == expected.count)
        try #require(htmlFrames.count == expected.count)
        for (index, frame) in expected.enumerated() {
            #expect(agrees(svgFrames[index], frame), "seed \(seed) svg \(index)")
            #expect(agrees(htmlFrames[index], frame), "seed \(seed) html \(index)")
        }
        // PNG: decoded, the right size, each card's color at its center (where no text is).
        let png = try Renderer.png.render(scene)
        let image = try PNGCodec.decode(png[0].bytes)
        #expect(image.width == Int((layout.contentSize.width * 2).rounded(.up)))
        // A tile is at most 32,767 rows and 256 MiB of pixels.
        let rowsPerTile = min(32767, (256 << 20) / (image.width * 4))
        #expect(image.height == min(rowsPerTile, Int((layout.contentSize.height * 2).rounded(.up))))
        for element in scene.elements
        where element.kind == .cell && element.frame.width >= 2 && element.frame.height >= 2 {
            let center = Point(
                x: element.frame.minX + element.frame.width / 2, y: element.frame.minY + element.frame.height / 2)
            let underText = element.texts.contains { $0.frame.insetBy(-1).contains(center) }
            let y = Int(center.y * 2)
            guard !underText, y < image.height else { continue }
            #expect(
                image.color(x: Int(center.x * 2), y: y) == element.fill,
                "seed \(seed) \(element.section)/\(element.item!)")
        }
        // PDF: one page the size of the content, in points.
        let pdf = String(decoding: try Renderer.pdf.render(scene)[0].bytes, as: UTF8.self)
        #expect(pdf.hasPrefix("%PDF-"))
        let mediaBox = "/MediaBox [ 0 0 \(ShortestNumber.text(layout.contentSize.width))"
        #expect(pdf.contains(mediaBox) || pdf.contains("/MediaBox [ 0 0 \(layout.contentSize.width)"))
    }
}

extension Rect {
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: minX + amount, y: minY + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}
