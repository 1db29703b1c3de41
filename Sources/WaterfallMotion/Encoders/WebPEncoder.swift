import WaterfallCore

/// Writes an animated WebP with libwebp: lossless (every pixel exact) unless a quality is given,
/// then lossy at that quality.
///
/// As libwebp's own animation encoder does (and ffmpeg through it), the first frame is whole and
/// each later one only the rectangle that changed since the frame before, its unchanged pixels
/// transparent and blended over the canvas; a frame equal to the one before lengthens the last
/// one's duration. Unlike it, frames are compressed several at once on every core, each once:
/// there are no key frames after the first (libwebp compresses each frame near one twice, as a key
/// frame and as a change, to keep the smaller). A clip is played from its start; a player seeking
/// into it decodes the frames before.
///
/// Frame `i` shows from `i × 1000 / fps` ms, rounded, so the clip lasts `frames / fps` seconds to
/// the millisecond. The compressed frames are kept until the end, when the file is written in one
/// go. The same frames and options give the same bytes.
final class WebPEncoder: ClipEncoder {
    private let path: String
    private let name: String
    private let width: Int
    private let height: Int
    private let fps: Int
    private let settings: WebPSettings
    private var changes = FrameChanges()
    private let compression = OrderedWork<WebPFrame>()
    private let assembly: WebPAssembly

    /// An encoder of the clip to be written at `path` (called `name` in errors).
    init(path: String, name: String, width: Int, height: Int, options: ClipOptions) throws {
        guard (1...16383).contains(width), (1...16383).contains(height) else {
            throw ClipError.tooLarge(file: name, width: width, height: height, format: .webp, limit: 16383)
        }
        settings = WebPSettings(quality: options.quality)
        _ = try settings.config(name: name)
        assembly = try WebPAssembly(width: width, height: height, name: name)
        // Created now, so that a folder that cannot be written to fails before any frame is drawn.
        try ClipFile(path: path, name: name).close()
        self.path = path
        self.name = name
        self.width = width
        self.height = height
        fps = options.fps
    }

    func add(_ frame: PixelImage) throws {
        if let change = try changes.add(frame, width: width, height: height, file: name) { try write(change) }
    }

    func finish() throws {
        guard let change = changes.finish() else { throw ClipError.noFrames(file: name) }
        try write(change)
        try compression.finish()
        let file = try ClipFile(path: path, name: name)
        try assembly.assemble { try file.write($0) }
        try file.close()
    }

    /// Compresses `change` on another thread and adds it to the animation once the ones before are.
    private func write(_ change: FrameChanges.Change) throws {
        let duration = Self.milliseconds(frame: change.end, fps: fps) - Self.milliseconds(frame: change.start, fps: fps)
        let (settings, name) = (self.settings, self.name)
        try compression.submit {
            try WebPFrame.encode(change, duration: duration, settings: settings, name: name)
        } then: { [assembly] frame in
            try assembly.add(frame)
        }
    }

    /// When frame `frame` starts, in whole milliseconds.
    static func milliseconds(frame: Int, fps: Int) -> Int { (frame * 1000 + fps / 2) / fps }
}
