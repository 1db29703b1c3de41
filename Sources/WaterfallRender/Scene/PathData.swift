/// SVG path data (`d`) written command by command, on a grid of hundredths of a point.
///
/// Each point is rounded to the grid, a thirtieth of a device pixel at scale 3, and written
/// absolute (`M`, `L`, `C`, `Z`): relative numbers would be a fifth shorter, but a viewer that adds
/// them up in single precision (Skia's `float`) drifts along a glyph far down a long page. The same
/// path gives the same bytes on every run.
public struct PathData: Sendable, Equatable {
    /// Steps a point is rounded to.
    public static let stepsPerPoint = 100

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

    /// `value` on the grid, in the fewest digits (`12.5`, `375`, `-0.05`); never `-0`.
    public static func number(_ value: Double) -> String { number(steps: steps(value)) }

    private mutating func append(_ command: String, _ values: [Double]) {
        text += command
        text += values.map(Self.number).joined(separator: " ")
    }

    /// `value` in whole steps; 0 for what is not a finite number, and within ±10¹³ points.
    private static func steps(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int((min(max(value, -1e13), 1e13) * Double(stepsPerPoint)).rounded())
    }

    /// A number of steps as a decimal number of points.
    private static func number(steps: Int) -> String {
        let whole = steps.magnitude / UInt(stepsPerPoint)
        let hundredths = steps.magnitude % UInt(stepsPerPoint)
        let sign = steps < 0 ? "-" : ""
        if hundredths == 0 { return sign + "\(whole)" }
        let digits =
            hundredths % 10 == 0 ? "\(hundredths / 10)" : (hundredths < 10 ? "0\(hundredths)" : "\(hundredths)")
        return sign + "\(whole).\(digits)"
    }
}
