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
/// At most ``window`` frames are held at once besides what each encoder keeps (its previous
/// frame), so memory is bounded by about `(window + 2 × formats) × frame bytes` whatever the
/// clip's length: 4.9 MB a frame for a 375 × 812 pt screen at scale 2.
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
            throw ClipError(
                reason: "\(spec.source ?? "the spec"): load-more needs a section with pageSize and cards past "
                    + "its first page")
        }
        guard request.pages <= available else {
            throw ClipError(
                reason: "\(spec.source ?? "the spec"): has \(available) \(available == 1 ? "page" : "pages") "
                    + "of cards to load, not \(request.pages) (--pages)")
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

    /// Writes the clips of `spec` into `folder`, one file a format named `NAME.ANIMATION.EXT`
    /// (`shop.scroll.gif`, `shop.load-more.png` for APNG), all or none.
    public func write(_ spec: Spec, name: String, into folder: String, claims: OutputClaims) throws -> [String] {
        let feeds = try feeds(of: spec)
        let plan = plan(for: feeds)
        let source = spec.source ?? name
        guard plan.frames.count <= ClipRequest.maximumFrames else {
            throw ClipError(
                reason: "\(source): the clip would have \(plan.frames.count) frames, more than the "
                    + "\(ClipRequest.maximumFrames) allowed; give a shorter --duration or a lower --fps")
        }
        let first = scene(of: plan.frames[0], feeds: feeds, spec: spec)
        let width = Int((first.size.width * first.scale).rounded(.up))
        let height = Int((first.size.height * first.scale).rounded(.up))
        guard width * height <= ClipRequest.maximumFramePixels else {
            throw ClipError(
                reason: "\(source): a frame of \(width) × \(height) device pixels is larger than the "
                    + "\(ClipRequest.maximumFramePixels) pixels a clip's frame may have; give a smaller --viewport or --scale"
            )
        }
        var files = SpecFiles(folder: folder, name: name, spec: source)
        defer { files.discard() }
        var options = request.options
        options.fps = request.fps
        var encoders: [any ClipEncoder] = []
        for format in request.formats {
            let file = "\(name).\(request.animation.rawValue).\(format.fileExtension)"
            let temporary = try files.stageStream(file: file)
            encoders.append(
                try ClipEncoders.make(
                    format, path: temporary, width: width, height: height, frameCount: plan.frames.count,
                    options: options, name: (folder as NSString).appendingPathComponent(file)))
        }
        let writer = self
        try FrameStream.run(count: plan.frames.count, workers: workers, window: window) { index in
            try CairoRenderer.rasterize(writer.scene(of: plan.frames[index], feeds: feeds, spec: spec))
        } consume: { _, frame in
            for encoder in encoders { try encoder.add(frame) }
        }
        for encoder in encoders { try encoder.finish() }
        return try files.commit(claims: claims)
    }
}
