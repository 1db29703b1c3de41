// Every libwebp call (WebPEncode in libwebp, WebPMux in libwebpmux) is in this file, behind
// `WebPFrame` and `WebPAssembly`; every status is checked and becomes a one-line `ClipError` naming
// the file.

import CWaterfallMotion
import WaterfallCore

/// How the frames of a clip are compressed: lossless, or lossy at a quality.
struct WebPSettings: Sendable {
    /// The quality 0–100 of lossy frames; `nil` for lossless.
    var quality: Int?

    /// libwebp's compression method, 0 (fastest) to 6 (smallest), for lossy frames: its default.
    static let method: Int32 = 4
    /// The method and `quality` of lossless frames; lossless WebP's quality is how hard it tries,
    /// not what it keeps.
    ///
    /// libwebp's defaults (and ffmpeg's) are method 4 and quality 75. Method 1 at quality 80 made
    /// the frames of three examples' clips 5–7 % smaller in 10 % less time: what a quality above 75
    /// buys (the longest search for repeats; 76 to 90 gave the same sizes) is worth more on screens
    /// than what the higher method does.
    static let losslessMethod: Int32 = 1
    static let losslessEffort: Float = 80

    /// libwebp's settings for one frame, checked.
    func config(name: String) throws -> WebPConfig {
        var config = WebPConfig()
        guard WebPConfigInit(&config) != 0 else {
            throw ClipError.library(
                file: name, library: .libwebp, problem: "this libwebp does not match the headers it was built with")
        }
        if let quality {
            config.lossless = 0
            config.quality = Float(quality)
        } else {
            config.lossless = 1
            config.quality = Self.losslessEffort
        }
        config.method = quality == nil ? Self.losslessMethod : Self.method
        // The colour of a pixel made transparent (unchanged since the frame before) is never shown:
        // libwebp may change it to what compresses best. Opaque pixels keep their colour.
        config.exact = 0
        // One thread a frame: frames are compressed several at once instead.
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else {
            throw ClipError.library(file: name, library: .libwebp, problem: "libwebp refused the encoder's settings")
        }
        return config
    }
}

/// One frame of an animated WebP, compressed: a still WebP of its rectangle and where it goes.
struct WebPFrame: Sendable {
    /// The still WebP file of the rectangle.
    var bytes: [UInt8]
    /// Where the rectangle goes on the canvas: its left and top edges are even, as WebP needs.
    var rect: PixelRect
    /// Whether the rectangle is drawn over the canvas (its transparent pixels leaving what was
    /// there) rather than replacing it.
    var blends: Bool
    /// How long it shows, in milliseconds.
    var duration: Int

    /// Compresses `change`'s rectangle, widened to even left and top edges.
    ///
    /// Every frame but the first blends: a pixel equal to the one on screen before becomes
    /// transparent, which compresses to almost nothing, as libwebp's animation encoder does. The
    /// frame shows for `duration` milliseconds.
    static func encode(
        _ change: FrameChanges.Change, duration: Int, settings: WebPSettings, name: String
    ) throws -> WebPFrame {
        let frame = change.frame
        let rect = change.rect.widenedToEvenOrigin
        var config = try settings.config(name: name)
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw ClipError.library(
                file: name, library: .libwebp, problem: "this libwebp does not match the headers it was built with")
        }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(rect.width)
        picture.height = Int32(rect.height)
        let stride = frame.width * 4
        let offset = rect.y * stride + rect.x * 4
        let imported = frame.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress! + offset, Int32(stride))
        }
        guard imported != 0 else { throw ClipError.outOfMemory(file: name, what: "a frame of the clip") }
        let blends = change.previous != nil
        if let previous = change.previous {
            frame.pixels.withUnsafeBufferPointer { current in
                previous.pixels.withUnsafeBufferPointer { before in
                    wf_clear_unchanged(
                        picture.argb, Int(picture.argb_stride), current.baseAddress! + offset,
                        before.baseAddress! + offset, stride, rect.width, rect.height)
                }
            }
        }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        try withUnsafeMutablePointer(to: &writer) { writer in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writer)
            guard WebPEncode(&config, &picture) != 0 else {
                throw ClipError.library(
                    file: name, library: .libwebp,
                    problem: "libwebp could not encode frame \(change.start + 1) (\(Self.message(picture.error_code)))")
            }
        }
        let bytes = Array(UnsafeBufferPointer(start: writer.mem, count: writer.size))
        return WebPFrame(bytes: bytes, rect: rect, blends: blends, duration: duration)
    }

    private static func message(_ code: WebPEncodingError) -> String {
        switch code {
        case VP8_ENC_ERROR_OUT_OF_MEMORY, VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY: "no memory"
        case VP8_ENC_ERROR_BAD_DIMENSION: "a size WebP cannot hold"
        default: "error \(code.rawValue)"
        }
    }
}

/// Frames put together into one animated WebP by libwebp's muxer, looping for ever.
///
/// Each frame is kept (compressed) until ``assemble(_:)``, which writes the file in one go.
final class WebPAssembly {
    private let mux: OpaquePointer
    private let name: String
    private var count = 0

    /// An animation of `width` × `height` pixels; `name` is what errors call the file.
    init(width: Int, height: Int, name: String) throws {
        self.name = name
        guard let mux = WebPNewInternal(Int32(WEBP_MUX_ABI_VERSION)) else {
            throw ClipError.outOfMemory(file: name, what: "the clip")
        }
        self.mux = mux
        try check(WebPMuxSetCanvasSize(mux, Int32(width), Int32(height)), "set the clip's size")
        // Loop for ever; the background (never seen: the first frame covers the canvas) white.
        var parameters = WebPMuxAnimParams(bgcolor: 0xFFFF_FFFF, loop_count: 0)
        try check(WebPMuxSetAnimationParams(mux, &parameters), "set the clip's looping")
    }

    deinit { WebPMuxDelete(mux) }

    /// Adds `frame` after the ones before.
    func add(_ frame: WebPFrame) throws {
        try frame.bytes.withUnsafeBufferPointer { bytes in
            var info = WebPMuxFrameInfo()
            info.bitstream = WebPData(bytes: bytes.baseAddress, size: bytes.count)
            info.x_offset = Int32(frame.rect.x)
            info.y_offset = Int32(frame.rect.y)
            info.duration = Int32(frame.duration)
            info.id = WEBP_CHUNK_ANMF
            info.dispose_method = WEBP_MUX_DISPOSE_NONE
            info.blend_method = frame.blends ? WEBP_MUX_BLEND : WEBP_MUX_NO_BLEND
            // Copied: the frame's bytes go when this returns.
            try check(WebPMuxPushFrame(mux, &info, 1), "add frame \(count + 1)")
        }
        count += 1
    }

    /// Hands the whole file to `body`.
    func assemble(_ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        try check(WebPMuxAssemble(mux, &data), "assemble the clip")
        try body(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
    }

    private func check(_ status: WebPMuxError, _ action: String) throws {
        guard status != WEBP_MUX_OK else { return }
        let reason =
            switch status {
            case WEBP_MUX_MEMORY_ERROR: "no memory"
            case WEBP_MUX_BAD_DATA: "a frame libwebp cannot read"
            case WEBP_MUX_INVALID_ARGUMENT: "a value out of range"
            default: "error \(status.rawValue)"
            }
        throw ClipError.library(file: name, library: .libwebp, problem: "libwebp could not \(action) (\(reason))")
    }
}
