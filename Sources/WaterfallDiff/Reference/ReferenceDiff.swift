import WaterfallCore

/// Slow, straightforward twin of `PixelDiff` (pixelmatch v5 ported line by line, no fast paths).
///
/// Not API: the tests hold `PixelDiff` to it, and `waterfall-benchmark` measures `PixelDiff`
/// beside it. It lives here, not in a test target, because the benchmark is a shipped
/// executable and depends on no test target.
package enum ReferenceDiff {
    package struct Output {
        package var differentPixels = 0
        package var antialiasedPixels = 0
        package var regions: [PixelRegion] = []
        package var truncated = false
        package var image: PixelImage
    }

    static func px(_ img: PixelImage, _ x: Int, _ y: Int) -> (Double, Double, Double, Double) {
        let i = (y * img.width + x) * 4
        return (Double(img.pixels[i]), Double(img.pixels[i + 1]), Double(img.pixels[i + 2]), Double(img.pixels[i + 3]))
    }

    static func same(_ i1: PixelImage, _ x1: Int, _ y1: Int, _ i2: PixelImage, _ x2: Int, _ y2: Int) -> Bool {
        let p = px(i1, x1, y1)
        let q = px(i2, x2, y2)
        return p.0 == q.0 && p.1 == q.1 && p.2 == q.2 && p.3 == q.3
    }

    static func blend(_ c: Double, _ a: Double) -> Double { 255 + (c - 255) * a }
    static func rgb2y(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    static func rgb2i(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417110 - b * 0.32180189
    }
    static func rgb2q(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    static func colorDelta(_ i1: PixelImage, _ x1: Int, _ y1: Int, _ i2: PixelImage, _ x2: Int, _ y2: Int, yOnly: Bool)
        -> Double
    {
        var (r1, g1, b1, a1) = px(i1, x1, y1)
        var (r2, g2, b2, a2) = px(i2, x2, y2)
        if a1 == a2 && r1 == r2 && g1 == g2 && b1 == b2 { return 0 }
        if a1 < 255 {
            a1 /= 255
            r1 = blend(r1, a1)
            g1 = blend(g1, a1)
            b1 = blend(b1, a1)
        }
        if a2 < 255 {
            a2 /= 255
            r2 = blend(r2, a2)
            g2 = blend(g2, a2)
            b2 = blend(b2, a2)
        }
        let yy1 = rgb2y(r1, g1, b1)
        let yy2 = rgb2y(r2, g2, b2)
        let y = yy1 - yy2
        if yOnly { return y }
        let i = rgb2i(r1, g1, b1) - rgb2i(r2, g2, b2)
        let q = rgb2q(r1, g1, b1) - rgb2q(r2, g2, b2)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return yy1 > yy2 ? -delta : delta
    }

    static func hasManySiblings(_ img: PixelImage, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, w - 1)
        let y2 = min(y1 + 1, h - 1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                if same(img, x1, y1, img, x, y) { zeroes += 1 }
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    static func antialiased(_ img: PixelImage, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int, _ img2: PixelImage) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, w - 1)
        let y2 = min(y1 + 1, h - 1)
        var zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2 ? 1 : 0
        var minV = 0.0
        var maxV = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0
        for x in x0...x2 {
            for y in y0...y2 {
                if x == x1 && y == y1 { continue }
                let delta = colorDelta(img, x1, y1, img, x, y, yOnly: true)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minV {
                    minV = delta
                    minX = x
                    minY = y
                } else if delta > maxV {
                    maxV = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        if minV == 0 || maxV == 0 { return false }
        return (hasManySiblings(img, minX, minY, w, h) && hasManySiblings(img2, minX, minY, w, h))
            || (hasManySiblings(img, maxX, maxY, w, h) && hasManySiblings(img2, maxX, maxY, w, h))
    }

    static func gray(_ img: PixelImage, _ x: Int, _ y: Int, fade: Double) -> UInt8 {
        let (r, g, b, a) = px(img, x, y)
        let val = blend(rgb2y(r, g, b), fade * a / 255)
        return UInt8(min(max(val, 0), 255) + 0.5)
    }

    /// Crops to the top-left `w` x `h` area.
    static func crop(_ img: PixelImage, _ w: Int, _ h: Int) -> PixelImage {
        var out: [UInt8] = []
        for y in 0..<h {
            let s = y * img.width * 4
            out += img.pixels[s..<(s + w * 4)]
        }
        return PixelImage(width: w, height: h, pixels: out)
    }

    package static func run(_ a0: PixelImage, _ b0: PixelImage, options: DiffOptions) -> Output {
        let w = min(a0.width, b0.width)
        let h = min(a0.height, b0.height)
        let a = crop(a0, w, h)
        let b = crop(b0, w, h)
        let maxDelta = 35215 * options.threshold * options.threshold
        var out = Output(image: PixelImage(width: w, height: h, pixels: [UInt8](repeating: 0, count: w * h * 4)))
        var mask = [Bool](repeating: false, count: w * h)
        func paint(_ x: Int, _ y: Int, _ c: DiffColor) {
            let i = (y * w + x) * 4
            out.image.pixels[i] = c.red
            out.image.pixels[i + 1] = c.green
            out.image.pixels[i + 2] = c.blue
            out.image.pixels[i + 3] = 255
        }
        for y in 0..<h {
            for x in 0..<w {
                let delta = colorDelta(a, x, y, b, x, y, yOnly: false)
                if abs(delta) > maxDelta {
                    let isAA = antialiased(a, x, y, w, h, b) || antialiased(b, x, y, w, h, a)
                    if isAA { out.antialiasedPixels += 1 }
                    if isAA && !options.includeAntialiasing {
                        paint(x, y, options.antialiasingColor)
                    } else {
                        paint(x, y, options.diffColor)
                        out.differentPixels += 1
                        mask[y * w + x] = true
                    }
                } else {
                    let g = gray(a, x, y, fade: options.fadeAlpha)
                    paint(x, y, DiffColor(red: g, green: g, blue: g))
                }
            }
        }
        // flood fill, 8-connectivity
        var seen = mask.map { !$0 }
        var boxes: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        for start in 0..<(w * h) where !seen[start] {
            var stack = [start]
            seen[start] = true
            var box = (x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
            while let p = stack.popLast() {
                let x = p % w
                let y = p / w
                box = (min(box.x0, x), min(box.y0, y), max(box.x1, x), max(box.y1, y))
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx
                        let ny = y + dy
                        if nx < 0 || ny < 0 || nx >= w || ny >= h { continue }
                        let q = ny * w + nx
                        if !seen[q] {
                            seen[q] = true
                            stack.append(q)
                        }
                    }
                }
            }
            boxes.append(box)
        }
        // naive merge of touching boxes until stable
        var changed = true
        while changed {
            changed = false
            outer: for i in 0..<boxes.count {
                for j in (i + 1)..<boxes.count {
                    let p = boxes[i]
                    let q = boxes[j]
                    if p.x0 <= q.x1 + 1 && q.x0 <= p.x1 + 1 && p.y0 <= q.y1 + 1 && q.y0 <= p.y1 + 1 {
                        boxes[i] = (min(p.x0, q.x0), min(p.y0, q.y0), max(p.x1, q.x1), max(p.y1, q.y1))
                        boxes.remove(at: j)
                        changed = true
                        break outer
                    }
                }
            }
        }
        boxes.sort { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
        if boxes.count > PixelDiff.maxRegions {
            out.truncated = true
            boxes = Array(boxes.prefix(PixelDiff.maxRegions))
        }
        out.regions = boxes.map { PixelRegion(x: $0.x0, y: $0.y0, width: $0.x1 - $0.x0 + 1, height: $0.y1 - $0.y0 + 1) }
        return out
    }
}
