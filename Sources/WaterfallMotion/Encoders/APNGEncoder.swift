import WaterfallCairo
import WaterfallCore

/// Writes an animated PNG, lossless, with the package's own PNG writer at its smallest effort
/// (``PNGImageData/Effort/small``), several frames compressed at once on every core.
///
/// The first frame is the file's default image (fcTL, then IDAT), whole; each later one is only
/// the rectangle that changed since the frame before (fcTL with its offsets, dispose_op NONE,
/// blend_op SOURCE, then fdAT). A frame equal to the one before lengthens the delay of the last one
/// written instead of adding a frame, so each fcTL is written once the next change shows its delay
/// (one change is held back) and acTL's frame count, written first, is patched at the end. Frames
/// are 8-bit RGB (color type 2): a clip's frames are opaque.
final class APNGEncoder: ClipEncoder {
    private let file: ClipFile
    private let width: Int
    private let height: Int
    private let fps: Int
    private var changes = FrameChanges()
    /// The changes being compressed, on every core.
    private let compression = OrderedWork<[UInt8]>()
    /// The sequence number of the next fcTL or fdAT chunk.
    private var sequence: UInt32 = 0
    private var framesWritten: UInt32 = 0

    /// Where acTL's data starts: after the signature, IHDR and acTL's own length and type.
    private static let animationControlOffset = Int64(PNGFormat.headerLength + 8)

    /// Starts the file at `path` (called `name` in errors): its signature, header and acTL.
    init(path: String, name: String, width: Int, height: Int, fps: Int) throws {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ClipError.tooLarge(
                file: name, width: width, height: height, format: .apng, limit: Int(Int32.max))
        }
        self.width = width
        self.height = height
        self.fps = fps
        file = try ClipFile(path: path, name: name)
        try file.write(PNGFormat.signature)
        // 8 bits a sample, RGB, deflate, adaptive filtering, no interlacing.
        try writeChunk("IHDR", PNGFormat.Header(width: width, height: height, bitDepth: 8, colorType: 2).data)
        // The frame count is patched at the end; 0 plays: for ever.
        try writeChunk("acTL", Self.word(0) + Self.word(0))
    }

    func add(_ frame: PixelImage) throws {
        if let change = try changes.add(frame, width: width, height: height, file: file.name) {
            try write(change)
        }
    }

    func finish() throws {
        guard let change = changes.finish() else {
            throw ClipError.noFrames(file: file.name)
        }
        try write(change)
        try compression.finish()
        try file.write(PNGFormat.endChunk)
        // acTL's data and CRC, after its length and type.
        let control = PNGFormat.chunk("acTL", Self.word(Int(framesWritten)) + Self.word(0), crc: .libdeflate)
        try file.patch(Array(control.dropFirst(8)), at: Self.animationControlOffset)
        try file.close()
    }

    /// Compresses `change`'s rectangle on another thread, then writes its fcTL and its pixels, in
    /// IDAT for the first and fdAT after, once every change before it is written.
    private func write(_ change: FrameChanges.Change) throws {
        let name = file.name
        try compression.submit {
            let rect = change.rect
            let data: [UInt8]?
            do {
                data = try PNGImageData.rgb(
                    of: change.frame, x: rect.x, y: rect.y, width: rect.width, height: rect.height, effort: .small)
            } catch {
                throw ClipError.frameNotEncoded(file: name, frame: change.start + 1, problem: "\(error)")
            }
            guard let data else {
                throw ClipError.translucentFrame(file: name, frame: change.start + 1)
            }
            return data
        } then: { [weak self] data in
            // Weak: the queue is the encoder's own, and an encoder dropped before it finished
            // (another format failed) must still go.
            try self?.writeFrame(change, data: data)
        }
    }

    private func writeFrame(_ change: FrameChanges.Change, data: [UInt8]) throws {
        let rect = change.rect
        let (numerator, denominator) = Self.delay(frames: change.end - change.start, fps: fps)
        var control = Self.word(Int(sequence))
        control += Self.word(rect.width) + Self.word(rect.height) + Self.word(rect.x) + Self.word(rect.y)
        control += Self.halfWord(numerator) + Self.halfWord(denominator)
        // dispose_op NONE: the frame stays as the canvas the next is drawn on; blend_op SOURCE:
        // its pixels replace the canvas's.
        control += [0, 0]
        try writeChunk("fcTL", control)
        sequence += 1
        if change.isFirst {
            try writeChunk("IDAT", data)
        } else {
            try writeChunk("fdAT", Self.word(Int(sequence)), data)
            sequence += 1
        }
        framesWritten += 1
    }

    /// `frames / fps` seconds as fcTL's delay_num / delay_den, both 16-bit (a clip has at most
    /// ``ClipRequest/maximumFrames`` frames, far fewer than 65,535).
    static func delay(frames: Int, fps: Int) -> (Int, Int) {
        var (a, b) = (frames, fps)
        while b != 0 { (a, b) = (b, a % b) }
        let divisor = max(a, 1)
        return (min(frames / divisor, Int(UInt16.max)), fps / divisor)
    }

    /// Writes the chunk whose data is `parts` one after the other, none of them copied.
    private func writeChunk(_ type: String, _ parts: [UInt8]...) throws {
        try PNGFormat.writeChunk(type, parts, crc: .libdeflate, to: { try file.write($0) })
    }

    private static func word(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func halfWord(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}
