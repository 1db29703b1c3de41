import WaterfallCore

/// The file formats a clip is written in.
public enum ClipFormat: String, Sendable, CaseIterable {
    /// Animated PNG: lossless, each frame only the rectangle that changed.
    case apng
    /// Animated WebP through libwebp, frame by frame, and its muxer: lossless unless a quality is
    /// given.
    case webp
    /// GIF through giflib, with palettes made by libimagequant.
    case gif
    /// H.264 in MP4 through the `ffmpeg` program.
    case mp4

    /// The file name's extension.
    public var fileExtension: String { rawValue == "apng" ? "png" : rawValue }
}

/// How a clip is encoded: its frame rate and the choices each format offers.
public struct ClipOptions: Sendable, Hashable {
    /// How GIF frames get their colours.
    public enum GIFPalette: String, Sendable, CaseIterable {
        /// A palette made for each frame.
        case perFrame = "per-frame"
        /// One palette for the whole clip, made from its frames.
        case global
    }

    /// Frames a second; every frame shows for `1 / fps` seconds.
    public var fps: Int
    /// The quality 0–100 of a lossy format; `nil` for its default.
    ///
    /// WebP is lossless without one and lossy with one. MP4 maps it to x264's CRF.
    public var quality: Int?
    /// GIF: one palette a frame, or one for all.
    public var gifPalette: GIFPalette = .perFrame
    /// GIF: whether libimagequant dithers the colours it cannot give exactly.
    public var dither = false

    /// Creates the options of a clip at `fps` frames a second.
    public init(fps: Int, quality: Int? = nil) {
        self.fps = fps
        self.quality = quality
    }
}

/// Writes the frames of one clip, in order, into one file.
///
/// Frames are handed over one at a time as they are drawn, all of one size (opaque RGBA,
/// `PixelImage`); an encoder keeps no more of them than its format needs: the previous frame, to
/// write only what changed, and the frames it is compressing, several at once on every core, at
/// most two for each core. ``finish()`` completes the file. The same frames and options give the
/// same bytes every run, for every format but `mp4` (whose bytes are ffmpeg's).
public protocol ClipEncoder: AnyObject {
    /// Adds the next frame.
    func add(_ frame: PixelImage) throws
    /// Writes what is left and closes the file; no frame may be added after it.
    func finish() throws
}
