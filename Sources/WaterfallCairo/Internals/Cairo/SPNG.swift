// Every libspng call lives in this file, behind `SPNG`. No context leaves it; every status is
// checked and becomes a `CairoError`.

import CWaterfallCairo
import WaterfallCore

/// PNG decoding through libspng, for the plain files Waterfall writes: 8-bit RGB or RGBA.
///
/// Twice as fast as libpng's simplified API on rendered pages (`waterfall diff` spent 98% of
/// its time decoding). Files it is not sure to decode exactly as libpng does (other depths and
/// color types, gamma, color profiles, transparency chunks) are left to `LibPNG`.
enum SPNG {
    /// True when `bytes` is a PNG that `decode` gives the same pixels for as libpng.
    ///
    /// Reads only chunk headers: an 8-bit RGB or RGBA IHDR, and no chunk that changes how the
    /// samples read (gAMA, cHRM, sRGB, iCCP, sBIT, tRNS, PLTE).
    static func canDecode(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 33, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            return false
        }
        // IHDR data: width, height, bit depth (byte 24), color type (25), interlace (28).
        guard bytes[12...15].elementsEqual("IHDR".utf8), bytes[24] == 8, bytes[25] == 2 || bytes[25] == 6,
            bytes[28] == 0
        else { return false }
        let changesSamples: Set<String> = ["gAMA", "cHRM", "sRGB", "iCCP", "sBIT", "tRNS", "PLTE"]
        var offset = 8
        while offset + 8 <= bytes.count {
            let length =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if changesSamples.contains(type) { return false }
            if type == "IEND" { return true }
            offset += 12 + length
        }
        return false
    }

    /// Decodes an 8-bit RGB or RGBA PNG (see `canDecode`) to straight 8-bit RGBA.
    static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        guard let context = spng_ctx_new(0) else { throw CairoError.pngDecoding(reason: "libspng: out of memory") }
        defer { spng_ctx_free(context) }
        return try bytes.withUnsafeBytes { source in
            try check(spng_set_png_buffer(context, source.baseAddress, source.count))
            var header = spng_ihdr()
            try check(spng_get_ihdr(context, &header))
            let width = Int(header.width)
            let height = Int(header.height)
            guard let byteCount = Limits.rgbaBytes(width: width, height: height) else {
                throw CairoError.imageTooLarge(width: width, height: height)
            }
            var decodedSize = 0
            try check(spng_decoded_image_size(context, Int32(SPNG_FMT_RGBA8.rawValue), &decodedSize))
            guard decodedSize == byteCount else {
                throw CairoError.pngDecoding(reason: "libspng: unexpected decoded size \(decodedSize)")
            }
            var status: Int32 = 0
            // Every byte is written by the decoder, so the buffer is not zeroed first.
            let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
                status = spng_decode_image(
                    context, buffer.baseAddress, byteCount, Int32(SPNG_FMT_RGBA8.rawValue), 0)
                if status != 0 { buffer.initialize(repeating: 0) }
                count = byteCount
            }
            try check(status)
            return PixelImage(width: width, height: height, pixels: pixels)
        }
    }

    private static func check(_ status: Int32) throws {
        guard status != 0 else { return }
        let message = spng_strerror(status).map { String(cString: $0) } ?? "error \(status)"
        throw CairoError.pngDecoding(reason: "libspng: \(message)")
    }
}
