/// A picture whose rows arrive top to bottom a few at a time, for comparing pictures without
/// holding either whole (`PixelDiff.compare(_:_:options:)` with two feeds).
///
/// Rows are straight 8-bit RGBA, `width * 4` bytes each, one after the other.
public struct PixelRowFeed {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Makes rows `keep..<min(end, height)` readable and returns where row 0 would be; nil when
    /// the picture cannot be read.
    ///
    /// Row `y` is then at `origin + y * width * 4`, and only rows from `keep` to `end` are read.
    /// Rows above `keep` may be forgotten.
    public var advance: (_ keep: Int, _ end: Int) -> UnsafeRawPointer?
    /// Reads the rows no comparison needed, to check the whole picture; false when it cannot be
    /// read.
    public var finish: () -> Bool

    /// Creates a feed.
    public init(
        width: Int, height: Int, advance: @escaping (_ keep: Int, _ end: Int) -> UnsafeRawPointer?,
        finish: @escaping () -> Bool
    ) {
        self.width = width
        self.height = height
        self.advance = advance
        self.finish = finish
    }
}
