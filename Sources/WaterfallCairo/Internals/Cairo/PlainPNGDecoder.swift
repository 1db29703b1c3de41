// Every libdeflate decompressor call and the C unfiltering loop of `wf_png_unfilter_rgba` live
// in this file, behind `PlainPNGDecoder`, and in PNGRowReader.swift (the same, a segment at a time). No C object leaves it; every status is checked and
// becomes a `CairoError`.

import CWaterfallCairo
import CWaterfallPixels
import WaterfallCore

/// PNG decoding for the plain files Waterfall writes (8-bit RGB or RGBA, not interlaced): the
/// IDAT chunks inflated at once by libdeflate, then unfiltered in C.
///
/// `waterfall diff` spent 98% of its time decoding with libpng, most of it in zlib's inflate,
/// which copies the long distance-1 matches of run-length compressed rows a byte at a time;
/// libdeflate inflates the same stream twenty times faster. Files it is not sure to decode as
/// libpng does (other depths and color types, interlacing, gamma, color profiles,
/// transparency chunks) are left to `LibPNG`.
enum PlainPNGDecoder {
    /// True when `bytes` is a PNG that `decode` gives the same pixels for as libpng.
    static func canDecode(_ bytes: [UInt8]) -> Bool {
        header(bytes) != nil
    }

    /// The header of `bytes` when it is a PNG that `decode` gives the same pixels for as libpng.
    ///
    /// Reads only chunk headers: an 8-bit RGB or RGBA IHDR without interlacing, sides of at most
    /// 1,000,000 pixels, and no chunk
    /// that changes how the samples read (gAMA, cHRM, sRGB, iCCP, sBIT, tRNS, PLTE).
    static func header(_ bytes: [UInt8]) -> PNGFormat.Header? {
        guard bytes.count > PNGFormat.headerLength, let header = try? PNGFormat.Header(file: bytes),
            header.bitDepth == 8, header.colorType == 2 || header.colorType == 6, header.compression == 0,
            header.filter == 0, header.interlace == 0
        else { return nil }
        // Sizes libpng refuses (past its default limit of 1,000,000 a side) are left to it, to
        // refuse with its own message.
        guard (1...1_000_000).contains(header.width), (1...1_000_000).contains(header.height) else { return nil }
        let changesSamples: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "tRNS", "PLTE"]
        var chunks = PNGFormat.ChunkReader(bytes, crc: nil)
        do {
            while let chunk = try chunks.next() {
                if changesSamples.contains(chunk.type) { return nil }
                if chunk.type == "IEND" { return header }
            }
        } catch {
            // The scan ends at IEND, whole or cut short: `decode` refuses a broken one itself.
            return error.chunkType == "IEND" ? header : nil
        }
        return nil
    }

    /// Decodes a plain PNG (see `canDecode`) to straight 8-bit RGBA, checking every chunk's CRC
    /// and the stream's Adler-32.
    static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        guard let header = header(bytes) else { throw failure("not an 8-bit RGB or RGBA PNG without interlacing") }
        let width = header.width
        let height = header.height
        let channels = header.colorType == 6 ? 4 : 3
        guard let byteCount = Limits.rgbaBytes(width: width, height: height) else {
            throw CairoError.imageTooLarge(width: width, height: height)
        }
        let compressed = try idatData(bytes)
        let filteredCount = height * (width * channels + 1)
        // The rows are inflated into the end of the pixel buffer and unfiltered forward into its
        // start: a pixel is written only where every row byte has been read (4 bytes of RGBA
        // are never more than the 3 or 4 bytes a pixel and the type byte a row they replace), so
        // no second buffer of a page's size is faulted in. 8 bytes of slack after the rows give
        // the unfiltering loop's word reads room.
        let capacity = max(byteCount, filteredCount) + 64
        let offset = capacity - filteredCount - 8
        var status = LIBDEFLATE_SUCCESS
        var produced = 0
        var known: Int32 = 0
        let pixels = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let base = buffer.baseAddress!
            (base + offset + filteredCount).initialize(repeating: 0, count: 8)
            guard let decompressor = libdeflate_alloc_decompressor() else {
                status = LIBDEFLATE_BAD_DATA
                return
            }
            defer { libdeflate_free_decompressor(decompressor) }
            status = compressed.withUnsafeBytes { source in
                libdeflate_zlib_decompress(
                    decompressor, source.baseAddress, source.count, base + offset, filteredCount, &produced)
            }
            guard status == LIBDEFLATE_SUCCESS, produced == filteredCount else { return }
            known = wf_png_unfilter_rgba(base + offset, width, height, channels, base)
            if known != 0 { count = byteCount }
        }
        guard status == LIBDEFLATE_SUCCESS, produced == filteredCount else {
            throw failure(
                "the image data does not inflate to \(width)×\(height) pixels (libdeflate status \(status.rawValue))")
        }
        guard known != 0 else { throw failure("a row has an unknown filter type") }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// Where the IDAT chunks' data lie, in order, or nil when a chunk's length or CRC is wrong
    /// or the file ends before IEND.
    static func idatRanges(_ bytes: [UInt8]) -> [Range<Int>]? {
        try? idatChunks(bytes).map(\.indices)
    }

    /// The IDAT chunks' data joined, after checking every chunk's length and CRC up to IEND.
    private static func idatData(_ bytes: [UInt8]) throws -> [UInt8] {
        do throws(PNGFormatError) {
            return try idatChunks(bytes).reduce(into: []) { $0 += $1 }
        } catch {
            switch error {
            case .chunkRunsPastEnd: throw failure("a chunk runs past the end of the file")
            case .chunkDamaged: throw failure("a chunk's CRC is wrong")
            default: throw failure("the file ends before its IEND chunk")
            }
        }
    }

    /// The IDAT chunks' data in order, every chunk's length and CRC checked up to IEND.
    private static func idatChunks(_ bytes: [UInt8]) throws(PNGFormatError) -> [ArraySlice<UInt8>] {
        var chunks = PNGFormat.ChunkReader(bytes, crc: .libdeflate)
        var data: [ArraySlice<UInt8>] = []
        while let chunk = try chunks.next() {
            if chunk.type == "IDAT" { data.append(chunk.data) }
            if chunk.type == "IEND" { return data }
        }
        throw .chunkCutShort(type: nil, offset: bytes.count)
    }

    private static func failure(_ reason: String) -> CairoError {
        CairoError.pngDecoding(reason: reason)
    }
}
