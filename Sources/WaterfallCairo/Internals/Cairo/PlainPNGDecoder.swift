// Every libdeflate decompressor call and the C unfiltering loop of `wf_png_unfilter_rgba` live
// in this file, behind `PlainPNGDecoder`, and in PNGRowReader.swift (the same, a segment at a time). No C object leaves it; every status is checked and
// becomes a `CairoError`.

import CWaterfallCairo
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
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// True when `bytes` is a PNG that `decode` gives the same pixels for as libpng.
    ///
    /// Reads only chunk headers: an 8-bit RGB or RGBA IHDR without interlacing, sides of at most
    /// 1,000,000 pixels, and no chunk
    /// that changes how the samples read (gAMA, cHRM, sRGB, iCCP, sBIT, tRNS, PLTE).
    static func canDecode(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 33, bytes.starts(with: signature), bytes[12..<16].elementsEqual("IHDR".utf8),
            bytes[24] == 8, bytes[25] == 2 || bytes[25] == 6, bytes[26] == 0, bytes[27] == 0, bytes[28] == 0
        else { return false }
        // Sizes libpng refuses (past its default limit of 1,000,000 a side) are left to it, to
        // refuse with its own message.
        guard (1...1_000_000).contains(word(bytes, at: 16)), (1...1_000_000).contains(word(bytes, at: 20)) else {
            return false
        }
        let changesSamples: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "tRNS", "PLTE"]
        var offset = 8
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if changesSamples.contains(type) { return false }
            if type == "IEND" { return true }
            offset += 12 + word(bytes, at: offset)
        }
        return false
    }

    /// Decodes a plain PNG (see `canDecode`) to straight 8-bit RGBA, checking every chunk's CRC
    /// and the stream's Adler-32.
    static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        guard canDecode(bytes) else { throw failure("not an 8-bit RGB or RGBA PNG without interlacing") }
        let width = word(bytes, at: 16)
        let height = word(bytes, at: 20)
        let channels = bytes[25] == 6 ? 4 : 3
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
        var ranges: [Range<Int>] = []
        var offset = 8
        while true {
            guard offset + 12 <= bytes.count else { return nil }
            let length = word(bytes, at: offset)
            guard length <= bytes.count - offset - 12 else { return nil }
            let crc = bytes.withUnsafeBytes {
                ZLib.crc32(UnsafeRawBufferPointer(rebasing: $0[(offset + 4)..<(offset + 8 + length)]))
            }
            guard crc == UInt32(word(bytes, at: offset + 8 + length)) else { return nil }
            let type = bytes[(offset + 4)..<(offset + 8)]
            if type.elementsEqual("IDAT".utf8) { ranges.append((offset + 8)..<(offset + 8 + length)) }
            if type.elementsEqual("IEND".utf8) { return ranges }
            offset += 12 + length
        }
    }

    /// The IDAT chunks' data joined, after checking every chunk's length and CRC up to IEND.
    private static func idatData(_ bytes: [UInt8]) throws -> [UInt8] {
        var data: [UInt8] = []
        var offset = 8
        while true {
            guard offset + 12 <= bytes.count else { throw failure("the file ends before its IEND chunk") }
            let length = word(bytes, at: offset)
            guard length <= bytes.count - offset - 12 else { throw failure("a chunk runs past the end of the file") }
            let crc = bytes.withUnsafeBytes {
                ZLib.crc32(UnsafeRawBufferPointer(rebasing: $0[(offset + 4)..<(offset + 8 + length)]))
            }
            guard crc == UInt32(word(bytes, at: offset + 8 + length)) else { throw failure("a chunk's CRC is wrong") }
            let type = bytes[(offset + 4)..<(offset + 8)]
            if type.elementsEqual("IDAT".utf8) { data += bytes[(offset + 8)..<(offset + 8 + length)] }
            if type.elementsEqual("IEND".utf8) { return data }
            offset += 12 + length
        }
    }

    /// The big-endian 32-bit number at `offset` (bounds checked by the caller).
    static func word(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }

    private static func failure(_ reason: String) -> CairoError {
        CairoError.pngDecoding(reason: reason)
    }
}
