/// A rectangle in points: an origin at its top-left corner and a size.
public struct Rect: Sendable, Hashable {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// Creates a rectangle from its top-left corner and size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner's coordinates and its size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge: `minX + width`.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge: `minY + height`.
    public var maxY: Double { origin.y + size.height }
    /// The size's width.
    public var width: Double { size.width }
    /// The size's height.
    public var height: Double { size.height }

    /// Whether `other` touches this rectangle the way the layout's queries count it.
    ///
    /// Both axes need a positive overlap, except that an element of zero height counts when its
    /// `y` lies inside this rectangle (`minY <= y < maxY`) and the x ranges overlap, and one of
    /// zero width (in a horizontal feed) when its `x` lies in `minX..<maxX` and the y ranges overlap.
    public func intersectsElement(_ other: Rect) -> Bool {
        let xTouches =
            other.width == 0 ? other.minX >= minX && other.minX < maxX : other.minX < maxX && other.maxX > minX
        guard xTouches else { return false }
        if other.height == 0 {
            return other.minY >= minY && other.minY < maxY
        }
        return other.minY < maxY && other.maxY > minY
    }
}
