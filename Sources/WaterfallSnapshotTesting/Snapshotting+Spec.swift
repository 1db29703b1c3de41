import Foundation
import SnapshotTesting
import WaterfallCairo
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

extension Snapshotting where Value == Spec, Format == Data {
    /// The spec rendered to PNG by Cairo, compared exactly by pixels.
    public static var png: Snapshotting { .png() }

    /// The spec rendered to PNG by Cairo (one picture, however tall), compared by pixels.
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match, from 0 to 1.
    ///   - perceptualPrecision: How close a pixel must be to count as matching, from 0 to 1.
    ///   - scale: Device pixels per point; the spec's own scale when `nil`.
    public static func png(precision: Double = 1, perceptualPrecision: Double = 1, scale: Double? = nil) -> Snapshotting
    {
        Snapshotting<Data, Data>.pngData(precision: precision, perceptualPrecision: perceptualPrecision).pullback {
            spec in
            SpecRendering.png(spec, scale: scale)
        }
    }
}

extension Snapshotting where Value == Data, Format == Data {
    /// Any PNG bytes, compared by decoded pixels rather than by bytes.
    public static func pngData(precision: Double = 1, perceptualPrecision: Double = 1) -> Snapshotting {
        Snapshotting(
            pathExtension: "png", diffing: .pngPixels(precision: precision, perceptualPrecision: perceptualPrecision))
    }
}

extension Snapshotting where Value == Spec, Format == String {
    /// The spec's SVG, compared line by line.
    public static var svg: Snapshotting {
        Snapshotting(pathExtension: "svg", diffing: .lines) { SpecRendering.text(.svg, $0) }
    }

    /// The spec's layout as `waterfall layout --pretty` prints it, compared line by line.
    public static var layoutJSON: Snapshotting {
        Snapshotting(pathExtension: "json", diffing: .lines) { spec in
            do {
                let layout = try spec.layout()
                return LayoutDump.json(
                    contentSize: layout.contentSize, elements: layout.layoutAttributesForAllElements(), pretty: true)
            } catch {
                return "error: \(error)\n"
            }
        }
    }
}

/// Renders specs for the strategies; a failure becomes the snapshot's content, so it shows in the diff.
enum SpecRendering {
    static func scene(_ spec: Spec, scale: Double? = nil) throws -> Scene {
        try SceneBuilder(measurer: PangoTextMeasurer()).scene(for: spec, layout: spec.layout(), scale: scale)
    }

    static func png(_ spec: Spec, scale: Double?) -> Data {
        do {
            let image = try CairoRenderer.rasterize(scene(spec, scale: scale))
            return Data(try PNGCodec.encode(image))
        } catch {
            return Data("error: \(error)\n".utf8)
        }
    }

    static func text(_ renderer: Renderer, _ spec: Spec) -> String {
        do {
            return String(decoding: try renderer.render(scene(spec))[0].bytes, as: UTF8.self)
        } catch {
            return "error: \(error)\n"
        }
    }
}
