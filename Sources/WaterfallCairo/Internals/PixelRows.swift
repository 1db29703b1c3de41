/// Converts rows of Cairo's pixels, 32-bit native-endian words with premultiplied alpha in the
/// high byte, to the byte order PNG and `RasterImage` use.
enum PixelRows {
    /// Writes `width` RGB pixels to `target`; false as soon as a pixel is not opaque, unless
    /// `ignoringAlpha` (Cairo's RGB24, whose high byte is unused).
    @inline(__always)
    static func rgb(
        fromNativeARGB source: UnsafeRawPointer, width: Int, ignoringAlpha: Bool, into target: UnsafeMutablePointer<UInt8>
    ) -> Bool {
        var alphas: UInt32 = 0xFF00_0000
        var out = target
        for x in 0..<width {
            let argb = source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            alphas &= argb
            out[0] = UInt8(truncatingIfNeeded: argb >> 16)
            out[1] = UInt8(truncatingIfNeeded: argb >> 8)
            out[2] = UInt8(truncatingIfNeeded: argb)
            out += 3
        }
        return ignoringAlpha || alphas == 0xFF00_0000
    }

    /// Writes `width` straight RGBA pixels to `target`, unpremultiplied and rounded as Cairo's own
    /// PNG writer does.
    static func rgba(fromPremultipliedARGB source: UnsafeRawPointer, width: Int, into target: UnsafeMutablePointer<UInt8>) {
        var out = target
        for x in 0..<width {
            let argb = source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            let alpha = UInt8(truncatingIfNeeded: argb >> 24)
            out[0] = unpremultiply(argb >> 16, alpha)
            out[1] = unpremultiply(argb >> 8, alpha)
            out[2] = unpremultiply(argb, alpha)
            out[3] = alpha
            out += 4
        }
    }

    /// `channel × 255 / alpha`, rounded; the low byte of `channel` is used.
    @inline(__always)
    private static func unpremultiply(_ channel: UInt32, _ alpha: UInt8) -> UInt8 {
        let value = channel & 0xFF
        switch alpha {
        case 0: return 0
        case 255: return UInt8(value)
        default: return UInt8(min(255, (value * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
    }
}
