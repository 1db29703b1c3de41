import Foundation
import Testing
import WaterfallCore
import WaterfallMotion
import WaterfallTestSupport

/// Each format written from synthetic frames and read back by other software: Pillow for APNG,
/// WebP and GIF, ffprobe for MP4.
@Suite struct ClipEncoderTests {
    // MARK: APNG

    @Test(.onWaitingThreads, .tags(.externalProgram)) func anAnimatedPNGDecodesToEveryFrameGiven() throws {
        let frames = ClipFrames.movingRectangle(count: 12, repeating: [5])
        let clip = try EncodedClip.encode(frames, as: .apng, options: ClipOptions(fps: 30))
        let decoded = try PillowDecoding.decode(clip.path)
        #expect(decoded.format == "PNG")
        // The repeated frame lengthens the one before it instead of being a frame of its own.
        try #require(decoded.frames.count == 11)
        for (index, frame) in ClipFrames.distinct(frames).enumerated() {
            #expect(decoded.frames[index] == frame.image, "frame \(index)")
            #expect(abs(decoded.durations[index] - Double(frame.count) * 1000 / 30) < 0.01, "frame \(index)")
        }
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func anAnimatedPNGOfOneStillFrameIsOneFrameAsLongAsTheClip()
        throws
    {
        let frame = ClipFrames.movingRectangle(count: 1)[0]
        let clip = try EncodedClip.encode(Array(repeating: frame, count: 9), as: .apng, options: ClipOptions(fps: 30))
        let decoded = try PillowDecoding.decode(clip.path)
        #expect(decoded.frames == [frame])
        #expect(abs(decoded.durations[0] - 300) < 0.01)
    }

    @Test func anAnimatedPNGRefusesATranslucentFrame() throws {
        var frame = ClipFrames.movingRectangle(count: 1)[0]
        frame.pixels[3] = 128
        let error = #expect(throws: ClipError.self) {
            try EncodedClip.encode([frame], as: .apng, options: ClipOptions(fps: 30))
        }
        switch error {
        case .translucentFrame(_, frame: 1)?: break
        default: Issue.record("not the first frame found translucent: \(String(describing: error))")
        }
    }

    // MARK: WebP

    @Test(.onWaitingThreads, .tags(.externalProgram)) func aLosslessWebPDecodesToEveryFrameGiven() throws {
        let frames = ClipFrames.movingRectangle(count: 12, repeating: [5])
        let clip = try EncodedClip.encode(frames, as: .webp, options: ClipOptions(fps: 30))
        let decoded = try PillowDecoding.decode(clip.path)
        #expect(decoded.format == "WEBP")
        try #require(decoded.frames.count == 11)
        var start = 0
        for (index, frame) in ClipFrames.distinct(frames).enumerated() {
            #expect(decoded.frames[index] == frame.image, "frame \(index)")
            // Frame i starts at i × 1000 / 30 ms, rounded.
            func milliseconds(_ frame: Int) -> Double { Double((frame * 1000 + 15) / 30) }
            #expect(
                decoded.durations[index] == milliseconds(start + frame.count) - milliseconds(start), "frame \(index)")
            start += frame.count
        }
        #expect(decoded.durations.reduce(0, +) == 400)
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func aLossyWebPDecodesCloseToEveryFrame() throws {
        let frames = ClipFrames.movingRectangle(count: 12)
        let lossy = try EncodedClip.encode(frames, as: .webp, options: ClipOptions(fps: 30, quality: 80))
        let decoded = try PillowDecoding.decode(lossy.path)
        try #require(decoded.frames.count == 12)
        #expect(decoded.width == 64 && decoded.height == 48)
        #expect(decoded.durations.reduce(0, +) == 400)
        for (index, frame) in decoded.frames.enumerated() {
            let error = PixelError(frame, frames[index])
            #expect(error.mean < 4, "frame \(index): mean error \(error.mean)")
        }
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func aLossyWebPOfAPhotoLikeClipIsSmallerThanTheLosslessOne()
        throws
    {
        let frames = ClipFrames.movingRectangle(count: 6, width: 160, height: 120, grain: 24)
        let lossless = try EncodedClip.encode(frames, as: .webp, options: ClipOptions(fps: 30))
        let lossy = try EncodedClip.encode(frames, as: .webp, options: ClipOptions(fps: 30, quality: 75))
        #expect(try PillowDecoding.decode(lossy.path).frames.count == 6)
        #expect(
            lossy.bytes.count * 2 < lossless.bytes.count, "lossy \(lossy.bytes.count), lossless \(lossless.bytes.count)"
        )
    }

    // MARK: GIF

    @Test(.onWaitingThreads, .tags(.externalProgram), arguments: ClipOptions.GIFPalette.allCases)
    func aGIFOfFewColoursDecodesToEveryFrameGiven(palette: ClipOptions.GIFPalette) throws {
        let frames = ClipFrames.fewColours(count: 10, repeating: [4])
        var options = ClipOptions(fps: 25)
        options.gifPalette = palette
        let clip = try EncodedClip.encode(frames, as: .gif, options: options)
        let decoded = try PillowDecoding.decode(clip.path)
        #expect(decoded.format == "GIF")
        try #require(decoded.frames.count == 9)
        for (index, frame) in ClipFrames.distinct(frames).enumerated() {
            #expect(decoded.frames[index] == frame.image, "frame \(index)")
            #expect(decoded.durations[index] == Double(frame.count) * 40, "frame \(index)")
        }
    }

    @Test(.onWaitingThreads, .tags(.externalProgram), arguments: ClipOptions.GIFPalette.allCases, [false, true])
    func aGIFOfManyColoursIsCloseToEveryFrame(palette: ClipOptions.GIFPalette, dither: Bool) throws {
        let frames = ClipFrames.movingRectangle(count: 12)
        var options = ClipOptions(fps: 30)
        options.gifPalette = palette
        options.dither = dither
        let clip = try EncodedClip.encode(frames, as: .gif, options: options)
        let decoded = try PillowDecoding.decode(clip.path)
        try #require(decoded.frames.count == 12)
        for (index, frame) in decoded.frames.enumerated() {
            let error = PixelError(frame, frames[index])
            #expect(error.mean < 3, "frame \(index): mean error \(error.mean)")
            #expect(error.maximum <= 40, "frame \(index): largest error \(error.maximum)")
        }
    }

    @Test(.onWaitingThreads, .tags(.externalProgram), arguments: ClipOptions.GIFPalette.allCases)
    func aLargeGIFsPalettesFromASampleStayCloseToEveryFrame(palette: ClipOptions.GIFPalette) throws {
        // 76,800 pixels a frame: past 65,536, so palettes come from a sixteenth of them. Its colours
        // are many more than 256 (a palette from every pixel is 7.4 levels off on average; how
        // much sampling costs is QuantizerSampleTests's), so the bounds are looser than above.
        let frames = ClipFrames.movingRectangle(count: 4, width: 320, height: 240)
        var options = ClipOptions(fps: 30)
        options.gifPalette = palette
        let clip = try EncodedClip.encode(frames, as: .gif, options: options)
        let decoded = try PillowDecoding.decode(clip.path)
        try #require(decoded.frames.count == 4)
        for (index, frame) in decoded.frames.enumerated() {
            let error = PixelError(frame, frames[index])
            #expect(error.mean < 8, "frame \(index): mean error \(error.mean)")
            #expect(error.maximum <= 64, "frame \(index): largest error \(error.maximum)")
        }
    }

    @Test(.onWaitingThreads, .tags(.externalProgram), arguments: [30, 60, 7])
    func aGIFLastsAsLongAsItsFrames(fps: Int) throws {
        let count = 40
        let clip = try EncodedClip.encode(
            ClipFrames.fewColours(count: count), as: .gif, options: ClipOptions(fps: fps))
        let decoded = try PillowDecoding.decode(clip.path)
        let total = decoded.durations.reduce(0, +)
        #expect(abs(total - Double(count) * 1000 / Double(fps)) <= 10, "\(total) ms")
        // Browsers play a delay under 2 cs as 10 cs.
        #expect(decoded.durations.allSatisfy { $0 >= 20 }, "\(decoded.durations)")
        if fps == 30 { #expect(decoded.frames.count == count) }
        if fps == 60 { #expect(decoded.frames.count < count) }
    }

    // MARK: Determinism

    @Test(
        arguments: [
            ("apng", ClipFormat.apng, nil, ClipOptions.GIFPalette.perFrame, false),
            ("lossless webp", .webp, nil, .perFrame, false),
            ("lossy webp", .webp, 70, .perFrame, false),
            ("gif", .gif, nil, .perFrame, false),
            ("gif, one palette", .gif, nil, .global, false),
            ("gif, dithered", .gif, nil, .perFrame, true),
            ("gif, one palette, dithered", .gif, nil, .global, true),
        ] as [(String, ClipFormat, Int?, ClipOptions.GIFPalette, Bool)])
    func theSameFramesGiveTheSameBytes(
        name: String, format: ClipFormat, quality: Int?, palette: ClipOptions.GIFPalette, dither: Bool
    ) throws {
        var options = ClipOptions(fps: 30, quality: quality)
        options.gifPalette = palette
        options.dither = dither
        let frames = ClipFrames.movingRectangle(count: 10, repeating: [3])
        let first = try EncodedClip.encode(frames, as: format, options: options)
        let second = try EncodedClip.encode(frames, as: format, options: options)
        #expect(first.bytes == second.bytes, "\(name)")
        #expect(!first.bytes.isEmpty)
    }

    @Test(arguments: [ClipFormat.apng, .webp, .gif])
    func anEncoderDroppedBeforeItFinishedGoes(format: ClipFormat) throws {
        // As when another format of the same clip fails: frames still compressing must not keep
        // the encoder, and the frames it holds, alive.
        let folder = try TemporaryFolder()
        weak var dropped: (any ClipEncoder)?
        try {
            let frames = ClipFrames.movingRectangle(count: 6, width: 96, height: 64)
            let encoder = try ClipEncoders.make(
                format, path: folder.path + "/clip." + format.fileExtension, width: 96, height: 64, frameCount: 6,
                options: ClipOptions(fps: 30))
            for frame in frames { try encoder.add(frame) }
            dropped = encoder
        }()
        #expect(dropped == nil)
    }

    // MARK: MP4

    @Test(.onWaitingThreads, .tags(.externalProgram), arguments: [(64, 48), (63, 47)])
    func anMP4HasEveryFrameAtAnEvenSize(width: Int, height: Int) throws {
        let frames = ClipFrames.movingRectangle(count: 15, width: width, height: height)
        let clip = try EncodedClip.encode(frames, as: .mp4, options: ClipOptions(fps: 30))
        let probe = try FFprobe.stream(of: clip.path)
        #expect(probe.frames == 15)
        #expect(probe.width == (width + 1) / 2 * 2 && probe.height == (height + 1) / 2 * 2)
        #expect(probe.codec == "h264" && probe.pixelFormat == "yuv420p")
        #expect(probe.frameRate == "30/1")
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func anMP4ShowsTheColoursDrawn() throws {
        // Saturated colours, where a frame converted with one matrix and shown with another is
        // several levels off.
        let colours: [[UInt8]] = [[30, 60, 200], [240, 180, 20], [200, 30, 60], [20, 160, 90], [250, 250, 245]]
        let frames = colours.map { colour in
            PixelImage(width: 64, height: 48, pixels: Array((0..<(64 * 48)).map { _ in colour + [255] }.joined()))
        }
        let clip = try EncodedClip.encode(frames, as: .mp4, options: ClipOptions(fps: 10))
        let raw = clip.folder.path + "/frames.rgb"
        // ffmpeg turns the frames back into RGB with the matrix the file is tagged with.
        let decoded = try CommandRunner.run(
            ["ffmpeg", "-v", "error", "-i", clip.path, "-f", "rawvideo", "-pix_fmt", "rgb24", raw],
            executable: "/usr/bin/env", timeout: 120)
        try #require(decoded.status == 0, "\(decoded.standardError)")
        let bytes = [UInt8](FileManager.default.contents(atPath: raw) ?? Data())
        try #require(bytes.count == colours.count * 64 * 48 * 3)
        for (index, colour) in colours.enumerated() {
            for channel in 0..<3 {
                var total = 0
                for pixel in 0..<(64 * 48) { total += Int(bytes[(index * 64 * 48 + pixel) * 3 + channel]) }
                let mean = Double(total) / Double(64 * 48)
                #expect(abs(mean - Double(colour[channel])) <= 3, "frame \(index), channel \(channel): \(mean)")
            }
        }
    }

    @Test func anMP4WithoutFFmpegSaysSoAtOnce() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: ClipError.self) {
            _ = try ClipEncoders.make(
                .mp4, path: folder.path + "/clip.mp4", width: 64, height: 48, frameCount: 3,
                options: ClipOptions(fps: 30), searchPath: folder.path)
        }
        #expect(
            error?.description
                == "mp4 needs the ffmpeg program, which is not installed; install ffmpeg or choose apng, webp or gif")
    }

    @Test func anMP4SaysWhatFFmpegSaidWhenItFails() throws {
        let folder = try TemporaryFolder()
        try Self.fakeFFmpeg(in: folder, script: "echo 'Unknown encoder libx264' >&2\nexit 1")
        let frames = ClipFrames.movingRectangle(count: 40)
        let error = #expect(throws: ClipError.self) {
            let encoder = try ClipEncoders.make(
                .mp4, path: folder.path + "/clip.mp4", width: 64, height: 48, frameCount: frames.count,
                options: ClipOptions(fps: 30), name: "out/clip.mp4", searchPath: folder.path)
            for frame in frames { try encoder.add(frame) }
            try encoder.finish()
        }
        let description = error?.description ?? ""
        #expect(description.hasPrefix("out/clip.mp4: ffmpeg "), "\(description)")
        #expect(description.hasSuffix(": Unknown encoder libx264"), "\(description)")
        #expect(!description.contains("\n"))
    }

    @Test func ffmpegIsToldToKeepFreedFramesInItsHeap() throws {
        let folder = try TemporaryFolder()
        try Self.fakeFFmpeg(in: folder, script: "echo \"tunables: $GLIBC_TUNABLES\" >&2\nexit 1")
        let error = #expect(throws: ClipError.self) {
            let encoder = try ClipEncoders.make(
                .mp4, path: folder.path + "/clip.mp4", width: 64, height: 48, frameCount: 1,
                options: ClipOptions(fps: 30), name: "clip.mp4", searchPath: folder.path)
            try encoder.finish()
        }
        let said = error?.description ?? ""
        #expect(
            said.hasSuffix(
                ": tunables: glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=268435456"),
            "\(said)")
    }

    /// An executable `ffmpeg` in `folder` running `script` (shell) in place of the real one.
    private static func fakeFFmpeg(in folder: TemporaryFolder, script: String) throws {
        let fake = folder.path + "/ffmpeg"
        try "#!/bin/sh\n\(script)\n".write(toFile: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake)
    }

    // MARK: Every format

    @Test(.onWaitingThreads, .tags(.externalProgram), arguments: ClipFormat.allCases)
    func aFrameOfAnotherSizeIsRefused(format: ClipFormat) throws {
        let folder = try TemporaryFolder()
        let encoder = try ClipEncoders.make(
            format, path: folder.path + "/clip", width: 64, height: 48, frameCount: 2, options: ClipOptions(fps: 30),
            name: "clip")
        try encoder.add(ClipFrames.movingRectangle(count: 1)[0])
        let error = #expect(throws: ClipError.self) {
            try encoder.add(ClipFrames.movingRectangle(count: 1, width: 32, height: 48)[0])
        }
        #expect(error?.description == "clip: frame 2 is 32 × 48 pixels, not the clip's 64 × 48")
    }
}

/// Synthetic frames: a gradient or a few flat bands, with a rectangle moving across.
enum ClipFrames {
    /// `count` frames of a `width` × `height` gradient (thousands of colours) with a 12 × 10
    /// rectangle moving 3 pixels right and 1 down a frame; each frame in `repeating` is the one
    /// before it again.
    ///
    /// `grain` adds a fixed noise of up to that much to each channel, as a photo has.
    static func movingRectangle(
        count: Int, repeating: Set<Int> = [], width: Int = 64, height: Int = 48, grain: Int = 0
    ) -> [PixelImage] {
        frames(count: count, repeating: repeating, width: width, height: height) { x, y in
            var noise = UInt32(truncatingIfNeeded: (y * width + x) &* 2_654_435_761)
            func channel(_ base: Int) -> UInt8 {
                noise = noise &* 1_103_515_245 &+ 12_345
                let offset = grain == 0 ? 0 : Int(noise >> 16) % (grain + 1)
                return UInt8(min(255, (base & 0xFF) + offset))
            }
            return (channel(x * 4), channel(y * 5), channel((x + y) * 2))
        }
    }

    /// `count` frames of four flat bands and a two-colour rectangle moving across: six colours.
    static func fewColours(count: Int, repeating: Set<Int> = []) -> [PixelImage] {
        let bands: [(UInt8, UInt8, UInt8)] = [(250, 250, 245), (30, 60, 200), (240, 180, 20), (20, 20, 20)]
        return frames(count: count, repeating: repeating, width: 64, height: 48) { _, y in bands[y / 12] }
    }

    /// Frames that are equal, one after the other, as one with how many there were.
    static func distinct(_ frames: [PixelImage]) -> [(image: PixelImage, count: Int)] {
        var runs: [(image: PixelImage, count: Int)] = []
        for frame in frames {
            if let last = runs.last, last.image == frame {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((frame, 1))
            }
        }
        return runs
    }

    private static func frames(
        count: Int, repeating: Set<Int>, width: Int, height: Int,
        background: (Int, Int) -> (UInt8, UInt8, UInt8)
    ) -> [PixelImage] {
        var frames: [PixelImage] = []
        var step = 0
        for index in 0..<count {
            if repeating.contains(index), let last = frames.last {
                frames.append(last)
                continue
            }
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            let left = (2 + step * 3) % max(1, width - 12)
            let top = (5 + step) % max(1, height - 10)
            for y in 0..<height {
                for x in 0..<width {
                    let inside = x >= left && x < left + 12 && y >= top && y < top + 10
                    let colour = inside ? ((x + y) % 2 == 0 ? (220, 30, 60) : (255, 255, 255)) : background(x, y)
                    let offset = (y * width + x) * 4
                    (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = colour
                }
            }
            frames.append(PixelImage(width: width, height: height, pixels: pixels))
            step += 1
        }
        return frames
    }
}

/// How far a decoded frame is from the frame given: per channel, mean and largest.
struct PixelError {
    var mean: Double
    var maximum: Int

    init(_ decoded: PixelImage, _ original: PixelImage) {
        precondition(decoded.pixels.count == original.pixels.count)
        var sum = 0
        var maximum = 0
        for (a, b) in zip(decoded.pixels, original.pixels) {
            let difference = abs(Int(a) - Int(b))
            sum += difference
            maximum = max(maximum, difference)
        }
        mean = Double(sum) / Double(decoded.pixels.count)
        self.maximum = maximum
    }
}

/// A clip written into a temporary folder that goes away with it.
struct EncodedClip {
    let folder: TemporaryFolder
    let path: String
    var bytes: [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    /// `frames` encoded as `format`, each added in turn, then finished.
    static func encode(_ frames: [PixelImage], as format: ClipFormat, options: ClipOptions) throws -> EncodedClip {
        let folder = try TemporaryFolder()
        let path = folder.path + "/clip." + format.fileExtension
        let encoder = try ClipEncoders.make(
            format, path: path, width: frames[0].width, height: frames[0].height, frameCount: frames.count,
            options: options)
        for frame in frames { try encoder.add(frame) }
        try encoder.finish()
        return EncodedClip(folder: folder, path: path)
    }
}

/// A clip's frames as Pillow decodes them: every frame as the whole screen, in RGBA.
struct PillowDecoding: Decodable {
    var format: String
    var width: Int
    var height: Int
    /// Milliseconds each frame shows.
    var durations: [Double]
    var frameCount: Int
    var frames: [PixelImage] = []

    private enum CodingKeys: String, CodingKey {
        case format, width, height, durations, frameCount
    }

    private static let script = """
        import json, os, sys
        try:
            from PIL import Image
        except ImportError:
            sys.exit("Pillow is not installed for python3; run scripts/setup.sh")
        path, out = sys.argv[1], sys.argv[2]
        image = Image.open(path)
        info = {"format": image.format, "width": image.width, "height": image.height,
                "frameCount": getattr(image, "n_frames", 1), "durations": []}
        for index in range(info["frameCount"]):
            image.seek(index)
            image.load()  # WebP sets a frame's duration when it is decoded
            info["durations"].append(float(image.info.get("duration", 0)))
            with open(os.path.join(out, "%d.rgba" % index), "wb") as file:
                file.write(image.convert("RGBA").tobytes())
        with open(os.path.join(out, "info.json"), "w") as file:
            json.dump(info, file)
        """

    /// Decodes the clip at `path` with Pillow, which must be installed (scripts/setup.sh).
    static func decode(_ path: String) throws -> PillowDecoding {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.python(
            code: script, [path, folder.path], timeout: 120)
        guard result.status == 0 else {
            throw DecodingFailure(
                description: "Pillow could not decode \(path) (run scripts/setup.sh if it is missing): "
                    + result.standardError)
        }
        let info = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/info.json"))
        var decoded = try JSONDecoder().decode(PillowDecoding.self, from: info)
        for index in 0..<decoded.frameCount {
            let pixels = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/\(index).rgba"))
            decoded.frames.append(PixelImage(width: decoded.width, height: decoded.height, pixels: [UInt8](pixels)))
        }
        return decoded
    }
}

/// What ffprobe says of a clip's video stream.
struct FFprobe: Decodable {
    var frames: Int
    var width: Int
    var height: Int
    var codec: String
    var pixelFormat: String
    var frameRate: String

    /// The first video stream of the file at `path`, its frames counted by decoding them.
    static func stream(of path: String) throws -> FFprobe {
        let result = try CommandRunner.run(
            [
                "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                "stream=nb_read_frames,width,height,codec_name,pix_fmt,r_frame_rate", "-of", "json", path,
            ], executable: "/usr/bin/env", timeout: 120)
        guard result.status == 0 else {
            throw DecodingFailure(
                description: "ffprobe could not read \(path) (run scripts/setup.sh if it is missing): "
                    + result.standardError)
        }
        struct Streams: Decodable {
            struct Stream: Decodable {
                var readFrames: String
                var width: Int
                var height: Int
                var codecName: String
                var pixelFormat: String
                var frameRate: String

                enum CodingKeys: String, CodingKey {
                    case readFrames = "nb_read_frames"
                    case width, height
                    case codecName = "codec_name"
                    case pixelFormat = "pix_fmt"
                    case frameRate = "r_frame_rate"
                }
            }
            var streams: [Stream]
        }
        let streams = try JSONDecoder().decode(Streams.self, from: Data(result.standardOutput.utf8))
        guard let stream = streams.streams.first, let frames = Int(stream.readFrames) else {
            throw DecodingFailure(description: "ffprobe found no video stream in \(path)")
        }
        return FFprobe(
            frames: frames, width: stream.width, height: stream.height, codec: stream.codecName,
            pixelFormat: stream.pixelFormat, frameRate: stream.frameRate)
    }
}

struct DecodingFailure: Error, CustomStringConvertible {
    var description: String
}
