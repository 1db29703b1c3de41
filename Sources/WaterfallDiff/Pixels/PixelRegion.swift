/// An axis-aligned box of pixels: top-left corner plus size.
public struct PixelRegion: Sendable, Equatable, Hashable {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in pixels (at least 1).
    public var width: Int
    /// Height in pixels (at least 1).
    public var height: Int

    /// Creates a region.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
