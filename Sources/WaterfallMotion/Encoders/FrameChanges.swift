import WaterfallCore

/// A clip's frames as the changes an animated format stores: each frame that differs from the one
/// before it, with the rectangle that differs from what the change before it left on screen, and
/// the frames it shows for.
///
/// A frame equal to the one before adds to how long the last change shows. Each change is handed
/// back once the next one comes (or at ``finish()``), when how long it shows is known, since the
/// formats write a frame's delay before its pixels. It keeps three frames: the last one added, the
/// change not yet handed back and what was on screen before it.
struct FrameChanges {
    /// One change: a frame and where it differs.
    struct Change: Sendable {
        /// The whole frame.
        var frame: PixelImage
        /// Where it differs from what the change before it left on screen; the whole frame for the
        /// first.
        var rect: PixelRect
        /// What the change before it left on screen; `nil` for the first.
        var previous: PixelImage?
        /// The first frame of the clip it shows as.
        var start: Int
        /// The frame after the last it shows as.
        var end: Int
        /// Whether it is the first change: the frame every other is drawn over.
        var isFirst: Bool { start == 0 }
    }

    /// Whether a change may show for frames `start..<end`; when it may not (too short for the
    /// format's clock), the next change takes its place, covering both rectangles.
    var mayShow: (_ start: Int, _ end: Int) -> Bool = { _, _ in true }
    /// Frames added so far.
    private(set) var count = 0
    private var last: PixelImage?
    private var pending: Change?

    /// Adds the next frame; returns the change before it once the frame shows that one is over.
    ///
    /// - Throws: ``ClipError`` when the frame is not `width` × `height` pixels.
    mutating func add(_ frame: PixelImage, width: Int, height: Int, file: String) throws -> Change? {
        try frame.checkIsFrame(count, width: width, height: height, file: file)
        defer { count += 1 }
        guard let last, let shown = pending else {
            pending = Change(frame: frame, rect: frame.bounds, previous: nil, start: 0, end: 0)
            self.last = frame
            return nil
        }
        guard let rect = frame.changedRect(from: last) else { return nil }
        self.last = frame
        guard mayShow(shown.start, count) else {
            pending = Change(
                frame: frame, rect: rect.union(shown.rect), previous: shown.previous, start: shown.start, end: 0)
            return nil
        }
        pending = Change(frame: frame, rect: rect, previous: shown.frame, start: count, end: 0)
        var ended = shown
        ended.end = count
        return ended
    }

    /// The last change, which shows until the end of the clip; `nil` when no frame was added.
    mutating func finish() -> Change? {
        defer {
            pending = nil
            last = nil
        }
        guard var ended = pending else { return nil }
        ended.end = count
        return ended
    }
}
