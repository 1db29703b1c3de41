import Dispatch
import Foundation
import WaterfallCore

/// Writes 8-bit RGB or RGBA PNG files quickly: the encoder behind PNG tiles and `PNGCodec.encode`.
///
/// Cairo's writer (libpng's defaults) tries all five PNG filters on every row and deflates at
/// level 6, effort that buys little on flat cards and text. This writer tries three filters
/// in plain C loops, deflates with runs only, and cuts the rows into segments compressed
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

    /// Fills `row` with row `y`'s pixels, `width × channels` bytes.
    ///
    /// Returns false when the row can't be written in this color type (a translucent pixel for
    /// RGB), which stops encoding. Called from several threads at once, for different rows.
    typealias RowSource = (_ y: Int, _ row: UnsafeMutablePointer<UInt8>) -> Bool

    let width: Int
    let height: Int
    let colorType: ColorType
    var tuning = Tuning.standard
    /// The rows of each segment when they must match a cut made elsewhere (the bands a tile was
    /// drawn in); from `tuning.segmentBytes` when `nil`.
    var rowsPerSegment: Int?

    /// How to filter and compress; `standard` is what the renderer uses.
    ///
    /// Measured on rendered pages (2 cores): run-length deflate with each row's best of Sub, Up
    /// and Paeth beats zlib level 1–3 with hash chains on size (flat cards are long runs of zero
    /// after filtering) at about the same speed; trying None and Average too costs time and buys
    /// nothing; 1 MiB segments keep both cores busy on small tiles for under 1% of size.
    /// libdeflate's own compressor at level 1 on the same rows (the benchmark's png group) was 5–27×
    /// slower, 13% larger on the long feed and 13% smaller on photo cards: run-length stays.
    struct Tuning: Equatable, Sendable {
        /// The zlib level, 1 (fastest) to 9, for hash chains; with runs only, just the level the
        /// zlib header names.
        var level = 1
        /// Deflate with runs only (`Deflater.Strategy.runLength`) instead of zlib's hash chains.
        var runLengthOnly = true
        /// Which filters each row chooses from.
        var filters = FilterSet.subUpOrPaeth
        /// About how many filtered bytes each independently compressed segment holds.
        var segmentBytes = 1 << 20
        /// Filter each row with every candidate in turn, as a check on the one-pass choice.
        var tryEachFilter = false
        /// Deflate all the filtered rows in one call to libdeflate's own compressor at `level`
        /// instead (one thread: it has no streaming to cut segments with); for the benchmark,
        /// which weighs it against the run-length encoder.
        var libdeflate = false

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

    /// How many rows each independently compressed segment holds.
    var segmentRows: Int { rowsPerSegment ?? max(1, tuning.segmentBytes / (width * colorType.channels + 1)) }

    /// The PNG file, or `nil` when `rows` refused a row.
    func encode(rows: RowSource) throws -> [UInt8]? {
        if tuning.libdeflate {
            try checkSize()
            return try encodeWithLibdeflate(rows: rows)
        }
        return try segments(rows: rows).map(file)
    }

    /// The image data alone, the zlib stream an IDAT chunk (or an animated PNG's fdAT) carries, or
    /// `nil` when `rows` refused a row.
    func zlibStream(rows: RowSource) throws -> [UInt8]? {
        guard let segments = try segments(rows: rows) else { return nil }
        var stream = zlibHeader
        stream.reserveCapacity(segments.reduce(6) { $0 + $1.deflated.count })
        for segment in segments { stream += segment.deflated }
        return stream + zlibTrailer(segments)
    }

    /// The image data as the smaller of two zlib streams from libdeflate's compressor at `level`,
    /// on the calling thread alone: the rows unfiltered, and the rows each with its best of Sub, Up
    /// and Paeth; `nil` when `rows` refused a row.
    ///
    /// Unfiltered rows keep photos' repeats byte for byte, which deflate's matches find, and
    /// filtered rows turn flat cards and gradients into runs of zero: which wins depends on the
    /// picture (measured on the examples' clips, each won on some).
    func smallestZlibStream(level: Int, rows: RowSource) throws -> [UInt8]? {
        try checkSize()
        let rowBytes = width * colorType.channels
        let (total, overflow) = height.multipliedReportingOverflow(by: rowBytes + 1)
        guard !overflow else {
            throw CairoError.pngEncoding(reason: "\(width)×\(height) is too large to filter at once")
        }
        var plain = [UInt8](repeating: 0, count: total)
        var filtered = [UInt8](repeating: 0, count: total)
        let complete = plain.withUnsafeMutableBufferPointer { plain in
            filtered.withUnsafeMutableBufferPointer { filtered in
                for y in 0..<height where !rows(y, plain.baseAddress! + y * (rowBytes + 1) + 1) { return false }
                return filter(0..<height, source: rows, into: filtered.baseAddress!)
            }
        }
        guard complete else { return nil }
        let unfiltered = try plain.withUnsafeBytes { try ZLib.libdeflateZlibStream($0, level: level) }
        let best = try filtered.withUnsafeBytes { try ZLib.libdeflateZlibStream($0, level: level) }
        return best.count < unfiltered.count ? best : unfiltered
    }

    private func checkSize() throws {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw CairoError.pngEncoding(reason: "\(width)×\(height) is not a size PNG can hold")
        }
    }

    /// The rows filtered and deflated in segments, on all cores; `nil` when `rows` refused a row.
    private func segments(rows: RowSource) throws -> [Segment]? {
        try checkSize()
        let segmentRows = self.segmentRows
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
                    WorkerPool.forEach(count: segmentCount, compress)
                }
            }
        }
        var segments: [Segment] = []
        for result in results {
            guard let segment = try result.get() else { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// The PNG file with all rows filtered (a segment a thread, as `encode` does) into one buffer
    /// and deflated by libdeflate in one call, or `nil` when `rows` refused a row.
    private func encodeWithLibdeflate(rows: RowSource) throws -> [UInt8]? {
        let rowBytes = width * colorType.channels
        let (total, overflow) = height.multipliedReportingOverflow(by: rowBytes + 1)
        guard !overflow else {
            throw CairoError.pngEncoding(reason: "\(width)×\(height) is too large to filter at once")
        }
        let segmentRows = self.segmentRows
        let segmentCount = (height + segmentRows - 1) / segmentRows
        var filtered = [UInt8](repeating: 0, count: total)
        var refused = [Bool](repeating: false, count: segmentCount)
        filtered.withUnsafeMutableBufferPointer { buffer in
            refused.withUnsafeMutableBufferPointer { refusals in
                let target = buffer.baseAddress!
                let flags = refusals
                withoutActuallyEscaping(rows) { rows in
                    WorkerPool.forEach(count: segmentCount) { index in
                        let range = (index * segmentRows)..<min(height, (index + 1) * segmentRows)
                        flags[index] = !self.filter(
                            range, source: rows, into: target + range.lowerBound * (rowBytes + 1))
                    }
                }
            }
        }
        guard !refused.contains(true) else { return nil }
        let stream = try filtered.withUnsafeBytes { try ZLib.libdeflateZlibStream($0, level: tuning.level) }
        var out = PNGFormat.signature
        PNGFormat.appendChunk("IHDR", header.data, crc: .libdeflate, to: &out)
        PNGFormat.appendChunk("IDAT", stream, crc: .libdeflate, to: &out)
        return out + PNGFormat.endChunk
    }

    /// Filters `rows` into `target` (a type byte and the row's bytes each), as `segment` does;
    /// false when `source` refused a row.
    private func filter(_ rows: Range<Int>, source: RowSource, into target: UnsafeMutablePointer<UInt8>) -> Bool {
        let bpp = colorType.channels
        let rowBytes = width * bpp
        let paddedRow = bpp + rowBytes
        let memory = zeroedBytes(2 * paddedRow)
        defer { memory.deallocate() }
        var above = memory + bpp
        var row = above + paddedRow
        if rows.lowerBound > 0, !source(rows.lowerBound - 1, above) { return false }
        for (offset, y) in rows.enumerated() {
            guard source(y, row) else { return false }
            RowKernel.filterSubUpOrPaeth(
                row: row, above: above, count: rowBytes, bpp: bpp, into: target + offset * (rowBytes + 1))
            swap(&above, &row)
        }
        return true
    }

    /// One segment of rows, filtered and deflated.
    struct Segment {
        var deflated: [UInt8]
        /// The Adler-32 of the filtered bytes, and how many there are.
        var adler: UInt32
        var length: Int
    }

    /// Filters and deflates `rows`; the stream ends with a sync flush unless it is the last.
    ///
    /// `source` is asked for the rows of `rows` and, unless it starts at 0, the row before it.
    func segment(_ rows: Range<Int>, isLast: Bool, source: RowSource) throws -> Segment? {
        let bpp = colorType.channels
        let rowBytes = width * bpp
        let batchRows = max(1, (256 << 10) / (rowBytes + 1))
        // Two rows with `bpp` zero bytes in front (the left neighbours of the first pixel), a
        // scratch row for trying filters, and a batch of filtered rows for zlib.
        let paddedRow = bpp + rowBytes
        let batchBytes = batchRows * (rowBytes + 1)
        let memory = zeroedBytes(3 * paddedRow + batchBytes)
        defer { memory.deallocate() }
        var above = memory + bpp
        var row = above + paddedRow
        let scratch = row + paddedRow
        let batch = scratch + rowBytes

        let deflater = try Deflater(
            level: tuning.level, strategy: tuning.runLengthOnly ? .runLength : .standard,
            expectedOutput: rows.count * (rowBytes + 1) / 8)
        let candidates = tuning.filters.candidates
        // The standard choice in one sampled pass in C (`wf_png_filter_sub_up_paeth`).
        let oneFilterPass = tuning.filters == .subUpOrPaeth && !tuning.tryEachFilter
        var adler: UInt32 = 1
        var filled = 0
        if rows.lowerBound > 0, !source(rows.lowerBound - 1, above) { return nil }
        for y in rows {
            guard source(y, row) else { return nil }
            if oneFilterPass {
                RowKernel.filterSubUpOrPaeth(row: row, above: above, count: rowBytes, bpp: bpp, into: batch + filled)
            } else {
                RowFilter.apply(
                    candidates, row: row, above: above, count: rowBytes, bpp: bpp, into: batch + filled,
                    scratch: scratch)
            }
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
    func file(_ segments: [Segment]) -> [UInt8] {
        let trailer = zlibTrailer(segments)
        var out = PNGFormat.signature
        out.reserveCapacity(64 + segments.reduce(6) { $0 + $1.deflated.count + 12 })
        PNGFormat.appendChunk("IHDR", header.data, crc: .libdeflate, to: &out)
        for (index, segment) in segments.enumerated() {
            let prefix = index == 0 ? zlibHeader : []
            let suffix = index == segments.count - 1 ? trailer : []
            PNGFormat.appendChunk("IDAT", prefix, segment.deflated, suffix, crc: .libdeflate, to: &out)
        }
        return out + PNGFormat.endChunk
    }

    /// The two bytes a zlib stream starts with.
    private var zlibHeader: [UInt8] {
        // CMF 0x78: deflate with a 32 KiB window; FLG carries the level class and a check value.
        let levelClass: UInt16 = tuning.level == 1 ? 0 : tuning.level < 6 ? 1 : tuning.level == 6 ? 2 : 3
        var header: UInt16 = 0x7800 | levelClass << 6
        header += 31 - header % 31
        return [UInt8(header >> 8), UInt8(header & 0xFF)]
    }

    /// The Adler-32 of all the segments' filtered bytes, which ends the zlib stream.
    private func zlibTrailer(_ segments: [Segment]) -> [UInt8] {
        var adler = segments[0].adler
        for segment in segments.dropFirst() {
            adler = ZLib.adler32(combining: adler, segment.adler, secondLength: segment.length)
        }
        return PNGFormat.bigEndian(adler)
    }

    /// The header: the size, 8 bits a channel, the color type, no interlacing.
    private var header: PNGFormat.Header {
        PNGFormat.Header(width: width, height: height, bitDepth: 8, colorType: colorType.rawValue)
    }
}

/// Picks each row's PNG filter (RFC 2083 §6): the candidate with the smallest sum of magnitudes.
enum RowFilter {
    /// Writes the filter type byte and `row` filtered by the best of `candidates` to `out`.
    ///
    /// `out` takes `count + 1` bytes; candidates are tried in `scratch` (`count` bytes). `row`
    /// and `above` have `bpp` readable zero bytes in front of them.
    static func apply(
        _ candidates: [UInt8], row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bpp: Int,
        into out: UnsafeMutablePointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>
    ) {
        // The best so far sits in `out + 1`; each other candidate is tried in `scratch`.
        var bestType = candidates[0]
        var bestCost = RowKernel.filter(bestType, row: row, above: above, count: count, bpp: bpp, into: out + 1)
        for type in candidates.dropFirst() {
            let cost = RowKernel.filter(type, row: row, above: above, count: count, bpp: bpp, into: scratch)
            if cost < bestCost {
                bestCost = cost
                bestType = type
                (out + 1).update(from: scratch, count: count)
            }
        }
        out[0] = bestType
    }
}

/// `count` bytes of zeros, for the caller to deallocate.
///
/// Zeroed with `memset`: `initialize(repeating:count:)` goes a byte at a time through generic code
/// in the unoptimized test build, where it was most of the time of writing a small PNG.
private func zeroedBytes(_ count: Int) -> UnsafeMutablePointer<UInt8> {
    let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
    memset(memory, 0, count)
    return memory
}
