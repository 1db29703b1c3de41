import WaterfallCore
import WaterfallSpec

/// A clip to make of a spec: the animation, its screen and timing, and the files to write.
public struct ClipRequest: Sendable, Hashable {
    /// What moves.
    public var animation: Animation
    /// The screen's length along the scroll axis, in points (its height; its width in a
    /// horizontal feed).
    public var viewport: Double
    /// Frames a second.
    public var fps = ClipRequest.defaultFPS
    /// How long the clip lasts, in seconds; `nil` until the last flick comes to rest (and half a
    /// second more, holding it).
    public var duration: Double?
    /// Where a scroll starts, in points; `nil` for the start of the feed (its right end in a
    /// right-to-left horizontal feed).
    public var from: Double?
    /// Where a scroll comes to rest; `nil` for the end of the feed.
    public var to: Double?
    /// How many pages `load-more` loads.
    public var pages = 1
    /// The formats to write, each once.
    public var formats: [ClipFormat]
    /// The encoders' choices (quality, GIF palette and dithering); its `fps` is set from ``fps``.
    public var options: ClipOptions

    /// The frame rate used when none is given.
    public static let defaultFPS = 30
    /// The frame rates allowed.
    public static let fpsRange = SpecVariants.ClipTiming.fpsRange
    /// The longest clip, in seconds.
    public static let maximumDuration = SpecVariants.ClipTiming.maximumDuration
    /// The most frames a clip may have (60 s at 60 fps).
    public static let maximumFrames = 3_600
    /// The most pages `load-more` may load.
    public static let maximumPages = SpecVariants.ClipTiming.maximumPages
    /// The largest frame, in device pixels (4096 × 4096): each one in flight is 4 bytes a pixel.
    public static let maximumFramePixels = 1 << 24
    /// How long the end of the feed is held before the next page is loaded, and at the end.
    public static let holdSeconds = 0.5
    /// How long inserted cards take to fade in: `UICollectionView`'s default insertion.
    public static let fadeSeconds = 0.3

    /// Creates a request of `animation` on screens `viewport` points long, written as `formats`.
    public init(animation: Animation, viewport: Double, formats: [ClipFormat], options: ClipOptions? = nil) {
        self.animation = animation
        self.viewport = viewport
        self.formats = formats
        self.options = options ?? ClipOptions(fps: Self.defaultFPS)
    }

    /// Why the options cannot make a clip, in one line naming the option; `nil` when they can.
    public static func problem(
        fps: Int?, duration: Double?, pages: Int?, quality: Int?, from: Double?, to: Double?
    ) -> String? {
        if let fps, !fpsRange.contains(fps) {
            return "--fps must be a whole number from \(fpsRange.lowerBound) to \(fpsRange.upperBound), not \(fps)"
        }
        if let duration, !(duration.isFinite && duration > 0 && duration <= maximumDuration) {
            return "--duration must be a number of seconds above 0 and at most "
                + "\(ShortestNumber.text(maximumDuration)), not \(ShortestNumber.text(duration))"
        }
        if let pages, !(1...maximumPages).contains(pages) {
            return "--pages must be a whole number from 1 to \(maximumPages), not \(pages)"
        }
        if let quality, !(0...100).contains(quality) {
            return "--quality must be a whole number from 0 to 100, not \(quality)"
        }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, !(value.isFinite && value >= 0 && value <= 1e12) {
                return "\(name) must be a number of points from 0 to 1e12, not \(ShortestNumber.text(value))"
            }
        }
        return nil
    }
}
