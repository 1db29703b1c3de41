/// The per-pixel comparison over the common area of two images, one band of rows at a time.
struct DiffScanner: @unchecked Sendable {
    /// Pixels per block checked with a wide byte comparison before any per-pixel work.
    static let segment = 256

    let a: UnsafeRawPointer
    let strideA: Int
    let b: UnsafeRawPointer
    let strideB: Int
    let width: Int
    let height: Int
    let maxDelta: Double
    let includeAA: Bool
    /// Diff image bytes (`width * 4` per row), or nil when only counting.
    let output: UnsafeMutableRawPointer?
    let fade: Double
    let diffPixel: UInt32
    let aaPixel: UInt32

    @inline(__always)
    static func load(_ row: UnsafeRawPointer, _ x: Int) -> UInt32 {
        UInt32(littleEndian: row.loadUnaligned(fromByteOffset: x &* 4, as: UInt32.self))
    }

    @inline(__always)
    static func store(_ row: UnsafeMutableRawPointer, _ x: Int, _ v: UInt32) {
        row.storeBytes(of: v.littleEndian, toByteOffset: x &* 4, as: UInt32.self)
    }

    /// True when `count` bytes at `p` and `q` are equal; branch-free inner loop so it vectorizes.
    @inline(__always)
    static func bytesEqual(_ p: UnsafeRawPointer, _ q: UnsafeRawPointer, _ count: Int) -> Bool {
        var acc: UInt64 = 0
        var i = 0
        while i &+ 32 <= count {
            acc |=
                p.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                ^ q.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            acc |=
                p.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
                ^ q.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)
            acc |=
                p.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self)
                ^ q.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self)
            acc |=
                p.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self)
                ^ q.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self)
            i &+= 32
        }
        while i &+ 4 <= count {
            acc |= UInt64(
                p.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                    ^ q.loadUnaligned(fromByteOffset: i, as: UInt32.self))
            i &+= 4
        }
        while i < count {
            acc |= UInt64(p.load(fromByteOffset: i, as: UInt8.self) ^ q.load(fromByteOffset: i, as: UInt8.self))
            i &+= 1
        }
        return acc == 0
    }

    /// Pixel at (x, y) of an image given its base pointer and row stride in bytes.
    @inline(__always)
    func pixel(_ img: UnsafeRawPointer, _ stride: Int, _ x: Int, _ y: Int) -> UInt32 {
        Self.load(img + y &* stride, x)
    }

    /// pixelmatch `hasManySiblings`: 3+ of the 8 neighbours equal the pixel (image border counts as one).
    @inline(__always)
    func hasManySiblings(_ img: UnsafeRawPointer, _ stride: Int, _ x1: Int, _ y1: Int) -> Bool {
        if x1 > 0 && y1 > 0 && x1 < width - 1 && y1 < height - 1 {
            return equalNeighbours(img, stride, x1, y1) > 2
        }
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let val = pixel(img, stride, x1, y1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if !(x == x1 && y == y1) {
                    if val == pixel(img, stride, x, y) { zeroes += 1 }
                    if zeroes > 2 { return true }
                }
                y += 1
            }
            x += 1
        }
        return false
    }

    /// Exact shortcut for `antialiased`: an interior pixel with 3+ byte-equal neighbours has 3+ zero deltas, so it is not AA.
    @inline(__always)
    func obviouslyNotAA(_ img: UnsafeRawPointer, _ stride: Int, _ x1: Int, _ y1: Int) -> Bool {
        guard x1 > 0 && y1 > 0 && x1 < width - 1 && y1 < height - 1 else { return false }
        return equalNeighbours(img, stride, x1, y1) >= 3
    }

    /// How many of the 8 neighbours of interior pixel (x1, y1) are byte-equal to it; branch-free.
    @inline(__always)
    func equalNeighbours(_ img: UnsafeRawPointer, _ stride: Int, _ x1: Int, _ y1: Int) -> Int {
        let up = img + (y1 - 1) &* stride + (x1 - 1) &* 4
        let mid = up + stride
        let down = mid + stride
        let center = Self.load(mid, 1)
        var eq = 0
        eq &+= Self.load(up, 0) == center ? 1 : 0
        eq &+= Self.load(up, 1) == center ? 1 : 0
        eq &+= Self.load(up, 2) == center ? 1 : 0
        eq &+= Self.load(mid, 0) == center ? 1 : 0
        eq &+= Self.load(mid, 2) == center ? 1 : 0
        eq &+= Self.load(down, 0) == center ? 1 : 0
        eq &+= Self.load(down, 1) == center ? 1 : 0
        eq &+= Self.load(down, 2) == center ? 1 : 0
        return eq
    }

    /// pixelmatch `antialiased` (Vyšniauskas 2009), checking pixel (x1, y1) of `img` against `other`.
    func antialiased(
        _ img: UnsafeRawPointer, _ stride: Int, _ other: UnsafeRawPointer, _ otherStride: Int, _ x1: Int, _ y1: Int
    ) -> Bool {
        if x1 > 0 && y1 > 0 && x1 < width - 1 && y1 < height - 1 {
            // interior pixel: the same visiting order (x outer, y inner), unrolled
            let up = img + (y1 - 1) &* stride + (x1 - 1) &* 4
            let mid = up + stride
            let down = mid + stride
            let center = Self.load(mid, 1)
            var scan = NeighbourScan(zeroes: 0, center: center, centerY: YIQ.blendedY(center))
            guard scan.visit(Self.load(up, 0), x1 - 1, y1 - 1),
                scan.visit(Self.load(mid, 0), x1 - 1, y1),
                scan.visit(Self.load(down, 0), x1 - 1, y1 + 1),
                scan.visit(Self.load(up, 1), x1, y1 - 1),
                scan.visit(Self.load(down, 1), x1, y1 + 1),
                scan.visit(Self.load(up, 2), x1 + 1, y1 - 1),
                scan.visit(Self.load(mid, 2), x1 + 1, y1),
                scan.visit(Self.load(down, 2), x1 + 1, y1 + 1)
            else { return false }
            if scan.minD == 0 || scan.maxD == 0 { return false }
            return
                (hasManySiblings(img, stride, scan.minX, scan.minY)
                && hasManySiblings(other, otherStride, scan.minX, scan.minY))
                || (hasManySiblings(img, stride, scan.maxX, scan.maxY)
                    && hasManySiblings(other, otherStride, scan.maxX, scan.maxY))
        }
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let center = pixel(img, stride, x1, y1)
        var centerY = 0.0
        var haveCenterY = false
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var minD = 0.0
        var maxD = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0
        var x = x0
        while x <= x2 {
            var y = y0
            while y <= y2 {
                if !(x == x1 && y == y1) {
                    let n = pixel(img, stride, x, y)
                    var delta = 0.0
                    if n != center {
                        if !haveCenterY {
                            centerY = YIQ.blendedY(center)
                            haveCenterY = true
                        }
                        delta = centerY - YIQ.blendedY(n)
                    }
                    if delta == 0 {
                        zeroes += 1
                        if zeroes > 2 { return false }
                    } else if delta < minD {
                        minD = delta
                        minX = x
                        minY = y
                    } else if delta > maxD {
                        maxD = delta
                        maxX = x
                        maxY = y
                    }
                }
                y += 1
            }
            x += 1
        }
        if minD == 0 || maxD == 0 { return false }
        return (hasManySiblings(img, stride, minX, minY) && hasManySiblings(other, otherStride, minX, minY))
            || (hasManySiblings(img, stride, maxX, maxY) && hasManySiblings(other, otherStride, maxX, maxY))
    }
}
