extension DiffScanner {
    /// Pixels compared together by the fast path of `scan(rows:)`.
    typealias Lanes = SIMD8<UInt32>

    /// Compares the rows in `rows`, painting the diff image when there is one.
    ///
    /// Rows are read in blocks of `segment` pixels; a block that differs is read eight pixels at a
    /// time where `scanLanes` can answer for all eight, a pixel at a time (`scanPixel`) elsewhere.
    func scan(rows: Range<Int>) -> ScanChunk {
        var cursor = ScanCursor(maxDelta: maxDelta, fade: fade)
        let segment = Self.segment
        let lanes = Lanes.scalarCount
        for y in rows {
            let ra = a + y &* strideA
            let rb = b + y &* strideB
            let ro = output.map { $0 + y &* width &* 4 }
            // the fast path needs all eight neighbours of each pixel inside the image
            let interiorRow = y > 0 && y < height - 1
            var x = 0
            while x < width {
                let end = min(x + segment, width)
                if Self.bytesEqual(ra + x &* 4, rb + x &* 4, (end - x) &* 4) {
                    if let ro {
                        for px in x..<end { Self.store(ro, px, cursor.gray(Self.load(ra, px))) }
                    }
                    x = end
                    continue
                }
                cursor.chunk.changedBytes = true
                var px = x
                while px < end {
                    if interiorRow && px > 0 && px &+ lanes < width && px &+ lanes <= end
                        && scanLanes(px, y, ra, rb, ro, &cursor)
                    {
                        px &+= lanes
                        continue
                    }
                    scanPixel(px, y, ra, rb, ro, &cursor)
                    px &+= 1
                }
                x = end
            }
            cursor.closeRun(row: y)
        }
        return cursor.chunk
    }

    /// One pixel, as pixelmatch compares it.
    @inline(__always)
    func scanPixel(
        _ px: Int, _ y: Int, _ ra: UnsafeRawPointer, _ rb: UnsafeRawPointer, _ ro: UnsafeMutableRawPointer?,
        _ cursor: inout ScanCursor
    ) {
        let va = Self.load(ra, px)
        let vb = Self.load(rb, px)
        var painted: UInt32 = 0  // painted colours are opaque, so 0 means "not painted"
        if va != vb {
            cursor.chunk.changedPixels &+= 1
            if cursor.isOverThreshold(va, vb) {
                let isAA =
                    (!obviouslyNotAA(a, strideA, px, y) && antialiased(a, strideA, b, strideB, px, y))
                    || (!obviouslyNotAA(b, strideB, px, y) && antialiased(b, strideB, a, strideA, px, y))
                if isAA { cursor.chunk.antialiased &+= 1 }
                if isAA && !includeAA {
                    painted = aaPixel
                } else {
                    painted = diffPixel
                    cursor.count(px, 1, row: y)
                }
            }
        }
        if let ro { Self.store(ro, px, painted == 0 ? cursor.gray(va) : painted) }
    }

    /// Eight pixels from column `px` of an interior row answered together; false, with nothing
    /// counted, when they cannot be.
    ///
    /// They can when they are all equal in both images, or all changed from one flat colour to
    /// another with 3+ byte-equal neighbours each in both images (so neither is anti-aliasing, as
    /// `obviouslyNotAA` argues). `px - 1` and `px + 8` must be columns of the image.
    ///
    /// A page whose cards moved differs in long flat stretches: card against background, which
    /// this answers for without a per-pixel neighbour test.
    @inline(__always)
    func scanLanes(
        _ px: Int, _ y: Int, _ ra: UnsafeRawPointer, _ rb: UnsafeRawPointer, _ ro: UnsafeMutableRawPointer?,
        _ cursor: inout ScanCursor
    ) -> Bool {
        let va = ra.loadUnaligned(fromByteOffset: px &* 4, as: Lanes.self)
        let vb = rb.loadUnaligned(fromByteOffset: px &* 4, as: Lanes.self)
        let unequal = va .!= vb
        if !any(unequal) {
            if let ro {
                for i in px..<(px &+ Lanes.scalarCount) { Self.store(ro, i, cursor.gray(Self.load(ra, i))) }
            }
            return true
        }
        guard all(unequal), all(va .== Lanes(repeating: va[0])), all(vb .== Lanes(repeating: vb[0])) else {
            return false
        }
        let first = Self.load(ra, px)
        if !cursor.isOverThreshold(first, Self.load(rb, px)) {
            cursor.chunk.changedPixels &+= Lanes.scalarCount
            if let ro {
                let gray = cursor.gray(first)
                for i in px..<(px &+ Lanes.scalarCount) { Self.store(ro, i, gray) }
            }
            return true
        }
        guard Self.manyEqualNeighbours(a, strideA, px, y), Self.manyEqualNeighbours(b, strideB, px, y) else {
            return false
        }
        cursor.chunk.changedPixels &+= Lanes.scalarCount
        cursor.count(px, Lanes.scalarCount, row: y)
        if let ro {
            for i in px..<(px &+ Lanes.scalarCount) { Self.store(ro, i, diffPixel) }
        }
        return true
    }

    /// Whether each of the eight interior pixels from column `px` of row `y` has 3+ of its 8
    /// neighbours byte-equal to it: `equalNeighbours` eight pixels at a time.
    @inline(__always)
    static func manyEqualNeighbours(_ img: UnsafeRawPointer, _ stride: Int, _ px: Int, _ y: Int) -> Bool {
        let mid = img + y &* stride + (px &- 1) &* 4
        let up = mid - stride
        let down = mid + stride
        let center = mid.loadUnaligned(fromByteOffset: 4, as: Lanes.self)
        let zero = Lanes(repeating: 0)
        let one = Lanes(repeating: 1)
        var equal = zero.replacing(with: one, where: up.loadUnaligned(as: Lanes.self) .== center)
        equal &+= zero.replacing(with: one, where: up.loadUnaligned(fromByteOffset: 4, as: Lanes.self) .== center)
        equal &+= zero.replacing(with: one, where: up.loadUnaligned(fromByteOffset: 8, as: Lanes.self) .== center)
        equal &+= zero.replacing(with: one, where: mid.loadUnaligned(as: Lanes.self) .== center)
        equal &+= zero.replacing(with: one, where: mid.loadUnaligned(fromByteOffset: 8, as: Lanes.self) .== center)
        equal &+= zero.replacing(with: one, where: down.loadUnaligned(as: Lanes.self) .== center)
        equal &+= zero.replacing(with: one, where: down.loadUnaligned(fromByteOffset: 4, as: Lanes.self) .== center)
        equal &+= zero.replacing(with: one, where: down.loadUnaligned(fromByteOffset: 8, as: Lanes.self) .== center)
        // 3 or more: (count + 1) / 4 is not 0. The standard library's `.>=` and `.>` on eight lanes
        // compile to a loop over the lanes; `.==` to one vector compare.
        return !any((equal &+ 1) &>> 2 .== zero)
    }
}
