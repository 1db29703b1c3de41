/// What a spec says it is reviewed at (`variants:`): its appearances, widths and screens.
///
/// `render`, `examples`, `check` and `serve` draw every variant a spec declares, unless an
/// option (`--appearance`, `--widths`, `--viewport`) says otherwise.
public struct SpecVariants: Sendable, Hashable {
    /// The appearances to draw, light before dark (`appearance: light|dark|both`); `nil` when
    /// the spec does not say.
    public var appearances: [Appearance]?
    /// The widths to draw at, in points, each once (`widths: [320, iphone, phones]`); `nil`
    /// when the spec does not say.
    public var widths: [Double]?
    /// The screens to draw instead of the whole page (`viewport:`); `nil` for whole pages.
    public var viewport: Viewport?

    /// Creates the variants a spec declares; by default none.
    public init(appearances: [Appearance]? = nil, widths: [Double]? = nil, viewport: Viewport? = nil) {
        self.appearances = appearances
        self.widths = widths
        self.viewport = viewport
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
