/// What a spec says it is reviewed at (`variants:`): its appearances, widths, content sizes and
/// screens, and the clips of it moving.
///
/// `render`, `examples`, `check` and `serve` draw every variant a spec declares, unless an
/// option (`--appearance`, `--widths`, `--content-size`, `--viewport`) says otherwise.
public struct SpecVariants: Sendable, Hashable {
    /// The appearances to draw, light before dark (`appearance: light|dark|both`); `nil` when
    /// the spec does not say.
    public var appearances: [Appearance]?
    /// The widths to draw at, in points, each once (`widths: [320, iphone, phones]`); `nil`
    /// when the spec does not say.
    public var widths: [Double]?
    /// The Dynamic Type sizes to draw at, each once (`contentSize: [large, accessibility3]`);
    /// `nil` when the spec does not say, which draws `large` only.
    public var contentSizes: [ContentSizeCategory]?
    /// The screens to draw instead of the whole page (`viewport:`); `nil` for whole pages.
    public var viewport: Viewport?

    /// The clips of the feed moving on the viewport's screens (`animate: scroll`), each
    /// written as an animated PNG beside the pictures and guarded by `check` frame by frame.
    public var animations: [Animation] = []
    /// How the declared clips are timed (`clip: {fps, duration, pages}`).
    public var clip = ClipTiming()

    /// Creates the variants a spec declares; by default none.
    ///
    /// - Parameters:
    ///   - appearances: The appearances to draw; `nil` when the spec does not say.
    ///   - widths: The widths to draw at, in points; `nil` when the spec does not say.
    ///   - viewport: The screens to draw instead of the whole page; `nil` for whole pages.
    ///   - contentSizes: The Dynamic Type sizes to draw at; `nil` for `large` only.
    public init(
        appearances: [Appearance]? = nil, widths: [Double]? = nil, viewport: Viewport? = nil,
        contentSizes: [ContentSizeCategory]? = nil
    ) {
        self.appearances = appearances
        self.widths = widths
        self.viewport = viewport
        self.contentSizes = contentSizes
    }

    /// The timing of a spec's declared clips: `variants.clip`.
    public struct ClipTiming: Sendable, Hashable {
        /// Frames a second; 30 when `nil`.
        public var fps: Int?
        /// The clip's length in seconds; until the last flick comes to rest when `nil`.
        public var duration: Double?
        /// The pages a `load-more` clip loads; 1 when `nil`.
        public var pages: Int?

        /// Creates a timing; every value left out is the clip's default.
        public init(fps: Int? = nil, duration: Double? = nil, pages: Int? = nil) {
            self.fps = fps
            self.duration = duration
            self.pages = pages
        }

        /// The frame rates a clip may have.
        public static let fpsRange = 1...60
        /// The longest clip, in seconds.
        public static let maximumDuration = 60.0
        /// The most pages a `load-more` clip may load.
        public static let maximumPages = 20
    }

    /// The screens a spec is reviewed at (`viewport: {height: 812, screens: 3}`).
    public struct Viewport: Sendable, Hashable {
        /// The screen's length along the scroll axis, in points: a height, a width in a horizontal feed.
        public var length: Double
        /// How many screens, one after another (`screens`); `nil` with an `offset`.
        public var screens: Int?
        /// One screen at this content offset (`offset`), instead of several.
        public var offset: Double?

        /// Creates a viewport: one screen at offset 0 unless told otherwise.
        public init(length: Double, screens: Int? = nil, offset: Double? = nil) {
            self.length = length
            self.screens = screens
            self.offset = offset
        }
    }

    /// The most screens a viewport may ask for.
    public static let maximumScreens = 1000
    /// The longest viewport, in points (as the longest `width`).
    public static let maximumViewport = SpecLimits.maximumWidth
}

/// What a clip shows: the feed scrolling under a flick, or scrolling to its end and loading more.
public enum Animation: String, Sendable, CaseIterable {
    /// One flick from the start of the feed (or `from`) to its end (or `to`).
    case scroll
    /// Flicks to the end, the footer shows, the next page of cards fades in, and on, page by page.
    case loadMore = "load-more"
}
