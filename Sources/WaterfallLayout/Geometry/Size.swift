/// A width and a height in points.
public struct Size: Sendable, Hashable {
    /// The extent along x, in points.
    public var width: Double
    /// The extent along y, in points.
    public var height: Double

    /// Creates a size from its width and height.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size of zero width and height.
    public static let zero = Size(width: 0, height: 0)
}
