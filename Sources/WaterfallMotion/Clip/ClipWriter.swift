import CWaterfallMotion
import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// Makes clips of a spec: plans the frames of the animation, draws each one as the screen
/// `render --viewport V --offset Y` draws at that offset, on every core, and streams them into
/// the encoders of the formats asked for.
///
/// At most ``window`` frames are held at once besides what each encoder keeps (the frames it is
/// compressing, two for each core, the one before them and the last two), so memory is bounded by
/// about `(window + (2 × cores + 3) × formats) × frame bytes`, and what each compression at work
/// needs, whatever the clip's length: 4.9 MB a frame for a 375 × 812 pt screen at scale 2.
public struct ClipWriter: Sendable {
    /// How specs are laid out and drawn; its renderers are not used.
    public var pipeline: RenderPipeline
    /// The clip to make.
    public var request: ClipRequest
    /// Threads drawing frames.
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// The most frames drawn ahead of the encoders.
    public var window = 4

    /// Creates a writer of `request`'s clips through `pipeline`.
    public init(pipeline: RenderPipeline, request: ClipRequest) {
        var pipeline = pipeline
        pipeline.keepsImagePixels = true
        // Its frames are screens, held to a clip frame's own limit, whatever the whole page is.
        pipeline.drawsPictures = false
        self.pipeline = pipeline
        self.request = request
    }

    /// The states of the feed the clip shows: the spec as it is, then after each page loaded,
    /// each grown from the one before through the incremental layout API.
    public func feeds(of spec: Spec) throws -> [PreparedSpec] {
        var feeds = [try pipeline.prepare(spec)]
        guard request.animation == .loadMore else { return feeds }
        let available = spec.pagesToLoad
        guard available > 0 else {
            throw ClipError.badRequest(file: spec.source ?? "the spec", problem: .noPagesToLoad)
        }
        guard request.pages <= available else {
            throw ClipError.badRequest(
                file: spec.source ?? "the spec", problem: .tooFewPages(available: available, asked: request.pages))
        }
        for page in 0..<request.pages {
            feeds.append(try pipeline.prepareNextPage(of: spec, after: page, previous: feeds[page]))
        }
        return feeds
    }

    /// The frames of the clip of `feeds`.
    public func plan(for feeds: [PreparedSpec]) -> ClipPlan {
        let layout = feeds[0].layout
        let horizontal = layout.scrollDirection == .horizontal
        let lengths = feeds.map { horizontal ? $0.layout.contentSize.width : $0.layout.contentSize.height }
        return ClipPlan(
            request: request, lengths: lengths, scale: feeds[0].scene.scale,
            fromEnd: horizontal && layout.layoutDirection == .rightToLeft)
    }

    /// The screen `frame` shows: the feed at its offset, the cards its page added at its fade.
    public func scene(of frame: ClipPlan.Frame, feeds: [PreparedSpec], spec: Spec) -> Scene {
        var scene = pipeline.screen(feeds[frame.page], at: frame.offset, viewport: request.viewport)
        guard frame.fade < 1, frame.page > 0 else { return scene }
        let added = spec.itemsOfPage(after: frame.page - 1)
        let before = feeds[frame.page - 1].layout
        for index in scene.elements.indices {
            let element = scene.elements[index]
            guard element.kind == .cell, let item = element.item,
                added.contains(where: { $0.section == element.section }),
                item >= before.numberOfItems(inSection: element.section)
            else { continue }
            scene.elements[index].opacity = frame.fade
        }
        return scene
    }

    /// Lays out the feeds of `spec`'s clip and plans its frames, refusing a clip past the limits.
    ///
    /// - Throws: ``ClipError`` when the spec has too few pages to load, a `load-more` clip's
    ///   duration ends before its first page loads, or the clip would have
    ///   more frames than ``ClipRequest/maximumFrames`` or frames larger than
    ///   ``ClipRequest/maximumFramePixels``.
    public func prepare(_ spec: Spec, name: String) throws -> PreparedClip {
        let feeds = try feeds(of: spec)
        let plan = plan(for: feeds)
        let source = spec.source ?? name
        // Refused rather than lengthened: a clip of the length asked for that never shows a page
        // load is a scroll clip by another name, and a longer one than asked is a surprise.
        if plan.endsBeforeFirstLoad, let duration = request.duration, let needed = plan.durationToFirstLoad {
            throw ClipError.badRequest(file: source, problem: .endsBeforeFirstLoad(duration: duration, needed: needed))
        }
        guard plan.frames.count <= ClipRequest.maximumFrames else {
            throw ClipError.tooManyFrames(file: source, count: plan.frames.count, limit: ClipRequest.maximumFrames)
        }
        let first = scene(of: plan.frames[0], feeds: feeds, spec: spec)
        let width = Int((first.size.width * first.scale).rounded(.up))
        let height = Int((first.size.height * first.scale).rounded(.up))
        guard width * height <= ClipRequest.maximumFramePixels else {
            throw ClipError.frameTooLarge(
                file: source, width: width, height: height, limit: ClipRequest.maximumFramePixels)
        }
        // Swift traps when an allocation fails: frames that cannot be had are refused now.
        let inFlight = window + (2 * workers + 3) * max(1, request.formats.count)
        let needed = width * height * 4 * inFlight
        if let available = MemoryHeadroom.available(), needed > available {
            throw ClipError.notEnoughMemory(file: source, needed: needed, available: available)
        }
        return PreparedClip(spec: spec, feeds: feeds, plan: plan, width: width, height: height)
    }

    /// Draws the frames of `clip` on ``workers`` threads and hands each to `consume`, in order,
    /// on the calling thread, never more than ``window`` of them drawn ahead.
    ///
    /// A frame planned the same as the one before it (the feed at rest: the last screen held, a
    /// flick's slow end on one device pixel) is not drawn again: the drawing before it is handed
    /// over once more, the very pixels drawing it would give.
    public func draw(_ clip: PreparedClip, consume: (Int, PixelImage) throws -> Void) throws {
        let writer = self
        let frames = clip.plan.frames
        let firsts = frames.indices.filter { $0 == 0 || frames[$0] != frames[$0 - 1] }
        try FrameStream.run(count: firsts.count, workers: workers, window: window) { run in
            try CairoRenderer.rasterize(writer.scene(of: frames[firsts[run]], feeds: clip.feeds, spec: clip.spec))
        } consume: { run, frame in
            let end = run + 1 < firsts.count ? firsts[run + 1] : frames.count
            for index in firsts[run]..<end { try consume(index, frame) }
        }
    }

    /// Encodes `clip` in each of `formats` into the file beside it in `paths` (named in messages
    /// as in `names`), drawing each frame once for all of them.
    ///
    /// From the first clip on, the process's allocator keeps freed frames for reuse instead of
    /// giving them back to the system at once (`wf_keep_frames_in_heap`): on the benchmark's clip
    /// that made MP4 15 % faster and APNG 5 %, for 60 MB more at the peak.
    public func encode(_ clip: PreparedClip, formats: [ClipFormat], paths: [String], names: [String]) throws {
        wf_keep_frames_in_heap()
        var options = request.options
        options.fps = request.fps
        var encoders: [any ClipEncoder] = []
        for (format, (path, name)) in zip(formats, zip(paths, names)) {
            encoders.append(
                try ClipEncoders.make(
                    format, path: path, width: clip.width, height: clip.height, frameCount: clip.plan.frames.count,
                    options: options, name: name))
        }
        try draw(clip) { _, frame in
            for encoder in encoders { try encoder.add(frame) }
        }
        for encoder in encoders { try encoder.finish() }
    }

    /// `clip` as an animated PNG in memory, named `name` in messages.
    ///
    /// What `check` records and `serve` plays: encoded into a temporary file, read back and removed.
    ///
    /// - Parameters:
    ///   - clip: The clip, prepared.
    ///   - name: What errors call the clip's file.
    ///   - limit: The most bytes the clip may have.
    public func apngBytes(_ clip: PreparedClip, name: String, limit: Int) throws -> [UInt8] {
        let path = TemporaryFiles.systemPath(named: "waterfall-clip", suffix: ".png")
        defer { unlink(path) }
        try encode(clip, formats: [.apng], paths: [path], names: [name])
        return try RegularFile.read(atPath: path, limit: limit).get()
    }

    /// Writes the clips of `spec` into `folder`, one file a format named `NAME.ANIMATION.EXT`
    /// (`shop.scroll.gif`, `shop.load-more.png` for APNG), all or none.
    public func write(_ spec: Spec, name: String, into folder: String, claims: OutputClaims) throws -> [String] {
        try write(try prepare(spec, name: name), name: name, into: folder, claims: claims)
    }

    /// Writes `clip`, prepared by ``prepare(_:name:)``, as ``write(_:name:into:claims:)`` does.
    ///
    /// - Parameters:
    ///   - clip: The clip laid out and planned.
    ///   - name: The files' base name.
    ///   - folder: Where they go.
    ///   - claims: The files this run has written so far, so that none is written twice.
    public func write(
        _ clip: PreparedClip, name: String, into folder: String, claims: OutputClaims
    ) throws -> [String] {
        let spec = clip.spec
        var files = SpecFiles(folder: folder, name: name, spec: spec.source ?? name)
        defer { files.discard() }
        var paths: [String] = []
        var names: [String] = []
        for format in request.formats {
            let file = "\(name).\(request.animation.rawValue).\(format.fileExtension)"
            paths.append(try files.stageStream(file: file))
            names.append(Path.join(folder, file))
        }
        try encode(clip, formats: request.formats, paths: paths, names: names)
        return try files.commit(claims: claims)
    }
}

/// A clip laid out and planned: the states of its feed, its frames and their size in pixels.
public struct PreparedClip: Sendable {
    /// The spec the clip shows.
    public var spec: Spec
    /// The feed as it is, then after each page loaded.
    public var feeds: [PreparedSpec]
    /// The frames.
    public var plan: ClipPlan
    /// A frame's width in device pixels.
    public var width: Int
    /// A frame's height in device pixels.
    public var height: Int
}
