import WaterfallCore
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
        let size = scene.size
        guard scene.scale.isFinite, scene.scale > 0 else {
            throw CairoError.invalidCanvas(reason: "the scale must be a positive number, not \(scene.scale)")
        }
        // Cairo scales by a matrix it must invert; its determinant, scale², must not vanish.
        guard (scene.scale * scene.scale).isNormal else {
            throw CairoError.invalidCanvas(reason: "the scale \(scene.scale) is too small for Cairo to draw at")
        }
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw CairoError.invalidCanvas(
                reason: "the page must have a positive size, not \(size.width)×\(size.height) points")
        }
        let width = (size.width * scene.scale).rounded(.up)
        let height = (size.height * scene.scale).rounded(.up)
        guard width <= Double(Limits.maxSurfaceSide) else {
            throw CairoError.invalidCanvas(
                reason:
                    "the page is \(width.countDescription) device pixels wide; Cairo draws at most \(Limits.maxSurfaceSide)"
            )
        }
        guard height <= Limits.maxPageSide else {
            throw CairoError.invalidCanvas(
                reason: "the page is \(height.countDescription) device pixels high; at most \(Int32.max) are drawn")
        }
        self.width = Int(width)
        self.height = Int(height)
        self.scale = scene.scale
    }

    /// The most rows a tile may have: `maxHeight`, fewer if the tile's surface would hold more
    /// than `Limits.maxTileBytes` (pages wider than 2,048 device pixels).
    func tileHeight(maxHeight: Int) -> Int {
        max(1, min(maxHeight, Limits.maxTileBytes / (width * 4)))
    }

    /// How many tiles of at most `tileHeight(maxHeight:)` rows cover the page.
    func tileCount(maxHeight: Int) -> Int {
        let rows = tileHeight(maxHeight: maxHeight)
        return height / rows + (height % rows == 0 ? 0 : 1)
    }

    /// The pixel rows of tile `index` (0 at the top) of those `tileCount(maxHeight:)` counts.
    func tile(_ index: Int, maxHeight: Int) -> Range<Int> {
        let rows = tileHeight(maxHeight: maxHeight)
        return index * rows..<min(index * rows + rows, height)
    }

    /// Bytes of the whole page as one RGBA image, if it is small enough to hold in memory at once.
    var wholeImageBytes: Int? { Limits.rgbaBytes(width: width, height: height) }
}
