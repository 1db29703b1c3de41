/// Sizes Cairo and the decoders can handle, and the memory bounds of rendering.
enum Limits {
    /// Cairo's largest image surface side, in device pixels.
    static let maxSurfaceSide = 32767
    /// The most pixels a decoded image may have (1 GiB of RGBA).
    static let maxImagePixels = 1 << 28
    /// The most bytes of one PNG tile's surface (256 MiB); taller pages are cut into more tiles.
    ///
    /// A tile is also at most 32,767 rows, so pages up to 2,048 device pixels wide (1,024 points
    /// at 2×) keep the 32,767-row tiles they always had; wider ones get shorter tiles.
    static let maxTileBytes = 256 << 20
    /// The most bytes of decoded images, and apart of pre-rendered image layers, kept between
    /// uses (256 MiB each); past it they are made again when needed.
    static let maxCachedImageBytes = 256 << 20
    /// The rows of the bands a card image's layer is cut into when it is too large to keep
    /// whole: 2,048 rows of at most 32,767 pixels are at most 256 MiB.
    static let imageBandRows = 2048
    /// The tallest PDF page, in points: PDF viewers' limit (PDF 1.7, annex C).
    ///
    /// Taller content continues on further pages of the same document.
    static let maxPDFPageHeight = 14_400.0
    /// The largest page side a PDF or PNG is drawn at, in points or device pixels: Cairo's
    /// coordinates are 32-bit.
    static let maxPageSide = Double(Int32.max)
    /// The most device pixels one picture (a PNG and its tiles, a screen, a check's drawing) may
    /// have: 2^32, 16 GiB of RGBA drawn a tile at a time.
    ///
    /// Every other bound holds a page's sides, not its area: a 1,000,000-point-wide page at scale
    /// 16 with one card 130,000,000 points tall was within them and drew tiles for hours. 2^32
    /// is far past any real feed (1,290 pixels wide, a phone at 3×, by 3.3 million pixels tall:
    /// 1.1 million points of cards) and draws in minutes.
    static let maxPicturePixels = 1 << 32

    /// The bytes of a `width` × `height` RGBA image, or `nil` if it is empty or too large.
    ///
    /// Too large is more than `maxImagePixels` pixels. Never overflows.
    static func rgbaBytes(width: Int, height: Int) -> Int? {
        guard width > 0, height > 0 else { return nil }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxImagePixels else { return nil }
        return pixels * 4
    }
}

extension Double {
    /// A whole number of pixels or points for a message, without trapping on huge values.
    var countDescription: String {
        guard isFinite, abs(self) < 1e15 else { return "\(self)" }
        return "\(Int(self.rounded(.up)))"
    }
}
