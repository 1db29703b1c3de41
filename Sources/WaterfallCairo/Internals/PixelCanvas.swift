import WaterfallRender
import WaterfallSpec

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
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw CairoError.invalidCanvas(
                reason: "the page must have a positive size, not \(size.width)×\(size.height) points")
        }
        let width = (size.width * scene.scale).rounded(.up)
        let height = (size.height * scene.scale).rounded(.up)
        guard width <= Double(Limits.maxSurfaceSide) else {
            throw CairoError.invalidCanvas(
                reason: "the page is \(Int(width)) device pixels wide; Cairo draws at most \(Limits.maxSurfaceSide)")
        }
        guard height <= Double(Int32.max) else {
            throw CairoError.invalidCanvas(reason: "the page is \(height) device pixels high")
        }
        self.width = Int(width)
        self.height = Int(height)
        self.scale = scene.scale
    }

    /// The pixel rows of each tile, top to bottom, each at most `maxHeight` rows.
    func tiles(maxHeight: Int) -> [Range<Int>] {
        stride(from: 0, to: height, by: maxHeight).map { $0..<min($0 + maxHeight, height) }
    }
}
