import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallMotion
import WaterfallTestSupport

/// The animated PNG reader `check` compares clips with, against Pillow's reading of the same files.
@Suite struct AnimatedPNGReaderTests {
    /// Pillow writes an APNG (regions, dispose and blend operations varied, semi-transparent
    /// pixels blended over others) and ffmpeg's APNG decoder composes its frames; the reader must
    /// give the same canvases. (Pillow's own reading blends translucent pixels wrongly: it halves
    /// their alpha twice.)
    @Test(.onWaitingThreads, .tags(.externalProgram), arguments: ["none-source", "background-over", "previous-over"])
    func everyFrameIsTheCanvasFFmpegComposes(_ mode: String) throws {
        let folder = try TemporaryFolder()
        let script = """
            import sys
            from PIL import Image, ImageDraw
            folder, mode = sys.argv[1], sys.argv[2]
            frames = []
            for k in range(7):
                im = Image.new('RGBA', (40, 30), (250, 250, 250, 255))
                d = ImageDraw.Draw(im)
                d.rectangle([3 + 4 * k, 5, 12 + 4 * k, 20], fill=(200, 30 * k, 40, 255))
                if k % 3 == 1:
                    d.rectangle([0, 25, 39, 29], fill=(0, 90, 200, 128))
                frames.append(im)
            frames.insert(4, frames[3].copy())  # an unchanged frame
            dispose, blend = {'none-source': (0, 0), 'background-over': (1, 1), 'previous-over': (2, 1)}[mode]
            frames[0].save(folder + '/clip.png', save_all=True, append_images=frames[1:],
                           duration=[100, 50, 50, 200, 100, 50, 50, 100], loop=0, disposal=dispose, blend=blend)
            shown = Image.open(folder + '/clip.png')
            with open(folder + '/frames.txt', 'w') as listing:
                for i in range(shown.n_frames):
                    shown.seek(i)
                    listing.write('%d\\n' % shown.info.get('duration', 0))
            """
        let run = try CommandRunner.python(
            code: script, [folder.path, mode], timeout: 120)
        try #require(run.status == 0, "Pillow is needed (scripts/setup.sh installs it): \(run.standardError)")
        let decode = try CommandRunner.run(
            [
                "ffmpeg", "-v", "error", "-i", folder.path + "/clip.png", "-f", "rawvideo", "-pix_fmt", "rgba",
                "-vsync", "0", folder.path + "/frames.rgba",
            ], executable: "/usr/bin/env", timeout: 120)
        try #require(decode.status == 0, "ffmpeg is needed (scripts/setup.sh installs it): \(decode.standardError)")
        let composed = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/frames.rgba")))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/clip.png")))
        let durations = try String(contentsOfFile: folder.path + "/frames.txt", encoding: .utf8)
            .split(separator: "\n").map { Double($0)! / 1000 }
        var reader = try AnimatedPNGReader(bytes: bytes, name: "clip.png")
        #expect(reader.width == 40 && reader.height == 30)
        #expect(reader.frameCount == durations.count)
        var index = 0
        while let frame = try reader.next() {
            let size = 40 * 30 * 4
            let expected = Array(composed.dropFirst(index * size).prefix(size))
            let first = frame.image.pixels.indices.first {
                $0 >= expected.count || frame.image.pixels[$0] != expected[$0]
            }
            #expect(
                frame.image.pixels.count == expected.count && first == nil,
                "frame \(index) (\(mode)) differs at pixel \((first ?? 0) / 4): \(Array(frame.image.pixels.dropFirst(first ?? 0).prefix(4))) against \(Array(expected.dropFirst(first ?? 0).prefix(4)))"
            )
            #expect(abs(frame.seconds - durations[index]) < 1e-9)
            index += 1
        }
        #expect(index == durations.count)
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func ticksRepeatEachFrameForItsDelayWithoutDrift() throws {
        // 7 frames of 1/30 s, one of 3/30 s: 10 ticks at 30 fps, 5 at 15.
        let folder = try TemporaryFolder()
        let script = """
            import sys
            from PIL import Image
            frames = [Image.new('RGB', (4, 4), (10 * k, 0, 0)) for k in range(8)]
            frames[0].save(sys.argv[1] + '/clip.png', save_all=True, append_images=frames[1:],
                           duration=[1000 / 30] * 7 + [100], loop=0)
            """
        let run = try CommandRunner.python(code: script, [folder.path])
        try #require(run.status == 0, "Pillow is needed (scripts/setup.sh installs it): \(run.standardError)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/clip.png")))
        for (fps, count) in [(30, 10), (15, 5)] {
            var reader = try AnimatedPNGReader(bytes: bytes, name: "clip.png")
            var ticks = 0
            try reader.forEachTick(fps: fps) { _ in ticks += 1 }
            #expect(ticks == count, "at \(fps) fps")
        }
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func brokenFilesAreOneLineNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let script = """
            import sys
            from PIL import Image
            frames = [Image.new('RGB', (8, 8), (30 * k, 0, 0)) for k in range(3)]
            frames[0].save(sys.argv[1] + '/clip.png', save_all=True, append_images=frames[1:], duration=100)
            frames[0].save(sys.argv[1] + '/still.png')
            """
        let run = try CommandRunner.python(code: script, [folder.path])
        try #require(run.status == 0, "Pillow is needed (scripts/setup.sh installs it): \(run.standardError)")
        let clip = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/clip.png")))
        let still = Array(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/still.png")))
        func error(_ bytes: [UInt8]) -> String {
            do {
                var reader = try AnimatedPNGReader(bytes: bytes, name: "b.png")
                while try reader.next() != nil {}
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(error(still) == "b.png: is a still PNG, not an animated one (no acTL)")
        #expect(error(Array("GIF89a".utf8)) == "b.png: is not a PNG file")
        #expect(error(Array(clip.prefix(clip.count - 30))) == "b.png: ends in the middle of a chunk")
        var damaged = clip
        damaged[clip.count - 20] ^= 0xFF
        #expect(error(damaged).hasPrefix("b.png: the "))
        #expect(error(damaged).contains("is damaged (its CRC does not match)"))
        #expect(!error(damaged).contains("\n"))
    }

    /// A baseline is a clip this tool wrote: a canvas larger than a clip's frame (2^24 pixels),
    /// or a frame's region off it, is refused when the file is opened, before a canvas is made or
    /// a pixel decoded; a 4096 × 4096 canvas, the largest frame, is read.
    @Test func aCanvasLargerThanAClipFrameIsRefusedBeforeAnythingIsDecoded() throws {
        func error(_ bytes: [UInt8]) -> String {
            do {
                var reader = try AnimatedPNGReader(bytes: bytes, name: "b.png")
                while try reader.next() != nil {}
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(AnimatedPNGReader.maximumCanvasPixels == ClipRequest.maximumFramePixels)
        let huge = PNGFixture.animated(width: 16384, height: 16384, frames: [.init(width: 16384, height: 16384)])
        #expect(huge.count < 200)
        #expect(
            error(huge)
                == "b.png: a canvas of 16384 × 16384 pixels is larger than a clip's frame (at most 16777216 pixels)")
        let justOver = PNGFixture.animated(width: 4097, height: 4096, frames: [.init(width: 1, height: 1)])
        #expect(error(justOver).hasPrefix("b.png: a canvas of 4097 × 4096 pixels is larger than a clip's frame"))
        // Sizes whose product overflows 64 bits.
        let overflow = PNGFixture.animated(
            width: 0xFFFF_FFFF, height: 0xFFFF_FFFF, frames: [.init(width: 1, height: 1)])
        #expect(error(overflow).contains("is larger than a clip's frame"))
        #expect(
            error(PNGFixture.animated(width: 0, height: 8, frames: [.init(width: 1, height: 1)])).hasPrefix(
                "b.png: has an empty canvas"))
        // A later frame's region off the canvas is refused at once, not when that frame comes.
        let offCanvas = PNGFixture.animated(
            width: 8, height: 8,
            frames: [
                .init(width: 8, height: 8, pixels: Array(repeating: 200, count: 8 * 8 * 4)),
                .init(x: 4, y: 0, width: 65536, height: 65536),
            ])
        do {
            _ = try AnimatedPNGReader(bytes: offCanvas, name: "b.png")
            Issue.record("a frame of 65536 × 65536 pixels on an 8 × 8 canvas was accepted")
        } catch {
            #expect(error.description == "b.png: frame 2 (65536 × 65536 at 4, 0) leaves the 8 × 8 canvas")
        }
        // The largest frame a clip has is read.
        let largest = PNGFixture.animated(
            width: 4096, height: 4096, frames: [.init(width: 2, height: 2, pixels: Array(repeating: 255, count: 16))])
        var reader = try AnimatedPNGReader(bytes: largest, name: "b.png")
        let frame = try #require(try reader.next())
        #expect(frame.image.width == 4096 && frame.image.height == 4096)
        #expect(Array(frame.image.pixels.prefix(4)) == [255, 255, 255, 255])
    }
}
