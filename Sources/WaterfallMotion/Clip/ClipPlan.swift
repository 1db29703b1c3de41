import WaterfallLayout

/// The frames of a clip: for each, which state of the feed it shows, at which offset, and how far
/// the cards inserted last have faded in.
public struct ClipPlan: Sendable, Hashable {
    /// One frame.
    public struct Frame: Sendable, Hashable {
        /// The feed it shows: 0 as the spec has it, `k` after `k` pages were loaded.
        public var page: Int
        /// The content offset along the scroll axis, in points.
        public var offset: Double
        /// The opacity of the cards page `page` added, from 0 to 1 (1 when none are fading).
        public var fade: Double
    }

    /// The frames, in order.
    public var frames: [Frame]
    /// Frames a second.
    public var fps: Int
    /// For `load-more`, how many frames the clip needs to show its first page loaded: up to the
    /// one where the page's cards have faded in; `nil` for `scroll`.
    public var framesToFirstLoad: Int?

    /// The plan of `request` over feeds whose content is `lengths[k]` points long along the
    /// scroll axis after `k` pages (one length for `scroll`), drawn at `scale`.
    ///
    /// `fromEnd` is true for a right-to-left horizontal feed, which starts at its right end.
    public init(request: ClipRequest, lengths: [Double], scale: Double, fromEnd: Bool) {
        fps = request.fps
        let seconds = 1 / Double(request.fps)
        var frames: [Frame] = []
        func last(_ page: Int) -> Double { max(0, lengths[page] - request.viewport) }
        func clamp(_ offset: Double, _ page: Int) -> Double { min(max(0, offset), last(page)) }
        func start(_ page: Int) -> Double { fromEnd ? last(page) : 0 }
        func end(_ page: Int) -> Double { fromEnd ? 0 : last(page) }
        func flick(page: Int, from: Double, to: Double) {
            let flick = Flick(from: from, to: to, scale: scale)
            // Frame 0 is the release; the last one the first at rest.
            let count = Int((flick.duration / seconds).rounded(.up)) + 1
            for index in 0..<count {
                frames.append(Frame(page: page, offset: flick.offset(at: Double(index) * seconds), fade: 1))
            }
        }
        func hold(page: Int, seconds held: Double) {
            guard let offset = frames.last?.offset else { return }
            for _ in 0..<Int((held / seconds).rounded()) { frames.append(Frame(page: page, offset: offset, fade: 1)) }
        }
        switch request.animation {
        case .scroll:
            let from = clamp(request.from ?? start(0), 0)
            flick(page: 0, from: from, to: clamp(request.to ?? end(0), 0))
        case .loadMore:
            flick(page: 0, from: clamp(request.from ?? start(0), 0), to: end(0))
            for page in 1..<lengths.count {
                hold(page: page - 1, seconds: ClipRequest.holdSeconds)
                let offset = frames.last?.offset ?? 0
                let fadeFrames = max(1, Int((ClipRequest.fadeSeconds / seconds).rounded()))
                for index in 1...fadeFrames {
                    frames.append(Frame(page: page, offset: offset, fade: Double(index) / Double(fadeFrames)))
                }
                if page == 1 { framesToFirstLoad = frames.count }
                flick(page: page, from: offset, to: end(page))
            }
        }
        if let duration = request.duration {
            let count = max(1, Int((duration / seconds).rounded()))
            if frames.count > count {
                frames.removeSubrange(count...)
            } else if let final = frames.last {
                frames += Array(repeating: final, count: count - frames.count)
            }
        } else {
            hold(page: frames.last?.page ?? 0, seconds: ClipRequest.holdSeconds)
        }
        self.frames = frames
    }

    /// How long the clip lasts, in seconds.
    public var duration: Double { Double(frames.count) / Double(fps) }

    /// The shortest duration, in tenths of a second, whose clip shows the first page loaded;
    /// `nil` for `scroll`.
    public var durationToFirstLoad: Double? {
        framesToFirstLoad.map { (Double($0) / Double(fps) * 10).rounded(.up) / 10 }
    }

    /// Whether a `load-more` clip ends before its first page has loaded (a `duration` too short).
    public var endsBeforeFirstLoad: Bool { framesToFirstLoad.map { frames.count < $0 } ?? false }
}
