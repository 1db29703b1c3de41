/// The largest inputs the tool accepts, so that a typo cannot exhaust memory.
public enum SpecLimits {
    /// Items in one spec, given and generated together.
    public static let maximumItems = 2_000_000
    /// Sections in one spec.
    public static let maximumSections = 100_000
    /// Columns in one section.
    public static let maximumColumns = 1_000
    /// Font files one spec may name (`fonts:`); the bytes and faces they may hold are
    /// WaterfallCairo's `AppFonts` limits, checked when they are read.
    public static let maximumFontFiles = 64
    /// Bytes of one spec file.
    public static let maximumFileBytes = 256 * 1024 * 1024
    /// Pictures one spec is drawn as: its widths × appearances × screens, and its declared
    /// clips, whether the spec's `variants` or the options `--widths`, `--appearance` and
    /// `--viewport` ask for them.
    ///
    /// Each is at least a layout and a drawing: 32 widths × 2 appearances × 1,000 screens were
    /// 64,000 pictures for a 400-byte spec.
    public static let maximumPictures = 256

    /// The largest `width`, in points.
    ///
    /// A million points is wider than any screen by far, and times the largest `scale` it is still
    /// a pixel count every integer type holds: a width of 5e18 used to trap when it became pixels.
    public static let maximumWidth: Double = 1_000_000
    /// The largest length of any other kind, in points: heights, sizes, insets, spacings,
    /// `minimumContentHeight`, `cornerRadius`; and the largest content height a layout may reach.
    ///
    /// 10^12 is far past any real page (two million 1,000-point cells in one column are 2·10^9)
    /// and keeps every coordinate exact to 1/8000 of a point, and every coordinate times the
    /// largest `scale` a whole number of pixels that converts to `Int` without trapping.
    public static let maximumLength: Double = 1e12
    /// The allowed `scale`, device pixels per point.
    ///
    /// At least 0.01: a hundredth is already a thumbnail (a 375-point page 4 pixels wide), and
    /// much smaller scales make a drawing matrix Cairo cannot invert (`scale: 1e-300` failed with
    /// "invalid matrix"). At most 16, so that a page's pixels stay within what Cairo can draw.
    public static let scale: ClosedRange<Double> = 0.01...16
}
