// Every libwebp call (WebPAnimEncoder, in libwebpmux) is in this file, behind `WebPAnimation`;
// every status is checked and becomes a one-line `ClipError` naming the file.

import CWaterfallMotion
import WaterfallCore

/// libwebp's animation encoder: frames with their timestamps in, one animated WebP out.
///
/// The encoder keeps the previous canvas and the frames it has encoded until ``assemble(_:)``
/// (that is its design); it finds each frame's changed rectangle itself and merges a frame equal to
/// the one before into its duration.
final class WebPAnimation {
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    private let name: String

    /// An encoder of `width` × `height` frames, lossless or lossy at `quality` (0–100), looping for
    /// ever; `name` is what errors call the file.
    init(width: Int, height: Int, quality: Int?, name: String) throws {
        self.name = name
        guard WebPConfigInit(&config) != 0 else {
            throw ClipError(reason: "\(name): this libwebp does not match the headers it was built with")
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw ClipError(reason: "\(name): this libwebp does not match the headers it was built with")
        }
        options.anim_params.loop_count = 0
        options.minimize_size = 0
        // Every frame in the one mode asked for, never lossy and lossless mixed.
        options.allow_mixed = 0
        options.verbose = 0
        if let quality {
            config.lossless = 0
            config.quality = Float(quality)
            // gif2webp's key frame spacing for lossy clips: a key frame at least every 5 frames.
            options.kmin = 3
            options.kmax = 5
        } else {
            config.lossless = 1
            // Keep the RGB of every pixel exactly as drawn.
            config.exact = 1
            config.quality = Float(Self.losslessEffort)
            // No key frames past the first: with them, libwebp encodes each frame in the key-frame
            // window twice (as a key frame and as a change) to keep the smaller: without them a
            // clip takes a quarter less time for 1 % more bytes (measured on 10-photo-feed). A
            // clip is played from its start; a player seeking into it decodes the frames before.
            options.kmin = 0
            options.kmax = 0
        }
        config.method = Int32(Self.method)
        // One thread: the bytes never depend on how work was shared.
        config.thread_level = 0
        guard WebPValidateConfig(&config) != 0 else {
            throw ClipError(reason: "\(name): libwebp refused the encoder's settings")
        }
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw ClipError(reason: "\(name): libwebp could not start an animation of \(width) × \(height) pixels")
        }
        self.encoder = encoder
    }

    deinit { WebPAnimEncoderDelete(encoder) }

    /// libwebp's compression method, 0 (fastest) to 6 (smallest): its default.
    static let method = 4
    /// Lossless WebP's `quality`, which is how hard it tries (not what it keeps): libwebp's default.
    static let losslessEffort = 75

    /// Adds `frame`, shown from `milliseconds` after the start.
    func add(_ frame: PixelImage, at milliseconds: Int) throws {
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else {
            throw ClipError(reason: "\(name): this libwebp does not match the headers it was built with")
        }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(frame.width)
        picture.height = Int32(frame.height)
        let imported = frame.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(frame.width * 4))
        }
        guard imported != 0 else { throw ClipError(reason: "\(name): no memory for a frame of the clip") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw ClipError(reason: "\(name): libwebp could not encode a frame (\(error))")
        }
    }

    /// Ends the clip at `milliseconds` and hands the whole file to `body`.
    func assemble(endingAt milliseconds: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(milliseconds), nil) != 0 else {
            throw ClipError(reason: "\(name): libwebp could not end the clip (\(error))")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw ClipError(reason: "\(name): libwebp could not assemble the clip (\(error))")
        }
        try body(UnsafeRawBufferPointer(start: data.bytes, count: data.size))
    }

    /// The encoder's last error, or what stands for it.
    private var error: String {
        guard let message = WebPAnimEncoderGetError(encoder), message.pointee != 0 else { return "no reason given" }
        return String(cString: message)
    }
}
