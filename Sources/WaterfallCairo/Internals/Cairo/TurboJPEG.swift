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
            guard let byteCount = Limits.rgbaBytes(width: Int(width), height: Int(height)) else {
                throw CairoError.imageTooLarge(width: Int(width), height: Int(height))
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
