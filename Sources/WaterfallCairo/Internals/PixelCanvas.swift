import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// A scene's page in device pixels: `ceil(size × scale)`, checked against what Cairo can draw.
struct PixelCanvas {
    /// The width in device pixels.
    let width: Int
    /// The height in device pixels.
    let height: Int
    /// Device pixels per point.
    let scale: Double

    init(_ scene: Scene) throws {
        try self.init(size: scene.size, scale: scene.scale)
    }

    /// The canvas of a page `size` points large drawn at `scale` device pixels a point.
    init(size: Size, scale: Double) throws(CairoError) {
        guard scale.isFinite, scale > 0 else {
            throw CairoError.invalidCanvas(reason: "the scale must be a positive number, not \(scale)")
        }
        // Cairo scales by a matrix it must invert; its determinant, scale², must not vanish.
        guard (scale * scale).isNormal else {
            throw CairoError.invalidCanvas(reason: "the scale \(scale) is too small for Cairo to draw at")
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw CairoError.invalidCanvas(
                reason: "the page must have a positive size, not \(size.width)×\(size.height) points")
        }
        let width = (size.width * scale).rounded(.up)
        let height = (size.height * scale).rounded(.up)
        guard width <= Limits.maxPageSide else {
            throw CairoError.invalidCanvas(
                reason: "the page is \(width.countDescription) device pixels wide; at most \(Int32.max) are drawn")
        }
        guard height <= Limits.maxPageSide else {
            throw CairoError.invalidCanvas(
                reason: "the page is \(height.countDescription) device pixels high; at most \(Int32.max) are drawn")
        }
        // Both sides are at most Int32.max, so their product fits an Int.
        guard Int(width) * Int(height) <= Limits.maxPicturePixels else {
            throw CairoError.invalidCanvas(
                reason: "the picture is \(Int(width))×\(Int(height)) device pixels; at most "
                    + "\(Limits.maxPicturePixels) (2^32) are drawn: lower the scale or the width, or shorten the feed")
        }
        self.width = Int(width)
        self.height = Int(height)
        self.scale = scale
    }

    /// One tile of the page: a rectangle of device pixels.
    struct Tile: Hashable {
        var columns: Range<Int>
        var rows: Range<Int>
        /// The columns its surface is drawn with: `columns` and a margin of `stripMargin` on each
        /// side inside the page, since Cairo's coverage of a pixel next to a surface's left or
        /// right edge can differ by a level from the same pixel drawn whole.
        var surfaceColumns: Range<Int>
    }

    /// The columns drawn on each side of a strip and not kept.
    static let stripMargin = 2

    /// The columns of a tile: the page's width, or `maxWidth` (at most Cairo's 32,767 less the
    /// margins) on pages wider than that, which are cut into strips side by side.
    func stripWidth(maxWidth: Int = Limits.maxSurfaceSide) -> Int {
        let most = min(maxWidth, Limits.maxSurfaceSide)
        guard width > most else { return max(1, width) }
        return max(1, min(most, Limits.maxSurfaceSide - 2 * Self.stripMargin))
    }

    /// How many strips of `stripWidth(maxWidth:)` columns cover the page, left to right.
    func stripCount(maxWidth: Int = Limits.maxSurfaceSide) -> Int {
        let columns = stripWidth(maxWidth: maxWidth)
        return width / columns + (width % columns == 0 ? 0 : 1)
    }

    /// The most rows a tile may have: `maxHeight`, fewer if the tile's surface would hold more
    /// than `Limits.maxTileBytes` (strips wider than 2,048 device pixels).
    func tileHeight(maxHeight: Int, maxWidth: Int = Limits.maxSurfaceSide) -> Int {
        let surfaceWidth = min(width, stripWidth(maxWidth: maxWidth) + 2 * Self.stripMargin)
        return max(1, min(maxHeight, Limits.maxTileBytes / (surfaceWidth * 4)))
    }

    /// How many tiles cover one strip, top to bottom.
    func tilesPerStrip(maxHeight: Int, maxWidth: Int = Limits.maxSurfaceSide) -> Int {
        let rows = tileHeight(maxHeight: maxHeight, maxWidth: maxWidth)
        return height / rows + (height % rows == 0 ? 0 : 1)
    }

    /// How many tiles cover the page: strips left to right, each cut top to bottom.
    func tileCount(maxHeight: Int, maxWidth: Int = Limits.maxSurfaceSide) -> Int {
        stripCount(maxWidth: maxWidth) * tilesPerStrip(maxHeight: maxHeight, maxWidth: maxWidth)
    }

    /// Tile `index` of those `tileCount(maxHeight:maxWidth:)` counts: the strips in order from the
    /// left, and within a strip from the top, so a vertical page's tiles are its rows as before.
    func tile(_ index: Int, maxHeight: Int, maxWidth: Int = Limits.maxSurfaceSide) -> Tile {
        let perStrip = tilesPerStrip(maxHeight: maxHeight, maxWidth: maxWidth)
        let columns = stripWidth(maxWidth: maxWidth)
        let rows = tileHeight(maxHeight: maxHeight, maxWidth: maxWidth)
        let strip = index / perStrip
        let row = index % perStrip
        let kept = strip * columns..<min(strip * columns + columns, width)
        return Tile(
            columns: kept, rows: row * rows..<min(row * rows + rows, height),
            surfaceColumns: max(0, kept.lowerBound - Self.stripMargin)..<min(width, kept.upperBound + Self.stripMargin))
    }

    /// Bytes of the whole page as one RGBA image, if it is small enough to hold in memory at once.
    var wholeImageBytes: Int? { Limits.rgbaBytes(width: width, height: height) }
}
