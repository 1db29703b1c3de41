import WaterfallLayout

/// What the audit measured of one text, passing or not: its contrast where it is worst, what it
/// needs, and the two colours.
///
/// ``Audit/report(in:contentSize:largeText:)`` gives one for every text drawn, so that another
/// checker (axe-core on the HTML) can be held to the audit's verdict on each, not only on those
/// that fail. A text whose ``ratio`` is under ``required`` is also a ``Finding`` of kind
/// `contrast` at the same ``place``.
public struct TextMeasurement: Sendable, Hashable, Codable {
    /// The text's place in the spec, as a key path: `sections[1].items[3].subtitle`.
    public var place: String
    /// The text's box in the picture, in points: `[x, y, width, height]`.
    public var frame: [Double]
    /// The contrast where the text is worst, to two decimals as
    /// ``Finding/shownRatio(_:required:)`` shows it.
    public var ratio: Double
    /// The ratio WCAG 2.2 AA asks of it: 4.5, or 3 for large text.
    public var required: Double
    /// The text's colour and the colour under it where it is worst, as `#rrggbb`.
    public var colors: [String]
    /// The text's size, in points (CSS pixels in the HTML).
    public var fontSize: Double
    /// Whether the text is bold.
    public var bold: Bool
    /// Whether the text counts as large under the reading the audit used.
    public var large: Bool
    /// Whether the ratio reaches what is asked.
    public var passes: Bool

    /// Creates the measurement of a text.
    ///
    /// - Parameters:
    ///   - place: The text's spec key path.
    ///   - frame: Its box, in points.
    ///   - ratio: Its contrast where it is worst, as shown.
    ///   - required: What WCAG 2.2 AA asks of it.
    ///   - colors: Its colour and the colour under it, as `#rrggbb`.
    ///   - fontSize: Its size, in points.
    ///   - bold: Whether it is bold.
    ///   - large: Whether it is large text.
    public init(
        place: String, frame: Rect, ratio: Double, required: Double, colors: [String], fontSize: Double,
        bold: Bool, large: Bool
    ) {
        self.place = place
        self.frame = [frame.minX, frame.minY, frame.width, frame.height].map(Finding.rounded)
        self.ratio = ratio
        self.required = required
        self.colors = colors
        self.fontSize = fontSize
        self.bold = bold
        self.large = large
        self.passes = ratio >= required
    }
}
