import Testing
import WaterfallCore
import WaterfallMotion
import WaterfallTestSupport

/// `ClipError`'s cases: each says its kind of failure, callers match it, and its message is the
/// one line users have always read.
@Suite struct ClipErrorTests {
    @Test func aStillPNGReadAsAClipIsAStillPNG() {
        let still = PNGFixture.encodeStored(width: 2, height: 2, pixels: Array(repeating: 255, count: 16))
        #expect(throws: ClipError.unreadable(file: "b.png", problem: .stillPNG)) {
            _ = try AnimatedPNGReader(bytes: still, name: "b.png")
        }
        // A caller can act on the kind alone, whatever the file.
        var stillPNG = false
        do {
            _ = try AnimatedPNGReader(bytes: still, name: "b.png")
        } catch .unreadable(_, .stillPNG) {
            stillPNG = true
        } catch {
            Issue.record("\(error)")
        }
        #expect(stillPNG)
        #expect(
            ClipError.unreadable(file: "b.png", problem: .stillPNG).description
                == "b.png: is a still PNG, not an animated one (no acTL)")
    }

    @Test func aFileThatIsNoPNGOrTooLargeSaysSoWithItsNumbers() {
        #expect(throws: ClipError.unreadable(file: "b.png", problem: .notPNG)) {
            _ = try AnimatedPNGReader(bytes: Array("GIF89a".utf8), name: "b.png")
        }
        let huge = PNGFixture.animated(width: 4097, height: 4096, frames: [.init(width: 1, height: 1)])
        let error = #expect(throws: ClipError.self) { _ = try AnimatedPNGReader(bytes: huge, name: "b.png") }
        #expect(
            error
                == .unreadable(
                    file: "b.png", problem: .canvasTooLarge(width: 4097, height: 4096, limit: 16_777_216)))
        #expect(
            error?.description
                == "b.png: a canvas of 4097 × 4096 pixels is larger than a clip's frame (at most 16777216 pixels)")
    }

    @Test func settingsOutOfRangeAreBadSettings() throws {
        let folder = try TemporaryFolder()
        func error(width: Int = 64, fps: Int = 30, quality: Int? = nil) -> ClipError? {
            #expect(throws: ClipError.self) {
                _ = try ClipEncoders.make(
                    .webp, path: folder.path + "/clip.webp", width: width, height: 48, frameCount: 1,
                    options: ClipOptions(fps: fps, quality: quality), name: "clip.webp")
            }
        }
        #expect(error(width: 0) == .badSettings(file: "clip.webp", problem: .frameSize(width: 0, height: 48)))
        #expect(error(width: 0)?.description == "clip.webp: a clip's frames must be at least 1 × 1 pixel, not 0 × 48")
        #expect(error(fps: 0) == .badSettings(file: "clip.webp", problem: .fps(0, allowed: ClipRequest.fpsRange)))
        #expect(error(fps: 0)?.description == "clip.webp: 0 frames a second is not from 1 to 60")
        #expect(error(quality: 101) == .badSettings(file: "clip.webp", problem: .quality(101, allowed: 0...100)))
        #expect(error(quality: 101)?.description == "clip.webp: quality 101 is not from 0 to 100")
        #expect(
            error(width: 16384) == .tooLarge(file: "clip.webp", width: 16384, height: 48, format: .webp, limit: 16383))
    }

    @Test func aClipWithoutFramesIsNoFrames() throws {
        let folder = try TemporaryFolder()
        for format in [ClipFormat.apng, .webp, .gif] {
            let encoder = try ClipEncoders.make(
                format, path: folder.path + "/clip", width: 8, height: 8, frameCount: 0, options: ClipOptions(fps: 30),
                name: "clip.\(format.fileExtension)")
            #expect(throws: ClipError.noFrames(file: "clip.\(format.fileExtension)")) { try encoder.finish() }
        }
    }

    /// The message of each kind, as users have always read it.
    ///
    /// Typed: as an untyped literal in `@Test(arguments:)` it took the type checker 20 s.
    static let messages: [(ClipError, String)] = [
        (
            .tooLarge(file: "a.png", width: 0, height: 3, format: .apng, limit: Int(Int32.max)),
            "a.png: 0 × 3 is not a size PNG can hold"
        ),
        (
            .tooLarge(file: "a.gif", width: 70000, height: 3, format: .gif, limit: 65535),
            "a.gif: 70000 × 3 is larger than the 65535 × 65535 GIF can hold"
        ),
        (
            .frameTooLarge(file: "feed.yaml", width: 5000, height: 4000, limit: 1 << 24),
            "feed.yaml: a frame of 5000 × 4000 device pixels is larger than the 16777216 pixels a clip's frame may "
                + "have; give a smaller --viewport or --scale"
        ),
        (
            .tooManyFrames(file: "feed.yaml", count: 4000, limit: 3600),
            "feed.yaml: the clip would have 4000 frames, more than the 3600 allowed; give a shorter --duration or a "
                + "lower --fps"
        ),
        (
            .notEnoughMemory(file: "feed.yaml", needed: 3 << 30, available: 1 << 30),
            "feed.yaml: the clip's frames in flight need about 3072 MiB, and only 1024 MiB can be had (a memory "
                + "limit); give a smaller --viewport or --scale, or fewer formats"
        ),
        (
            .wrongFrameSize(file: "clip", frame: 2, width: 32, height: 48, clipWidth: 64, clipHeight: 48),
            "clip: frame 2 is 32 × 48 pixels, not the clip's 64 × 48"
        ),
        (
            .translucentFrame(file: "clip.png", frame: 1),
            "clip.png: frame 1 has pixels that are not opaque; clips are of opaque frames"
        ),
        (
            .library(file: "clip.gif", library: .giflib, problem: "could not write a frame (not enough memory)"),
            "clip.gif: could not write a frame (not enough memory)"
        ),
        (.outOfMemory(file: "clip.gif", what: "a palette"), "clip.gif: no memory for a palette"),
        (
            .missingProgram(program: "ffmpeg", format: .mp4),
            "mp4 needs the ffmpeg program, which is not installed; install ffmpeg or choose apng, webp or gif"
        ),
        (
            .cannotWrite(file: "out/clip.gif", problem: "No space left on device"),
            "out/clip.gif: cannot be written (No space left on device)"
        ),
        (.spool(file: "clip.gif", problem: .endsEarly), "clip.gif: the frames kept beside it end early"),
        (
            .badRequest(file: "feed.yaml", problem: .tooFewPages(available: 1, asked: 2)),
            "feed.yaml: has 1 page of cards to load, not 2 (--pages)"
        ),
        (
            .badRequest(file: "feed.yaml", problem: .tooFewPages(available: 3, asked: 4)),
            "feed.yaml: has 3 pages of cards to load, not 4 (--pages)"
        ),
        (
            .badRequest(file: "feed.yaml", problem: .noViewport),
            "feed.yaml: --animate needs --viewport LENGTH (or the spec's variants.viewport)"
        ),
        (.misuse(file: "clip.mp4", problem: .frameAfterFinish), "clip.mp4: a frame added after the clip was finished"),
    ]

    @Test(arguments: messages)
    func eachKindSaysItsOneLine(_ error: ClipError, _ message: String) {
        #expect(error.description == message)
        #expect(!error.description.contains("\n"))
    }
}
