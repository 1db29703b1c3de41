import CWaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// JPEG through TurboJPEG, which reports errors as return codes.
enum TurboJPEG {
    /// Decodes a baseline or progressive JPEG to RGBA with accurate DCT and smooth upsampling.
    ///
    /// Recoverable damage (such as a truncated file) decodes what is there, as browsers do.
    static func decode(_ bytes: [UInt8]) throws -> PixelImage {
        try decode(bytes, eighth: false)
    }

    /// Reads all of a JPEG as `decode` does, with the same errors, and draws it at an eighth of
    /// its size: the entropy-coded data is decoded whole either way, only the inverse DCT and the
    /// color conversion are done on 1/64 of the pixels.
    static func validate(_ bytes: [UInt8]) throws {
        _ = try decode(bytes, eighth: true)
    }

    /// The image at full size, or at an eighth of it (each side rounded up) for `eighth`; the size
    /// limit applies to the full size either way.
    private static func decode(_ bytes: [UInt8], eighth: Bool) throws -> PixelImage {
        guard let handle = tjInitDecompress() else {
            throw CairoError.jpegDecoding(reason: String(cString: tjGetErrorStr2(nil)))
        }
        defer { tjDestroy(handle) }
        func failure() -> CairoError { .jpegDecoding(reason: String(cString: tjGetErrorStr2(handle))) }

        return try bytes.withUnsafeBufferPointer { source in
            guard let base = source.baseAddress, !source.isEmpty else {
                throw CairoError.jpegDecoding(reason: "the data is empty")
            }
            var width: Int32 = 0
            var height: Int32 = 0
            var subsampling: Int32 = 0
            var colorspace: Int32 = 0
            guard
                tjDecompressHeader3(
                    handle, base, UInt(source.count), &width, &height, &subsampling, &colorspace) == 0
            else { throw failure() }
            guard width > 0, height > 0 else {
                throw CairoError.jpegDecoding(reason: "the header gives no image size")
            }
            guard var byteCount = Limits.rgbaBytes(width: Int(width), height: Int(height)) else {
                throw CairoError.imageTooLarge(width: Int(width), height: Int(height))
            }
            if eighth {
                // TurboJPEG scales to the largest size that fits in the one asked for: 1/8 here.
                width = (width + 7) / 8
                height = (height + 7) / 8
                byteCount = Int(width) * Int(height) * 4
            }
            var pixels = [UInt8](repeating: 0, count: byteCount)
            let result = pixels.withUnsafeMutableBufferPointer {
                tjDecompress2(
                    handle, base, UInt(source.count), $0.baseAddress, width, 0, height,
                    Int32(TJPF_RGBA.rawValue), TJFLAG_ACCURATEDCT)
            }
            if result != 0 && tjGetErrorCode(handle) != Int32(TJERR_WARNING.rawValue) {
                throw failure()
            }
            return PixelImage(width: Int(width), height: Int(height), pixels: pixels)
        }
    }
}
