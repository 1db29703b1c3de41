import WaterfallCairo
import WaterfallCore

/// Reads the frames of an animated PNG one at a time, as a viewer shows them: each frame's
/// region decoded, blended onto the canvas and disposed of as its `fcTL` says.
///
/// ```swift
/// var reader = try AnimatedPNGReader(bytes: bytes, name: "shop.scroll.png")
/// while let frame = try reader.next() { show(frame.image, for: frame.seconds) }
/// ```
///
/// It holds the file's bytes, the canvas and, for `dispose_op` previous, one copy of it: a clip
/// of any length is read in the memory of two frames.
public struct AnimatedPNGReader {
    /// One frame as shown: the whole canvas, and how long it stays.
    public struct Frame: Sendable {
        /// The canvas after this frame was drawn.
        public var image: PixelImage
        /// How long it is shown, in seconds.
        public var seconds: Double
    }

    /// The canvas's width in pixels.
    public let width: Int
    /// The canvas's height in pixels.
    public let height: Int
    /// The number of frames the file says it has (`acTL`).
    public let frameCount: Int

    private let bytes: [UInt8]
    private let name: String
    private let header: PNGFormat.Header
    /// Chunks every frame's image needs besides `IHDR` (`PLTE`, `tRNS`).
    private let ancillary: [(type: String, data: ArraySlice<UInt8>)]
    private var position: Int
    private var canvas: PixelImage
    private var dispose: (control: Control, saved: PixelImage?)?
    private var framesRead = 0

    /// The most frames a file may say it has.
    public static let maximumFrames = 100_000
    /// The largest canvas read, in pixels: a clip's largest frame, as `render --animate` and
    /// `check` draw them.
    public static let maximumCanvasPixels = ClipRequest.maximumFramePixels

    private struct Control {
        var width: Int
        var height: Int
        var x: Int
        var y: Int
        var seconds: Double
        var dispose: UInt8
        var blend: UInt8
    }

    /// Reads the header of the animated PNG `bytes`; `name` is the file, for messages.
    ///
    /// - Throws: ``ClipError`` when the bytes are not a PNG or have no animation control (`acTL`),
    ///   a chunk is cut short or damaged, the canvas holds more than ``maximumCanvasPixels`` or a
    ///   frame's region leaves it.
    public init(bytes: [UInt8], name: String) throws(ClipError) {
        self.bytes = bytes
        self.name = name
        guard PNGFormat.hasSignature(bytes) else { throw ClipError.unreadable(file: name, problem: .notPNG) }
        var position = PNGFormat.signature.count
        var header: PNGFormat.Header?
        var frames: Int?
        var ancillary: [(type: String, data: ArraySlice<UInt8>)] = []
        while let chunk = try Self.chunk(in: bytes, at: position, name: name) {
            if chunk.type == "IDAT" || chunk.type == "fcTL" { break }
            switch chunk.type {
            case "IHDR": header = try? PNGFormat.Header(data: chunk.data)
            case "acTL":
                guard chunk.data.count == 8 else {
                    throw ClipError.unreadable(file: name, problem: .brokenChunk(type: "acTL"))
                }
                frames = Int(PNGFormat.uint32(chunk.data, at: 0))
            case "PLTE", "tRNS": ancillary.append((chunk.type, chunk.data))
            default: break
            }
            position = chunk.end
        }
        guard let header else { throw ClipError.unreadable(file: name, problem: .noHeader) }
        guard let frames else { throw ClipError.unreadable(file: name, problem: .stillPNG) }
        guard (1...Self.maximumFrames).contains(frames) else {
            throw ClipError.unreadable(
                file: name, problem: .frameCountOutOfRange(count: frames, limit: Self.maximumFrames))
        }
        let width = header.width
        let height = header.height
        // A baseline is a clip this tool wrote, so its canvas is at most a clip's frame: a larger
        // one (2^28 pixels is 1 GiB a canvas, and the reader holds up to three) is refused
        // before any pixel is decoded.
        guard width > 0, height > 0 else {
            throw ClipError.unreadable(file: name, problem: .emptyCanvas(width: width, height: height))
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= Self.maximumCanvasPixels else {
            throw ClipError.unreadable(
                file: name, problem: .canvasTooLarge(width: width, height: height, limit: Self.maximumCanvasPixels))
        }
        self.width = width
        self.height = height
        self.frameCount = frames
        self.header = header
        self.ancillary = ancillary
        self.position = position
        // Every frame's region is checked before the canvas is made and anything decoded.
        var scan = position
        var controls = 0
        while let chunk = try Self.chunk(in: bytes, at: scan, name: name) {
            if chunk.type == "fcTL" {
                guard chunk.data.count == 26 else {
                    throw ClipError.unreadable(file: name, problem: .brokenChunk(type: "fcTL"))
                }
                _ = try Self.control(chunk.data, frame: controls + 1, width: width, height: height, name: name)
                controls += 1
            }
            if chunk.type == "IEND" { break }
            scan = chunk.end
        }
        self.canvas = PixelImage(width: width, height: height, color: Color(red: 0, green: 0, blue: 0, alpha: 0))
    }

    /// The next frame as shown, or `nil` after the last.
    ///
    /// - Throws: ``ClipError`` naming the file when a chunk is cut short or broken, a frame
    ///   leaves the canvas, or its pixels cannot be read.
    public mutating func next() throws(ClipError) -> Frame? {
        var control: Control?
        var data: [UInt8] = []
        while let chunk = try Self.chunk(in: bytes, at: position, name: name) {
            switch chunk.type {
            case "fcTL":
                // The next frame's control ends this one: it is read again by the next call.
                if let control { return try draw(control, data: data) }
                guard chunk.data.count == 26 else {
                    throw ClipError.unreadable(file: name, problem: .brokenChunk(type: "fcTL"))
                }
                control = try parse(chunk.data)
            case "IDAT":
                // An IDAT without an fcTL before it is a default image, not part of the animation.
                if control != nil { data += chunk.data }
            case "fdAT":
                guard chunk.data.count >= 4 else {
                    throw ClipError.unreadable(file: name, problem: .brokenChunk(type: "fdAT"))
                }
                if control != nil { data += chunk.data.dropFirst(4) }
            case "IEND":
                position = bytes.count
                return try control.map { control throws(ClipError) in try draw(control, data: data) }
            default: break
            }
            position = chunk.end
        }
        return try control.map { control throws(ClipError) in try draw(control, data: data) }
    }

    /// The frames as a clip of `fps` shows them: each frame repeated for as many ticks as its
    /// delay covers, the ticks counted from the clip's start so rounding never drifts.
    public mutating func forEachTick(fps: Int, _ body: (PixelImage) throws -> Void) throws {
        var ticks = ClipTicks(fps: fps)
        while let frame = try next() {
            for _ in 0..<ticks.add(frame.seconds) { try body(frame.image) }
        }
    }

    private mutating func draw(_ control: Control, data: [UInt8]) throws(ClipError) -> Frame {
        framesRead += 1
        guard !data.isEmpty else {
            throw ClipError.unreadable(file: name, problem: .frameWithoutData(frame: framesRead))
        }
        guard framesRead <= frameCount else {
            throw ClipError.unreadable(file: name, problem: .moreFramesThanDeclared(declared: frameCount))
        }
        // What the frame before asked to leave behind it.
        if let (previous, saved) = dispose {
            switch previous.dispose {
            case 1: fill(previous, with: nil)
            case 2: if let saved { canvas = saved }
            default: break
            }
        }
        let saved = control.dispose == 2 ? canvas : nil
        var ihdr = header
        ihdr.width = control.width
        ihdr.height = control.height
        var png = PNGFormat.signature
        PNGFormat.appendChunk("IHDR", ihdr.data, crc: .libdeflate, to: &png)
        for (type, chunk) in ancillary { PNGFormat.appendChunk(type, Array(chunk), crc: .libdeflate, to: &png) }
        PNGFormat.appendChunk("IDAT", data, crc: .libdeflate, to: &png)
        png += PNGFormat.endChunk
        let region: PixelImage
        do {
            region = try PixelImage(png: png, name: name)
        } catch {
            throw ClipError.unreadable(file: name, problem: .unreadableFrame(frame: framesRead, problem: error.reason))
        }
        fill(control, with: region)
        dispose = (control, saved)
        return Frame(image: canvas, seconds: control.seconds)
    }

    /// Puts `region` at the control's place on the canvas, replacing or blended over what is
    /// there; with no region, clears the place to transparent black.
    private mutating func fill(_ control: Control, with region: PixelImage?) {
        let width = self.width
        // Through pointers: unoptimized, an array's subscript retains it at every sample.
        let empty: [UInt8] = []
        (region?.pixels ?? empty).withUnsafeBufferPointer { regionPixels in
            canvas.pixels.withUnsafeMutableBufferPointer { canvasPixels in
                guard let canvas = canvasPixels.baseAddress else { return }
                for row in 0..<control.height {
                    for column in 0..<control.width {
                        let target = ((control.y + row) * width + control.x + column) * 4
                        guard region != nil, let pixels = regionPixels.baseAddress else {
                            for channel in 0..<4 { canvas[target + channel] = 0 }
                            continue
                        }
                        let source = (row * control.width + column) * 4
                        let alpha = Int(pixels[source + 3])
                        if control.blend == 0 || alpha == 255 {
                            for channel in 0..<4 { canvas[target + channel] = pixels[source + channel] }
                        } else if alpha > 0 {
                            // Source over, in straight alpha, rounded.
                            let below = Int(canvas[target + 3]) * (255 - alpha) / 255
                            let total = alpha + below
                            for channel in 0..<3 {
                                let value =
                                    Int(pixels[source + channel]) * alpha + Int(canvas[target + channel]) * below
                                canvas[target + channel] = UInt8((value + total / 2) / total)
                            }
                            canvas[target + 3] = UInt8(total)
                        }
                    }
                }
            }
        }
    }

    private func parse(_ data: ArraySlice<UInt8>) throws(ClipError) -> Control {
        try Self.control(data, frame: framesRead + 1, width: width, height: height, name: name)
    }

    /// The `fcTL` chunk `data` of frame number `frame`, whose region must lie on a canvas of
    /// `width` × `height` pixels: so no region is larger than the canvas.
    private static func control(
        _ data: ArraySlice<UInt8>, frame: Int, width: Int, height: Int, name: String
    ) throws(ClipError) -> Control {
        let control = Control(
            width: Int(PNGFormat.uint32(data, at: 4)), height: Int(PNGFormat.uint32(data, at: 8)),
            x: Int(PNGFormat.uint32(data, at: 12)), y: Int(PNGFormat.uint32(data, at: 16)),
            seconds: {
                let numerator = Double(Self.uint16(data, 20))
                let denominator = Double(Self.uint16(data, 22))
                return numerator / (denominator == 0 ? 100 : denominator)
            }(), dispose: data[data.startIndex + 24], blend: data[data.startIndex + 25])
        guard control.width > 0, control.height > 0, control.x + control.width <= width,
            control.y + control.height <= height
        else {
            throw ClipError.unreadable(
                file: name,
                problem: .frameOffCanvas(
                    frame: frame, x: control.x, y: control.y, width: control.width, height: control.height,
                    canvasWidth: width, canvasHeight: height))
        }
        guard control.dispose <= 2, control.blend <= 1 else {
            throw ClipError.unreadable(file: name, problem: .unknownOperation(frame: frame))
        }
        return control
    }

    /// The chunk at `position`, its CRC checked; nil at the end of the bytes.
    private static func chunk(in bytes: [UInt8], at position: Int, name: String) throws(ClipError)
        -> PNGFormat.Chunk?
    {
        var chunks = PNGFormat.ChunkReader(bytes, at: position, crc: .libdeflate)
        do throws(PNGFormatError) {
            return try chunks.next()
        } catch .chunkDamaged(let type, let offset) {
            throw ClipError.unreadable(file: name, problem: .damagedChunk(type: type, offset: offset))
        } catch {
            throw ClipError.unreadable(file: name, problem: .endsEarly)
        }
    }

    private static func uint16(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt16 {
        let base = bytes.startIndex + offset
        return UInt16(bytes[base]) << 8 | UInt16(bytes[base + 1])
    }
}

/// The frames of a clip at `fps` that frames shown for given times cover, counted from the clip's
/// start so that rounding never drifts: a frame of 1/30 s is one tick at 30 fps, one of 3/30 s three.
public struct ClipTicks: Sendable {
    /// Frames a second.
    public let fps: Int
    private var seconds = 0.0
    /// The ticks so far.
    public private(set) var count = 0

    /// Starts counting at the clip's start.
    public init(fps: Int) { self.fps = fps }

    /// Adds a frame shown for `duration` seconds; returns how many ticks it covers.
    public mutating func add(_ duration: Double) -> Int {
        seconds += duration
        let end = Int((seconds * Double(fps)).rounded())
        let covered = max(0, end - count)
        count += covered
        return covered
    }
}
