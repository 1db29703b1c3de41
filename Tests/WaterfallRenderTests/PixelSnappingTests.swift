import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// `pixelSnapping: device` puts every drawn edge on the device pixel grid; `none` (the default)
/// draws the layout's exact frames, and the layout JSON always reports them.
@Suite struct PixelSnappingTests {
    /// Three columns of a fractional width: every cell edge falls between device pixels.
    static func spec(snapping: String?, scale: Double = 3, cornerRadius: Double = 0) -> String {
        """
        width: 389.7
        scale: \(scale)
        \(snapping.map { "pixelSnapping: \($0)" } ?? "")
        style: {cornerRadius: \(cornerRadius), background: "#ffffff", palette: ["#ff0000", "#0000ff"]}
        defaults: {columns: 3, sectionInset: {top: 10.3, left: 10.25, bottom: 10, right: 9.6}, lineSpacing: 7.3, interitemSpacing: 6.35}
        sections:
          - style: {background: "#00ff00"}
            generate: {count: 12, minHeight: 40.45, maxHeight: 90, seed: 3}
        """
    }

    static func prepared(_ text: String) throws -> PreparedSpec {
        try RenderPipeline(renderers: []).prepare(Spec.decode(text))
    }

    @Test func theDefaultIsNoneAndDrawsTheExactFrames() throws {
        #expect(try Spec.decode(Self.spec(snapping: nil)).pixelSnapping == .none)
        #expect(try Spec.decode(Self.spec(snapping: "none")).pixelSnapping == .none)
        #expect(try Spec.decode(Self.spec(snapping: "device")).pixelSnapping == .device)
        let prepared = try Self.prepared(Self.spec(snapping: nil))
        let frames = prepared.layout.layoutAttributesForAllElements().map(\.frame)
        #expect(prepared.scene.elements.map(\.frame) == frames)
        #expect(prepared.scene.elements.allSatisfy { $0.layoutFrame == nil })
        #expect(prepared.scene.layoutSize == nil)
        #expect(prepared.scene.size == prepared.layout.contentSize)
    }

    @Test func aMisspeltSettingIsNamed() throws {
        do {
            _ = try Spec.decode("width: 375\npixelSnapping: devices\n", file: "s.yaml")
            Issue.record("decoded")
        } catch {
            #expect(
                error.description
                    == "s.yaml:2:16: pixelSnapping: must be one of none, device, not \"devices\" (did you mean \"device\"?)"
            )
        }
    }

    @Test func everyEdgeIsOnTheGridAndNeighboursStillTouch() throws {
        let exact = try Self.prepared(Self.spec(snapping: nil)).scene
        let snapped = try Self.prepared(Self.spec(snapping: "device")).scene
        let scale = 3.0
        func onGrid(_ value: Double) -> Bool { abs(value * scale - (value * scale).rounded()) < 1e-6 }
        #expect(onGrid(snapped.size.width) && onGrid(snapped.size.height))
        #expect(snapped.layoutSize == exact.size)
        for (before, after) in zip(exact.elements, snapped.elements) {
            let (a, b) = (before.frame, after.frame)
            for edge in [b.minX, b.maxX, b.minY, b.maxY] { #expect(onGrid(edge), "\(b)") }
            // Each edge moved to the nearest device pixel boundary: at most half a pixel.
            for (x, y) in [(a.minX, b.minX), (a.maxX, b.maxX), (a.minY, b.minY), (a.maxY, b.maxY)] {
                #expect(abs(x - y) * scale <= 0.5 + 1e-9, "\(a) -> \(b)")
            }
            #expect(after.layoutFrame == (a == b ? nil : a))
            for run in after.texts {
                for edge in [run.frame.minX, run.frame.maxX, run.frame.minY] { #expect(onGrid(edge)) }
            }
            #expect(after.cornerRadius == before.cornerRadius)
        }
        // Edges that met before meet after, and edges apart stay apart: no gap, no overlap.
        let before = exact.elements.map(\.frame)
        let after = snapped.elements.map(\.frame)
        for i in before.indices {
            for j in before.indices where i != j {
                if before[i].maxX == before[j].minX { #expect(after[i].maxX == after[j].minX) }
                if before[i].maxY == before[j].minY { #expect(after[i].maxY == after[j].minY) }
                if before[i].maxY < before[j].minY { #expect(after[i].maxY <= after[j].minY) }
                if before[i].maxX < before[j].minX { #expect(after[i].maxX <= after[j].minX) }
            }
        }
        #expect(snapped.elements.contains { $0.frame != $0.layoutFrame && $0.layoutFrame != nil })
    }

    @Test func theGridRoundsHalvesUpAndKeepsSnappedValues() {
        let grid = PixelGrid(scale: 2)
        #expect(grid.snap(10.25) == 10.5)
        #expect(grid.snap(10.2) == 10)
        #expect(
            grid.snap(Rect(x: 0.3, y: 0.7, width: 10.1, height: 0.2)) == Rect(x: 0.5, y: 0.5, width: 10, height: 0.5))
        let third = PixelGrid(scale: 3)
        for k in 0..<3000 {
            let value = Double(k) / 3
            #expect(third.snap(value) == value)
        }
    }

    @Test func theLayoutJSONKeepsTheExactFrames() throws {
        let exact = try RenderFixtures.text(.layoutJSON, Self.prepared(Self.spec(snapping: nil)).scene)
        let snapped = try RenderFixtures.text(.layoutJSON, Self.prepared(Self.spec(snapping: "device")).scene)
        #expect(exact == snapped)
        #expect(exact.contains(".") && exact.contains("389.7"))
    }

    @Test func svgAndHTMLDrawTheSnappedFrames() throws {
        let scene = try Self.prepared(Self.spec(snapping: "device")).scene
        let cell = try #require(scene.elements.first { $0.kind == .cell })
        let n = ShortestNumber.text
        let svg = try RenderFixtures.text(.svg, scene)
        #expect(
            svg.contains(
                "x=\"\(n(cell.frame.minX))\" y=\"\(n(cell.frame.minY))\" width=\"\(n(cell.frame.width))\" height=\"\(n(cell.frame.height))\""
            ))
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        #expect(html.contains("left: \(n(cell.frame.minX))px; top: \(n(cell.frame.minY))px;"))
        #expect(cell.frame != cell.layoutFrame)
    }

    /// With square corners, the PNG has no anti-aliased edge.
    ///
    /// Every pixel is the page's, the section's or a card's color; without snapping, fractional
    /// edges blend them.
    @Test(arguments: [1.0, 2, 3])
    func thePNGHasNoBlendedEdges(scale: Double) throws {
        let colors: Set<[UInt8]> = [[255, 255, 255], [0, 255, 0], [255, 0, 0], [0, 0, 255]]
        func blended(_ snapping: String) throws -> Int {
            let image = try CairoRenderer.rasterize(
                Self.prepared(Self.spec(snapping: snapping, scale: scale)).scene)
            var count = 0
            for index in stride(from: 0, to: image.pixels.count, by: 4)
            where !colors.contains(Array(image.pixels[index..<index + 3])) {
                count += 1
            }
            return count
        }
        #expect(try blended("device") == 0)
        #expect(try blended("none") > 0)
    }

    /// Pixel snapping does not touch the PDF's size beyond the page's own snapping, and the PDF
    /// renders.
    @Test func thePDFDrawsTheSnappedScene() throws {
        let scene = try Self.prepared(Self.spec(snapping: "device")).scene
        let pdf = try CairoRenderer.renderPDF(scene)
        let text = String(decoding: pdf.prefix(4096), as: UTF8.self)
        #expect(text.hasPrefix("%PDF"))
        #expect(scene.size.width == 1169.0 / 3)
    }
}
