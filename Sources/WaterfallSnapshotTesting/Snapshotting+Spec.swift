import Foundation
import SnapshotTesting
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import XCTest

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
        Snapshotting(
            pathExtension: "png", diffing: .pngPixels(precision: precision, perceptualPrecision: perceptualPrecision),
            asyncSnapshot: { spec in
                Async { callback in
                    do {
                        callback(try SpecRendering.png(spec, scale: scale))
                    } catch {
                        // No snapshot is handed on, so nothing is recorded as the reference and
                        // the assertion fails; the reason is reported where the test runs.
                        SpecRendering.fail("waterfall could not render the spec: \(error)")
                    }
                }
            })
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
        text("svg") { spec in
            String(decoding: try Renderer.svg.render(SpecRendering.prepared(spec).scene)[0].bytes, as: UTF8.self)
        }
    }

    /// The spec's layout as `waterfall layout --pretty` prints it, compared line by line.
    ///
    /// Cards sized by their image and text are measured as `waterfall render` measures them.
    public static var layoutJSON: Snapshotting {
        text("json") { spec in
            let layout = try RenderPipeline(renderers: []).layout(spec)
            return LayoutDump.json(
                contentSize: layout.contentSize, elements: layout.layoutAttributesForAllElements(), pretty: true)
        }
    }

    /// A text strategy whose failure fails the test where it runs: no snapshot is handed on, so an
    /// error's text is never recorded as the reference.
    private static func text(
        _ pathExtension: String, _ make: @escaping @Sendable (Spec) throws -> String
    ) -> Snapshotting {
        Snapshotting(
            pathExtension: pathExtension, diffing: .lines,
            asyncSnapshot: { spec in
                Async { callback in
                    do {
                        callback(try make(spec))
                    } catch {
                        SpecRendering.fail("waterfall could not lay out or render the spec: \(error)")
                    }
                }
            })
    }
}

/// Renders specs for the strategies through the same pipeline as `waterfall render`.
enum SpecRendering {
    static func prepared(_ spec: Spec, scale: Double? = nil) throws -> PreparedSpec {
        try RenderPipeline(renderers: [], scale: scale).prepare(spec)
    }

    static func png(_ spec: Spec, scale: Double?) throws -> Data {
        let image = try CairoRenderer.rasterize(prepared(spec, scale: scale).scene)
        return Data(try PNGCodec.encode(image))
    }

    /// Fails the running test, in Swift Testing or XCTest.
    static func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message))
        } else {
            XCTFail(message)
        }
    }
}
