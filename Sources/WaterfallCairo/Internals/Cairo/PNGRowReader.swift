import CWaterfallCairo
import CWaterfallPixels
import WaterfallCore

/// A plain PNG (see `PNGCodec.decode`) decoded top to bottom a segment of rows at a time into a
/// small window, for reading a page without holding its pixels whole.
///
/// Waterfall's writer deflates a page in independent segments of about a megabyte, one IDAT
/// chunk each, every one but the last ending with a sync flush. Each chunk is then a deflate
/// stream of its own once a final empty block is put after it, which libdeflate inflates into a
/// buffer of one segment's size. Files made otherwise (one stream over all chunks, as libpng
/// writes them) fail at the first chunk; every failure leaves the file to `PNGCodec.decode`,
/// which accepts and refuses exactly the files it did. What this reader accepts decodes to
/// the same pixels: each chunk is inflated with nothing before it (a back-reference into an
/// earlier chunk fails), the zlib header is checked as libdeflate checks it, and the
/// Adler-32 of all the rows must be the file's.
///
/// Not for use from two threads at once.
public final class PNGRowReader {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Rows decoded so far: rows `windowStart..<decodedRows` are readable.
    public private(set) var decodedRows = 0
    /// The first row still held.
    public private(set) var windowStart = 0

    private let bytes: [UInt8]
    private let channels: Int
    /// The IDAT chunks' data, the zlib header left out of the first.
    private let chunks: [Range<Int>]
    private var nextChunk = 0
    private var adler: UInt32 = 1
    private var complete = false
    private var failed = false
    private let decompressor: OpaquePointer
    /// One chunk and the final empty block put after it.
    private var input: UnsafeMutableRawBufferPointer
    /// One segment's filtered rows, with 8 bytes of slack for the unfiltering loop's word reads.
    private var filtered: UnsafeMutableRawBufferPointer
    /// RGBA rows from `windowStart`.
    private var window: UnsafeMutableRawBufferPointer

    /// A reader for `bytes`, or nil when it is not a plain PNG whose chunks are well formed or
    /// does not start with a zlib header libdeflate takes.
    init?(_ bytes: [UInt8]) {
        guard let header = PlainPNGDecoder.header(bytes), let chunks = PlainPNGDecoder.idatRanges(bytes),
            let first = chunks.first, first.count >= 2
        else { return nil }
        let width = header.width
        let height = header.height
        guard Limits.rgbaBytes(width: width, height: height) != nil else { return nil }
        // RFC 1950: deflate, a window of at most 32 KiB, no preset dictionary, a valid check
        let cmf = Int(bytes[first.lowerBound])
        let flg = Int(bytes[first.lowerBound + 1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf * 256 + flg) % 31 == 0, flg & 0x20 == 0 else { return nil }
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        self.decompressor = decompressor
        self.bytes = bytes
        self.width = width
        self.height = height
        channels = header.colorType == 6 ? 4 : 3
        self.chunks = [(first.lowerBound + 2)..<first.upperBound] + chunks.dropFirst()
        input = .allocate(byteCount: 0, alignment: 16)
        filtered = .allocate(byteCount: 0, alignment: 16)
        window = .allocate(byteCount: 0, alignment: 16)
    }

    deinit {
        libdeflate_free_decompressor(decompressor)
        input.deallocate()
        filtered.deallocate()
        window.deallocate()
    }

    /// Where row 0 would be: row `y` of the window is at `origin + y * width * 4`.
    public var origin: UnsafeRawPointer {
        UnsafeRawPointer(window.baseAddress!) - windowStart * width * 4
    }

    /// Decodes rows until `end` (at most `height`) are decoded, forgetting those above `keep`
    /// (the row above the next one to decode is always kept); false when the file cannot be
    /// read this way, now or before.
    public func advance(keeping keep: Int, through end: Int) -> Bool {
        while !failed && decodedRows < min(end, height) {
            failed = !decodeChunk(keeping: keep)
        }
        return !failed
    }

    /// Decodes whatever is left and checks the whole file: true when every row decoded and the
    /// checksum is the file's.
    public func finish() -> Bool {
        while !failed && nextChunk < chunks.count {
            failed = !decodeChunk(keeping: decodedRows)
        }
        return !failed && complete && decodedRows == height
    }

    private func decodeChunk(keeping keep: Int) -> Bool {
        guard nextChunk < chunks.count, !complete else { return false }
        let chunk = chunks[nextChunk]
        let isLast = nextChunk == chunks.count - 1
        nextChunk += 1
        let rowBytes = width * channels + 1
        // a final empty block with fixed codes (BFINAL 1, BTYPE 01, end of block)
        let ending: [UInt8] = isLast ? [] : [0x03, 0x00]
        let inputCount = chunk.count + ending.count
        if input.count < inputCount { Self.grow(&input, to: inputCount) }
        bytes.withUnsafeBytes { source in
            input.baseAddress!.copyMemory(from: source.baseAddress! + chunk.lowerBound, byteCount: chunk.count)
        }
        for (index, byte) in ending.enumerated() { input[chunk.count + index] = byte }
        // no chunk inflates to more than the rows left: a bomb stops there
        let limit = (height - decodedRows) * rowBytes
        var capacity = max(min(limit, 1 << 20), min(filtered.count - 8, limit))
        var consumed = 0
        var produced = 0
        while true {
            if filtered.count < capacity + 8 { Self.grow(&filtered, to: capacity + 8) }
            let status = libdeflate_deflate_decompress_ex(
                decompressor, input.baseAddress, inputCount, filtered.baseAddress, capacity, &consumed, &produced)
            if status == LIBDEFLATE_SUCCESS { break }
            guard status == LIBDEFLATE_INSUFFICIENT_SPACE, capacity < limit else { return false }
            capacity = min(limit, capacity * 2)
        }
        guard produced % rowBytes == 0 else { return false }
        if isLast {
            guard chunk.count - consumed >= 4 else { return false }
            let stored = PNGFormat.uint32(bytes[...], at: chunk.lowerBound + consumed)
            adler = libdeflate_adler32(adler, filtered.baseAddress, produced)
            guard stored == adler else { return false }
            complete = true
        } else {
            guard consumed == inputCount else { return false }
            adler = libdeflate_adler32(adler, filtered.baseAddress, produced)
        }
        let rows = produced / rowBytes
        if rows == 0 { return true }
        makeRoom(keeping: keep, rows: rows)
        let target = window.baseAddress! + (decodedRows - windowStart) * width * 4
        filtered.baseAddress!.advanced(by: produced).initializeMemory(as: UInt8.self, repeating: 0, count: 8)
        let known = wf_png_unfilter_rgba_rows(
            filtered.baseAddress!.assumingMemoryBound(to: UInt8.self), width, rows, channels,
            target.assumingMemoryBound(to: UInt8.self), decodedRows > 0 ? 1 : 0)
        guard known != 0 else { return false }
        decodedRows += rows
        return true
    }

    /// Room in the window for `rows` more rows, keeping rows from `keep` (and the last row).
    private func makeRoom(keeping keep: Int, rows: Int) {
        let rowSize = width * 4
        let first = max(windowStart, min(keep, decodedRows - 1))
        let kept = decodedRows - max(first, windowStart)
        if first > windowStart {
            let base = window.baseAddress!
            (base).copyMemory(from: base + (first - windowStart) * rowSize, byteCount: kept * rowSize)
            windowStart = first
        }
        let needed = (kept + rows) * rowSize
        if window.count < needed { Self.grow(&window, to: needed, keeping: kept * rowSize) }
    }

    private static func grow(_ buffer: inout UnsafeMutableRawBufferPointer, to count: Int, keeping kept: Int = 0) {
        let larger = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, buffer.count * 3 / 2), alignment: 16)
        if kept > 0 { larger.baseAddress!.copyMemory(from: buffer.baseAddress!, byteCount: kept) }
        buffer.deallocate()
        buffer = larger
    }
}
