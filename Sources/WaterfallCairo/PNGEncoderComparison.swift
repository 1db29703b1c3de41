import Dispatch
import WaterfallCore
import WaterfallRender

/// Our PNG writer and Cairo's own on the same rendered pixels: speed, size and agreement; and our
/// writer with libdeflate's compressor in place of its run-length one.
///
/// For the benchmark and the encoder's tests, so not API (`@_spi(Benchmark) import
/// WaterfallCairo`): `waterfall` always writes PNGs with the fast writer, and this is the one
/// place Cairo's writer (libpng's defaults: every filter tried on every row, zlib level 6) and
/// libdeflate's compressor still run.
@_spi(Benchmark)
public struct PNGEncoderComparison: Sendable {
    /// The size of the encoded tile in pixels.
    public var width: Int
    /// The height of the encoded tile in pixels.
    public var height: Int
    /// The fastest of the timed runs of each writer, in seconds.
    public var fastSeconds: Double
    /// The fastest timed run of Cairo's writer, in seconds.
    public var cairoSeconds: Double
    /// The size of each writer's file in bytes.
    public var fastBytes: Int
    /// The size of Cairo's file in bytes.
    public var cairoBytes: Int
    /// The fastest timed run of our writer with libdeflate's compressor at level 1 (its fastest)
    /// in place of the run-length one: the same filtered rows (filtered on all cores), deflated in
    /// one call on one thread, since libdeflate cannot cut a stream into segments.
    public var libdeflateSeconds: Double
    /// The size of that file in bytes.
    public var libdeflateBytes: Int
    /// Whether all three files decode to the same pixels.
    public var samePixels: Bool

    /// Millions of pixels in the tile.
    public var megapixels: Double { Double(width * height) / 1_000_000 }
    /// How many times faster the fast writer is.
    public var speedup: Double { cairoSeconds / fastSeconds }
    /// The fast writer's file size over Cairo's.
    public var sizeRatio: Double { Double(fastBytes) / Double(cairoBytes) }

    /// Renders the first PNG tile of `scene` (at most `maxTileHeight` device pixels high) once,
    /// then encodes it `repetitions` times with each writer, in turn.
    public static func measure(
        _ scene: Scene, repetitions: Int = 3, maxTileHeight: Int = 32767
    ) throws -> PNGEncoderComparison {
        var result: PNGEncoderComparison?
        _ = try CairoRenderer.renderTiles(
            scene, canvas: try PixelCanvas(scene), maxTileHeight: maxTileHeight, tiles: 0..<1
        ) { _, _, _, surface in
            var fast = (seconds: Double.infinity, bytes: [UInt8]())
            var cairo = fast
            var libdeflate = fast
            var libdeflateTuning = PNGWriter.Tuning.standard
            libdeflateTuning.libdeflate = true
            for _ in 0..<max(1, repetitions) {
                try time({ try surface.pngBytes() }, into: &fast)
                try time({ try surface.cairoPNGBytes() }, into: &cairo)
                try time({ try surface.pngBytes(tuning: libdeflateTuning) }, into: &libdeflate)
            }
            let pixels = try PNGCodec.decode(fast.bytes)
            result = PNGEncoderComparison(
                width: surface.width, height: surface.height, fastSeconds: fast.seconds, cairoSeconds: cairo.seconds,
                fastBytes: fast.bytes.count, cairoBytes: cairo.bytes.count, libdeflateSeconds: libdeflate.seconds,
                libdeflateBytes: libdeflate.bytes.count,
                samePixels: try pixels == PNGCodec.decode(cairo.bytes) && pixels == PNGCodec.decode(libdeflate.bytes))
        }
        guard let result else { throw CairoError.invalidCanvas(reason: "the scene has no tiles") }
        return result
    }

    /// `image` encoded twice by our writer, with its two ways of choosing each row's filter.
    ///
    /// One sampled pass (what it always does), and filtering each row with Sub, Up and Paeth in
    /// turn and keeping the best. For tests: the two must decode to the same pixels, in about as
    /// many bytes.
    public static func oneFilterPassAndEachFilterInTurn(_ image: PixelImage) throws -> (
        onePass: [UInt8], eachInTurn: [UInt8]
    ) {
        var plain = PNGWriter.Tuning.standard
        plain.tryEachFilter = true
        return (try PNGCodec.encode(image, tuning: .standard), try PNGCodec.encode(image, tuning: plain))
    }

    /// Runs `encode`, keeping its bytes and the shortest time seen.
    private static func time(_ encode: () throws -> [UInt8], into best: inout (seconds: Double, bytes: [UInt8])) throws
    {
        let start = DispatchTime.now().uptimeNanoseconds
        let bytes = try encode()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        if seconds < best.seconds { best = (seconds, bytes) }
    }
}
