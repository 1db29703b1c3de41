/// A location in points, with y growing downwards as in UIKit.
public struct Point: Sendable, Hashable {
    /// The horizontal coordinate, in points.
    public var x: Double
    /// The vertical coordinate, in points, growing downwards.
    public var y: Double

    /// Creates a point from its coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)
}
