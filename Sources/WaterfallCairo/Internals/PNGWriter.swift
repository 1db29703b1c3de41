import Dispatch

/// Writes 8-bit RGB or RGBA PNG files quickly: the encoder behind PNG tiles and `PNGCodec.encode`.
///
/// Cairo's writer (libpng's defaults) tries all five PNG filters on every row and deflates at
/// level 6, effort that buys little on flat cards and text. This writer picks each row's filter
/// from a cheap estimate, deflates at a low level, and cuts the rows into segments compressed
/// independently on all cores and joined into one deflate stream, as pigz does. The cut depends
/// only on the image's size, so the bytes are the same on every run and every machine.
struct PNGWriter {
    /// The PNG color type; both 8 bits a channel.
    enum ColorType: UInt8 {
        case rgb = 2
        case rgba = 6

        /// Bytes a pixel.
        var channels: Int { self == .rgb ? 3 : 4 }
    }

    /// Fills `row` with row `y`'s pixels, `width × channels` bytes; returns false when the row
    /// can't be written in this color type (a translucent pixel for RGB), which stops encoding.
    /// Called from several threads at once, for different rows.
    typealias RowSource = (_ y: Int, _ row: UnsafeMutablePointer<UInt8>) -> Bool

    let width: Int
    let height: Int
    let colorType: ColorType
    var tuning = Tuning.standard

    /// How hard to compress; `standard` is what the renderer uses.
    struct Tuning: Equatable, Sendable {
        /// The zlib level, 1 (fastest) to 9.
        var level = 1
        /// Deflate with runs only (zlib's Z_RLE) instead of hash chains.
        var runLengthOnly = false
        /// Which filters each row chooses from.
        var filters = FilterSet.subOrUp
        /// About how many filtered bytes each independently compressed segment holds.
        var segmentBytes = 4 << 20

        static let standard = Tuning()
    }

    /// The PNG filters a row may use.
    enum FilterSet: String, Sendable {
        case none, sub, up, paeth
        /// Sub or Up, whichever has the smaller sum of absolute differences.
        case subOrUp
        /// Up or Paeth, by the same estimate.
        case upOrPaeth
        /// Sub, Up or Paeth, by the same estimate.
        case subUpOrPaeth
        /// None, Sub, Up, Average or Paeth by the same estimate: libpng's default heuristic.
        case all

        /// The filter types to try, in order; ties go to the first.
        var candidates: [UInt8] {
            switch self {
            case .none: [0]
            case .sub: [1]
            case .up: [2]
            case .paeth: [4]
            case .subOrUp: [1, 2]
            case .upOrPaeth: [2, 4]
            case .subUpOrPaeth: [1, 2, 4]
            case .all: [0, 1, 2, 3, 4]
            }
        }
    }

    /// The PNG file, or `nil` when `rows` refused a row.
    func encode(rows: RowSource) throws -> [UInt8]? {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw CairoError.pngEncoding(reason: "\(width)×\(height) is not a size PNG can hold")
        }
        let rowBytes = width * colorType.channels + 1
        let segmentRows = max(1, tuning.segmentBytes / rowBytes)
        let segmentCount = (height + segmentRows - 1) / segmentRows
        var results = [Result<Segment?, any Error>](repeating: .success(nil), count: segmentCount)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = buffer
            withoutActuallyEscaping(rows) { rows in
                let compress = { (index: Int) in
                    let range = (index * segmentRows)..<min(height, (index + 1) * segmentRows)
                    slots[index] = Result { try self.segment(range, isLast: index == segmentCount - 1, source: rows) }
                }
                if segmentCount == 1 {
                    compress(0)
                } else {
                    let workers = Workers(run: compress)
                    DispatchQueue.concurrentPerform(iterations: segmentCount) { workers.run($0) }
                }
            }
        }
        var segments: [Segment] = []
        for result in results {
            guard let segment = try result.get() else { return nil }
            segments.append(segment)
        }
        return file(segments)
    }

    /// The per-segment work, handed to other threads: each call writes only its own result slot
    /// and only reads the pixels, so sharing it is safe though the compiler can't prove it.
    private struct Workers: @unchecked Sendable {
        let run: (Int) -> Void
    }

    /// One segment of rows, filtered and deflated.
    private struct Segment {
        var deflated: [UInt8]
        /// The Adler-32 of the filtered bytes, and how many there are.
        var adler: UInt32
        var length: Int
    }

    /// Filters and deflates `rows`; the stream ends with a sync flush unless it is the last.
    private func segment(_ rows: Range<Int>, isLast: Bool, source: RowSource) throws -> Segment? {
        let bpp = colorType.channels
        let rowBytes = width * bpp
        let batchRows = max(1, (256 << 10) / (rowBytes + 1))
        // Two rows with `bpp` zero bytes in front (the left neighbours of the first pixel), a
        // scratch row for trying filters, and a batch of filtered rows for zlib.
        let paddedRow = bpp + rowBytes
        let batchBytes = batchRows * (rowBytes + 1)
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 * paddedRow + batchBytes)
        defer { memory.deallocate() }
        memory.initialize(repeating: 0, count: 3 * paddedRow + batchBytes)
        var above = memory + bpp
        var row = above + paddedRow
        let scratch = row + paddedRow
        let batch = scratch + rowBytes

        let deflater = try Deflater(
            level: tuning.level, strategy: tuning.runLengthOnly ? .runLength : .standard,
            expectedOutput: rows.count * (rowBytes + 1) / 8)
        let candidates = tuning.filters.candidates
        var adler: UInt32 = 1
        var filled = 0
        if rows.lowerBound > 0, !source(rows.lowerBound - 1, above) { return nil }
        for y in rows {
            guard source(y, row) else { return nil }
            RowFilter.apply(
                candidates, row: row, above: above, count: rowBytes, bpp: bpp, into: batch + filled, scratch: scratch)
            filled += rowBytes + 1
            swap(&above, &row)
            let isLastRow = y == rows.upperBound - 1
            if filled + rowBytes + 1 > batchBytes || isLastRow {
                let bytes = UnsafeRawBufferPointer(start: batch, count: filled)
                adler = ZLib.adler32(bytes, continuing: adler)
                try deflater.compress(bytes, flush: isLastRow ? (isLast ? .finish : .sync) : .none)
                filled = 0
            }
        }
        return Segment(deflated: deflater.takeOutput(), adler: adler, length: rows.count * (rowBytes + 1))
    }

    /// The PNG file: signature, IHDR, one IDAT a segment (the zlib header in the first, the
    /// Adler-32 in the last) and IEND.
    private func file(_ segments: [Segment]) -> [UInt8] {
        var adler = segments[0].adler
        for segment in segments.dropFirst() {
            adler = ZLib.adler32(combining: adler, segment.adler, secondLength: segment.length)
        }
        // CMF 0x78: deflate with a 32 KiB window; FLG carries the level class and a check value.
        let levelClass: UInt16 = tuning.level == 1 ? 0 : tuning.level < 6 ? 1 : tuning.level == 6 ? 2 : 3
        var header: UInt16 = 0x7800 | levelClass << 6
        header += 31 - header % 31
        let trailer = bigEndian(adler)

        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out.reserveCapacity(64 + segments.reduce(6) { $0 + $1.deflated.count + 12 })
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [8, colorType.rawValue, 0, 0, 0]
        appendChunk("IHDR", [ihdr], to: &out)
        for (index, segment) in segments.enumerated() {
            let prefix = index == 0 ? [UInt8(header >> 8), UInt8(header & 0xFF)] : []
            let suffix = index == segments.count - 1 ? trailer : []
            appendChunk("IDAT", [prefix, segment.deflated, suffix], to: &out)
        }
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// Appends a chunk whose data is `parts` one after the other.
    private func appendChunk(_ type: String, _ parts: [[UInt8]], to out: inout [UInt8]) {
        out += bigEndian(UInt32(parts.reduce(0) { $0 + $1.count }))
        let start = out.count
        out += Array(type.utf8)
        for part in parts { out += part }
        let crc = out.withUnsafeBytes { ZLib.crc32(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        out += bigEndian(crc)
    }

    private func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// The PNG row filters (RFC 2083 §6) and the cheap estimate that picks one, 16 bytes at a time.
enum RowFilter {
    /// Writes the filter type byte and the filtered `row` to `out` (`count + 1` bytes), the
    /// candidate filter with the smallest estimate, using `scratch` (`count` bytes) to try them. `row` and `above` have `bpp` readable zero
    /// bytes in front of them.
    static func apply(
        _ candidates: [UInt8], row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bpp: Int,
        into out: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>
    ) {
        // The best so far sits in `out + 1`; each other candidate is tried in `scratch`.
        var bestType = candidates[0]
        var bestCost = filter(bestType, row, above, count, bpp, into: out + 1)
        for type in candidates.dropFirst() {
            let cost = filter(type, row, above, count, bpp, into: scratch)
            if cost < bestCost {
                bestCost = cost
                bestType = type
                (out + 1).update(from: scratch, count: count)
            }
        }
        out[0] = bestType
    }

    private typealias Bytes = SIMD16<UInt8>
    private typealias Wide = SIMD16<Int16>

    /// Filters `row` with filter `type` into `target` and returns the sum of the filtered bytes
    /// read as signed magnitudes (libpng's estimate: smaller usually deflates better).
    @inline(__always)
    private static func filter(
        _ type: UInt8, _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
        into target: UnsafeMutablePointer<UInt8>
    ) -> Int {
        switch type {
        case 0: return run(row, above, count, bpp, target, vector: { x, _, _, _ in x }, scalar: { x, _, _, _ in x })
        case 1: return run(row, above, count, bpp, target, vector: { x, a, _, _ in x &- a }, scalar: { x, a, _, _ in x &- a })
        case 2: return run(row, above, count, bpp, target, vector: { x, _, b, _ in x &- b }, scalar: { x, _, b, _ in x &- b })
        case 3:
            return run(
                row, above, count, bpp, target,
                vector: { x, a, b, _ in x &- ((a & b) &+ ((a ^ b) &>> 1)) },
                scalar: { x, a, b, _ in x &- UInt8((UInt16(a) + UInt16(b)) >> 1) })
        default:
            return run(
                row, above, count, bpp, target, vector: { x, a, b, c in x &- paeth(a, b, c) },
                scalar: { x, a, b, c in x &- paeth(a, b, c) })
        }
    }

    /// Applies `vector` 16 bytes at a time, then `scalar` to the rest; both take the raw byte,
    /// its left, upper and upper-left neighbours and return the filtered byte.
    @inline(__always)
    private static func run(
        _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
        _ target: UnsafeMutablePointer<UInt8>, vector: (Bytes, Bytes, Bytes, Bytes) -> Bytes,
        scalar: (UInt8, UInt8, UInt8, UInt8) -> UInt8
    ) -> Int {
        let source = UnsafeRawPointer(row)
        let upper = UnsafeRawPointer(above)
        var sums = SIMD16<UInt32>()
        var i = 0
        while i + 16 <= count {
            let filtered = vector(
                source.loadUnaligned(fromByteOffset: i, as: Bytes.self),
                source.loadUnaligned(fromByteOffset: i - bpp, as: Bytes.self),
                upper.loadUnaligned(fromByteOffset: i, as: Bytes.self),
                upper.loadUnaligned(fromByteOffset: i - bpp, as: Bytes.self))
            UnsafeMutableRawPointer(target).storeBytes(of: filtered, toByteOffset: i, as: Bytes.self)
            sums &+= SIMD16<UInt32>(truncatingIfNeeded: pointwiseMin(filtered, 0 &- filtered))
            i += 16
        }
        var sum = Int(sums.wrappedSum())
        while i < count {
            let filtered = scalar(row[i], row[i - bpp], above[i], above[i - bpp])
            target[i] = filtered
            sum += Int(min(filtered, 0 &- filtered))
            i += 1
        }
        return sum
    }

    /// The Paeth predictor: whichever of left, above and upper-left is closest to
    /// left + above - upper-left, ties going in that order. Masks are built with shifts and
    /// selections with `&` and `|`, which compile to vector code; `replacing(with:where:)` doesn't.
    @inline(__always)
    private static func paeth(_ left: Bytes, _ above: Bytes, _ upperLeft: Bytes) -> Bytes {
        let a = Wide(truncatingIfNeeded: left)
        let b = Wide(truncatingIfNeeded: above)
        let c = Wide(truncatingIfNeeded: upperLeft)
        let bc = b &- c
        let ac = a &- c
        let pa = magnitude(bc)
        let pb = magnitude(ac)
        let pc = magnitude(bc &+ ac)
        // All ones where x < y; the values are within ±1020, so the difference never overflows.
        func less(_ x: Wide, _ y: Wide) -> Wide { (x &- y) &>> 15 }
        let useAbove = ~less(pc, pb)
        let useLeft = ~less(pb, pa) & ~less(pc, pa)
        let predictor = (a & useLeft) | (((b & useAbove) | (c & ~useAbove)) & ~useLeft)
        return Bytes(truncatingIfNeeded: predictor)
    }

    @inline(__always)
    private static func magnitude(_ value: Wide) -> Wide {
        let sign = value &>> 15
        return (value ^ sign) &- sign
    }

    @inline(__always)
    private static func paeth(_ left: UInt8, _ above: UInt8, _ upperLeft: UInt8) -> UInt8 {
        let a = Int16(left)
        let b = Int16(above)
        let c = Int16(upperLeft)
        let pa = abs(b - c)
        let pb = abs(a - c)
        let pc = abs(a + b - 2 * c)
        return pa <= pb && pa <= pc ? left : pb <= pc ? above : upperLeft
    }
}
