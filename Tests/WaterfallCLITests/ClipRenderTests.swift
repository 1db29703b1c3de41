import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallMotion
import WaterfallPipeline
import WaterfallSpec
import WaterfallTestSupport

/// `render --animate` as a user runs it: every frame of the clip, decoded by Pillow, is the
/// screen `render --offset` draws at that frame's offset.
@Suite(.serialized) struct ClipRenderTests {
    static let feed = """
        width: 160
        scale: 2
        style: {cornerRadius: 4}
        defaults: {columns: 2, sectionInset: 4, interitemSpacing: 4, lineSpacing: 4}
        sections:
          - pinHeader: true
            header: {height: 24, title: Feed}
            footer: {height: 24, title: More}
            pageSize: 8
            generate: {count: 20, minHeight: 30, maxHeight: 90, seed: 3}

        """
    static let viewport = 200.0

    /// A folder with `feed.yaml`, removed with what the test wrote in it when the value goes.
    func folder(_ yaml: String = feed) throws -> TemporaryFolder {
        let folder = try TemporaryFolder(named: "waterfall-clips")
        try yaml.write(toFile: folder.path("feed.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// The frames of `clip` as Pillow decodes them, and each one's duration in milliseconds.
    func decode(_ clip: String) throws -> (frames: [PixelImage], durations: [Int]) {
        let script = """
            import sys
            from PIL import Image
            clip = Image.open(sys.argv[1])
            out = open(sys.argv[1] + '.rgba', 'wb')
            for i in range(getattr(clip, 'n_frames', 1)):
                clip.seek(i)
                out.write(clip.convert('RGBA').tobytes())
                print(clip.size[0], clip.size[1], round(clip.info.get('duration') or 0))
            """
        let run = try CommandRunner.python(code: script, [clip], timeout: 300)
        try #require(run.status == 0, "Pillow is needed (scripts/setup.sh installs it): \(run.standardError)")
        let raw = Array(try Data(contentsOf: URL(fileURLWithPath: clip + ".rgba")))
        var frames: [PixelImage] = []
        var durations: [Int] = []
        var offset = 0
        for line in run.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: " ").compactMap { Int($0) }
            try #require(parts.count == 3, "Pillow printed \(line)")
            let count = parts[0] * parts[1] * 4
            frames.append(PixelImage(width: parts[0], height: parts[1], pixels: Array(raw[offset..<offset + count])))
            durations.append(parts[2])
            offset += count
        }
        return (frames, durations)
    }

    /// The frames `render --animate ANIMATION` plans for the feed in `folder`.
    func plan(_ animation: Animation, folder: String, fps: Int, pages: Int = 1) throws -> ClipPlan {
        var request = ClipRequest(animation: animation, viewport: Self.viewport, formats: [.apng])
        request.fps = fps
        request.pages = pages
        let writer = ClipWriter(pipeline: RenderPipeline(renderers: []), request: request)
        return try writer.prepare(try Spec.load(path: folder + "/feed.yaml"), name: "feed").plan
    }

    /// The screen `render --viewport --offset Y [--pages K]` draws, decoded: from the binary.
    func still(folder: String, offset: Double, pages: Int) throws -> PixelImage {
        let output = folder + "/still-\(pages)"
        let run = InProcess.run(
            [
                "render", folder + "/feed.yaml", "--viewport", "200", "--offset", ShortestNumber.text(offset),
                "--format", "png", "--output", output,
            ] + (pages > 0 ? ["--pages", "\(pages)"] : []))
        try #require(run.status == 0, "\(run.standardError)")
        let file = output + "/feed.offset-\(ShortestNumber.text(offset)).png"
        return try PixelImage(png: Array(try Data(contentsOf: URL(fileURLWithPath: file))), name: file)
    }

    /// The screens `render --viewport --offset Y [--pages K]` draws, drawn in process.
    ///
    /// They come from the pipeline the command calls: a clip has dozens of offsets, and a process
    /// each was most of the suite's time. Each test also holds one of them to the binary's
    /// (`still(folder:offset:pages:)`).
    final class Stills {
        let spec: Spec
        private let pipeline = RenderPipeline(renderers: [])
        private var prepared: [Int: PreparedSpec] = [:]
        private var drawn: [String: PixelImage] = [:]

        init(folder: String) throws { spec = try Spec.load(path: folder + "/feed.yaml") }

        /// The screen at `offset` of the feed after `pages` pages were loaded.
        func still(offset: Double, pages: Int) throws -> PixelImage {
            let key = "\(pages) \(offset)"
            if let still = drawn[key] { return still }
            let feed = try prepared[pages] ?? pipeline.prepare(spec.loadingPages(pages))
            prepared[pages] = feed
            let still = try CairoRenderer.rasterize(pipeline.screen(feed, at: offset, viewport: viewport))
            drawn[key] = still
            return still
        }
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func everyScrollFrameIsTheScreenAtItsOffset() throws {
        let scratch = try folder()
        let folder = scratch.path
        let run = InProcess.run(
            [
                "render", folder + "/feed.yaml", "--viewport", "200", "--animate", "scroll", "--fps", "12",
                "--format", "apng,webp,gif", "--output", folder,
            ])
        try #require(run.status == 0, "\(run.standardError)")
        let plan = try plan(.scroll, folder: folder, fps: 12)
        let apng = try decode(folder + "/feed.scroll.png")
        let webp = try decode(folder + "/feed.scroll.webp")
        let gif = try decode(folder + "/feed.scroll.gif")
        // Every planned frame is in each clip, at 1/12 s a frame; a frame equal to the one before
        // lengthens it instead.
        let apngFrames = Self.ticks(apng, fps: 12)
        let webpFrames = Self.ticks(webp, fps: 12)
        let gifFrames = Self.ticks(gif, fps: 12)
        try #require(
            [apngFrames.count, webpFrames.count, gifFrames.count] == [Int](repeating: plan.frames.count, count: 3),
            "\(apngFrames.count) APNG, \(webpFrames.count) WebP, \(gifFrames.count) GIF frames: \(plan.frames.count) planned"
        )
        #expect(abs(webp.durations.reduce(0, +) - plan.frames.count * 1000 / 12) <= 1)
        #expect(abs(gif.durations.reduce(0, +) - plan.frames.count * 1000 / 12) <= 10)
        let drawn = try Stills(folder: folder)
        var stills: [Double: PixelImage] = [:]
        for (index, frame) in plan.frames.enumerated() {
            let still = try drawn.still(offset: frame.offset, pages: 0)
            stills[frame.offset] = still
            #expect(apngFrames[index] == still, "APNG frame \(index) at \(frame.offset)")
            #expect(webpFrames[index] == still, "lossless WebP frame \(index) at \(frame.offset)")
            let (mean, worst) = Self.error(gifFrames[index], still)
            #expect(mean < 1.5 && worst <= 64, "GIF frame \(index): mean error \(mean), worst \(worst)")
        }
        #expect(stills.count > 5, "the clip moves")
        // The binary's still at the frame half-way through is the one drawn in process.
        let middle = plan.frames[plan.frames.count / 2].offset
        #expect(try still(folder: folder, offset: middle, pages: 0) == stills[middle])
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func loadMoreFramesAreTheLongerFeedAfterTheInsert() throws {
        let scratch = try folder()
        let folder = scratch.path
        let run = InProcess.run(
            [
                "render", folder + "/feed.yaml", "--viewport", "200", "--animate", "load-more", "--fps", "10",
                "--output", folder,
            ])
        try #require(run.status == 0, "\(run.standardError)")
        let plan = try plan(.loadMore, folder: folder, fps: 10)
        let frames = Self.ticks(try decode(folder + "/feed.load-more.png"), fps: 10)
        try #require(frames.count == plan.frames.count, "\(frames.count) frames, \(plan.frames.count) planned")
        let drawn = try Stills(folder: folder)
        var checked = Set<Int>()
        var fading = 0
        for (index, frame) in plan.frames.enumerated() {
            if frame.fade < 1 {
                // Between the feed before and after: neither still.
                fading += 1
                #expect(try frames[index] != drawn.still(offset: frame.offset, pages: 1))
                continue
            }
            #expect(
                try frames[index] == drawn.still(offset: frame.offset, pages: frame.page),
                "frame \(index) at \(frame.offset), page \(frame.page)")
            checked.insert(frame.page)
        }
        #expect(checked == [0, 1] && fading == 2)
        // The binary's still of the last frame, after the page loaded, is the one drawn in process.
        let last = try #require(plan.frames.last)
        #expect(
            try still(folder: folder, offset: last.offset, pages: last.page)
                == drawn.still(offset: last.offset, pages: last.page))
    }

    @Test func theSameSpecGivesTheSameBytes() throws {
        let scratch = try folder()
        let folder = scratch.path
        for options in [
            ["--format", "apng,webp,gif"],
            ["--format", "gif,webp", "--gif-palette", "global", "--dither", "--quality", "70"],
        ] {
            var outputs: [[String: Data]] = []
            for round in 0..<2 {
                let output = folder + "/round-\(round)"
                let run = InProcess.run(
                    ["render", folder + "/feed.yaml", "--viewport", "200", "--animate", "scroll", "--fps", "8"]
                        + options + ["--output", output])
                try #require(run.status == 0, "\(run.standardError)")
                var files: [String: Data] = [:]
                for file in try FileManager.default.contentsOfDirectory(atPath: output) {
                    files[file] = try Data(contentsOf: URL(fileURLWithPath: output + "/" + file))
                }
                outputs.append(files)
                try FileManager.default.removeItem(atPath: output)
            }
            #expect(outputs[0].count >= 2)
            #expect(outputs[0] == outputs[1], "\(options)")
        }
    }

    @Test(arguments: [
        (["--fps", "0"], "--fps must be a whole number from 1 to 60, not 0"),
        (["--fps", "61"], "--fps must be a whole number from 1 to 60, not 61"),
        (["--duration", "0"], "--duration must be a number of seconds above 0 and at most 60, not 0"),
        (["--duration", "61"], "--duration must be a number of seconds above 0 and at most 60, not 61"),
        (["--duration", "nan"], "--duration must be a number of seconds above 0 and at most 60"),
        (["--pages", "21"], "--pages must be a whole number from 1 to 20, not 21"),
        (["--pages", "2"], "--pages is for --animate load-more"),
        (["--quality", "101"], "--quality must be a whole number from 0 to 100, not 101"),
        (["--from", "-5"], "--from must be a number of points from 0 to 1e12, not -5"),
        (["--format", "png"], "--animate writes apng, webp, gif, mp4, not png"),
        (["--offset", "40"], "--animate draws its own screens"),
    ])
    func badOptionsAreOneLine(_ options: [String], _ message: String) throws {
        let scratch = try folder()
        let folder = scratch.path
        let run = InProcess.run(
            ["render", folder + "/feed.yaml", "--viewport", "200", "--animate", "scroll", "--output", folder + "/out"]
                + options)
        #expect(run.status == 2)
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count <= 2, "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    @Test func clipsPastTheLimitsAreRefusedBeforeAnythingIsWritten() throws {
        // 20 pages of 8 cards, each a flick, a hold and a fade: more than 3,600 frames at 60 fps.
        let paged = Self.feed.replacingOccurrences(of: "count: 20,", with: "count: 200,")
        let scratch = try folder(paged)
        let folder = scratch.path
        let cases: [([String], String)] = [
            (
                ["--viewport", "200", "--animate", "load-more", "--pages", "20", "--fps", "60"],
                "frames, more than the 3600 allowed"
            ),
            (
                ["--viewport", "100000", "--animate", "scroll"],
                "is larger than the 16777216 pixels a clip's frame may have"
            ),
            (["--animate", "scroll"], "--animate needs --viewport"),
        ]
        for (options, message) in cases {
            let run = InProcess.run(["render", folder + "/feed.yaml", "--output", folder + "/out"] + options)
            #expect(run.status == 2, "\(options)")
            #expect(run.standardError.contains(message), "\(run.standardError)")
            #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out/feed.load-more.png"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/out/feed.scroll.png"))
        }
        let unpagedScratch = try self.folder(Self.feed.replacingOccurrences(of: "    pageSize: 8\n", with: ""))
        let unpaged = unpagedScratch.path
        let run = InProcess.run(
            ["render", unpaged + "/feed.yaml", "--viewport", "200", "--animate", "load-more", "--output", unpaged])
        #expect(run.status == 2)
        #expect(run.standardError.contains("load-more needs a section with pageSize"), "\(run.standardError)")
    }

    @Test(.onWaitingThreads, .tags(.process)) func mp4WithoutFFmpegSaysSoInOneLine() throws {
        let scratch = try folder()
        let folder = scratch.path
        let run = try CommandRunner.run(
            [
                "render", folder + "/feed.yaml", "--viewport", "200", "--animate", "scroll", "--format", "apng,mp4",
                "--output", folder + "/out",
            ], environment: ["PATH": "/nonexistent"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("ffmpeg"), "\(run.standardError)")
        #expect(run.standardError.split(separator: "\n").count == 1, "\(run.standardError)")
        // All or nothing: the APNG is not left behind either.
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/feed.scroll.png"))
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func anMP4HasEveryFrame() throws {
        let scratch = try folder()
        let folder = scratch.path
        let run = InProcess.run(
            [
                "render", folder + "/feed.yaml", "--viewport", "200", "--animate", "scroll", "--fps", "12",
                "--format", "mp4", "--output", folder,
            ])
        try #require(run.status == 0, "\(run.standardError)")
        let probe = try CommandRunner.run(
            [
                "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                "stream=nb_read_frames,width,height,codec_name", "-of", "csv=p=0", folder + "/feed.scroll.mp4",
            ], executable: "/usr/bin/env")
        try #require(probe.status == 0, "ffprobe is needed (scripts/setup.sh installs ffmpeg): \(probe.standardError)")
        let plan = try plan(.scroll, folder: folder, fps: 12)
        #expect(
            probe.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "h264,320,400,\(plan.frames.count)")
    }

    /// The frames of a decoded clip as it shows them at `fps`: each repeated for the ticks its
    /// duration covers, counted from the start so that rounding never drifts.
    static func ticks(_ clip: (frames: [PixelImage], durations: [Int]), fps: Int) -> [PixelImage] {
        var shown: [PixelImage] = []
        var elapsed = 0
        for (frame, duration) in zip(clip.frames, clip.durations) {
            elapsed += duration
            let end = Int((Double(elapsed * fps) / 1000).rounded())
            shown += Array(repeating: frame, count: max(0, end - shown.count))
        }
        return shown
    }

    /// The mean and the largest difference of a channel between two pictures of one size.
    static func error(_ a: PixelImage, _ b: PixelImage) -> (mean: Double, worst: Int) {
        guard a.width == b.width, a.height == b.height else { return (.infinity, 255) }
        var total = 0
        var worst = 0
        for index in a.pixels.indices where index % 4 != 3 {
            let difference = abs(Int(a.pixels[index]) - Int(b.pixels[index]))
            total += difference
            worst = max(worst, difference)
        }
        return (Double(total) / Double(a.pixels.count / 4 * 3), worst)
    }
}
