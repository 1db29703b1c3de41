/// One line of text as the text engine lays it out, in points below the top of the line.
///
/// The line's own height is its fonts' ascent and descent; the ink is where its glyphs draw, which
/// may reach below that (a descender in a fallback font) and must stay inside the text's box.
public struct LineMetrics: Sendable, Hashable {
    /// How far below the top the first baseline sits.
    public var baseline: Double
    /// The line's height: the largest ascent plus the largest descent of the fonts it uses.
    public var height: Double
    /// The top of the glyphs' ink (negative when it reaches above the line).
    public var inkTop: Double
    /// The bottom of the glyphs' ink.
    public var inkBottom: Double

    public init(baseline: Double, height: Double, inkTop: Double, inkBottom: Double) {
        self.baseline = baseline
        self.height = height
        self.inkTop = inkTop
        self.inkBottom = inkBottom
    }
}
