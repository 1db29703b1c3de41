import WaterfallCore

/// SVG path data (`d`) written command by command, each number rounded to a hundredth of a point.
///
/// A hundredth of a point is a thirtieth of a pixel at scale 3; the rounding keeps a glyph's
/// numbers short (about half the bytes of the shortest exact `Double`) and the same on every run.
public struct PathData: Sendable, Equatable {
    /// Steps a point is rounded to.
    public static let stepsPerPoint = 100.0

    /// The path data so far.
    public private(set) var text = ""

    /// Creates empty path data.
    public init() {}

    /// Starts a subpath at (`x`, `y`).
    public mutating func move(to x: Double, _ y: Double) { append("M", [x, y]) }

    /// A straight line to (`x`, `y`).
    public mutating func line(to x: Double, _ y: Double) { append("L", [x, y]) }

    /// A cubic Bézier curve to (`x`, `y`), through the control points (`x1`, `y1`) and (`x2`, `y2`).
    public mutating func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, to x: Double, _ y: Double) {
        append("C", [x1, y1, x2, y2, x, y])
    }

    /// Closes the subpath.
    public mutating func close() { text += "Z" }

    /// `value` rounded to ``stepsPerPoint``, in the fewest digits; never `-0`.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * stepsPerPoint).rounded() / stepsPerPoint
        return ShortestNumber.text(rounded == 0 ? 0 : rounded)
    }

    private mutating func append(_ command: String, _ values: [Double]) {
        text += command
        text += values.map(Self.number).joined(separator: " ")
    }
}
