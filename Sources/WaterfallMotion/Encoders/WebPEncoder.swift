import WaterfallCore

/// Writes an animated WebP through libwebp's animation encoder: lossless (every pixel exact) unless
/// a quality is given, then lossy at that quality.
///
/// Frame `i` shows from `i × 1000 / fps` ms, rounded, so the clip lasts `frames / fps` seconds to
/// the millisecond. libwebp holds the encoded frames until the end, when the file is written in
/// one go; this encoder holds none itself. The same frames and options give the same bytes (one
/// thread, fixed key frame spacing).
final class WebPEncoder: ClipEncoder {
    private let animation: WebPAnimation
    private let path: String
    private let name: String
    private let width: Int
    private let height: Int
    private let fps: Int
    private var count = 0

    /// An encoder of the clip to be written at `path` (called `name` in errors).
    init(path: String, name: String, width: Int, height: Int, options: ClipOptions) throws {
        guard (1...16383).contains(width), (1...16383).contains(height) else {
            throw ClipError(reason: "\(name): \(width) × \(height) is larger than the 16383 × 16383 WebP can hold")
        }
        animation = try WebPAnimation(width: width, height: height, quality: options.quality, name: name)
        // Created now, so that a folder that cannot be written to fails before any frame is drawn.
        try ClipFile(path: path, name: name).close()
        self.path = path
        self.name = name
        self.width = width
        self.height = height
        fps = options.fps
    }

    func add(_ frame: PixelImage) throws {
        try frame.checkIsFrame(count, width: width, height: height, file: name)
        try animation.add(frame, at: Self.milliseconds(frame: count, fps: fps))
        count += 1
    }

    func finish() throws {
        guard count > 0 else { throw ClipError(reason: "\(name): a clip needs at least one frame") }
        let file = try ClipFile(path: path, name: name)
        try animation.assemble(endingAt: Self.milliseconds(frame: count, fps: fps)) { try file.write($0) }
        try file.close()
    }

    /// When frame `frame` starts, in whole milliseconds.
    static func milliseconds(frame: Int, fps: Int) -> Int { (frame * 1000 + fps / 2) / fps }
}
