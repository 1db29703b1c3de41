import WaterfallCore
import WaterfallDiff

/// Small image builders for the tests.
enum TestImages {
    static func solid(_ width: Int, _ height: Int, _ rgba: [UInt8] = [255, 255, 255, 255]) -> PixelImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in 0..<(width * height) {
            for c in 0..<4 { pixels[i * 4 + c] = rgba[c] }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    static func set(_ img: inout PixelImage, _ x: Int, _ y: Int, _ rgba: [UInt8]) {
        let i = (y * img.width + x) * 4
        for c in 0..<4 { img.pixels[i + c] = rgba[c] }
    }

    static func get(_ img: PixelImage, _ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * img.width + x) * 4
        return Array(img.pixels[i..<(i + 4)])
    }

    static func fill(_ img: inout PixelImage, x: Int, y: Int, width: Int, height: Int, _ rgba: [UInt8]) {
        let x0 = max(x, 0)
        let x1 = min(x + width, img.width)
        let y0 = max(y, 0)
        let y1 = min(y + height, img.height)
        guard x0 < x1 && y0 < y1 else { return }
        for yy in y0..<y1 {
            for xx in x0..<x1 { set(&img, xx, yy, rgba) }
        }
    }

    /// Black rectangle on white spanning [x0, x0 + width) horizontally with fractional coverage at the edges.
    static func coveredRect(imageWidth: Int, imageHeight: Int, x0: Double, y: Int, width: Double, height: Int)
        -> PixelImage
    {
        var img = solid(imageWidth, imageHeight)
        for col in 0..<imageWidth {
            let lo = max(Double(col), x0)
            let hi = min(Double(col + 1), x0 + width)
            let coverage = max(0, hi - lo)
            if coverage == 0 { continue }
            let v = UInt8(Int(255 * (1 - coverage) + 0.5))
            for row in y..<(y + height) { set(&img, col, row, [v, v, v, 255]) }
        }
        return img
    }
}
