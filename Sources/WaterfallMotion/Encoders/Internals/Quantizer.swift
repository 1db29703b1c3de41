// Every libimagequant call is in this file, behind `Quantizer`; every status is checked and
// becomes a one-line `ClipError` naming the file.

import CWaterfallMotion
import WaterfallCore

/// An image as indices into a palette of at most 256 colours.
struct IndexedImage: Sendable {
    /// The palette: red, green and blue of each colour, 3 bytes a colour.
    var palette: [UInt8]
    /// One index a pixel, top row first.
    var indices: [UInt8]
}

/// Palettes for GIF frames, made by libimagequant: one for each image, or one for many from their
/// colours added up in a histogram.
///
/// It runs libimagequant on the calling thread alone at a fixed speed, so that the same images
/// give the same palettes and indices on every run and every machine (see
/// `wf_liq_single_thread`).
final class Quantizer {
    private let attributes: OpaquePointer
    private let dithering: Float
    private let name: String
    /// Whether a large image's palette is made from a sample of its pixels (``sampleStep``).
    private let samplesLargeImages: Bool
    private var histogram: OpaquePointer?
    /// The palette made from the histogram, which every image is then mapped to.
    private var shared: OpaquePointer?

    /// libimagequant's speed, 1 (best) to 10 (fastest), for palettes mapped to without dithering.
    ///
    /// Speed 7 is the fastest that keeps every colour's bits (8 and up round them off first). On
    /// 10-photo-feed's clip its frames were 0.004 levels (of 255) further from the exact ones than
    /// at speed 4, its default (0.178 against 0.173 on average), in 13 % less time.
    static let speed: Int32 = 7
    /// The speed when dithering: libimagequant's default, the fastest at which it makes a dither
    /// map (on one thread), which keeps edges and flat colours clean of the dither's noise.
    static let ditheringSpeed: Int32 = 4
    /// How sparsely a large image's colours are sampled for its palette: every fourth pixel of
    /// every fourth row.
    ///
    /// A sixteenth of the pixels make the palette; every pixel is then mapped to it. On the same
    /// clip this cost another 0.007 levels (0.185; ffmpeg's palettes are 0.25 off) for a third less
    /// time; every second pixel of every second row cost 0.005 levels for a fifth less, every third
    /// of every third the same error as every fourth.
    static let sampleStep = 4
    /// Images of fewer pixels are not sampled: all of them make the palette.
    static let smallestSampled = 1 << 16

    /// A quantizer that dithers (Floyd–Steinberg, full strength) or maps each pixel to its nearest
    /// colour; `name` is what errors call the file.
    init(dither: Bool, name: String, samplesLargeImages: Bool = true) throws {
        self.name = name
        self.samplesLargeImages = samplesLargeImages
        dithering = dither ? 1 : 0
        // Before `liq_set_speed`, which reads the thread count.
        wf_liq_single_thread()
        guard let attributes = liq_attr_create() else {
            throw ClipError.library(
                file: name, library: .libimagequant, problem: "libimagequant could not start (no memory)")
        }
        self.attributes = attributes
        try check(liq_set_speed(attributes, dither ? Self.ditheringSpeed : Self.speed), "set its speed")
        try check(liq_set_max_colors(attributes, 256), "allow 256 colours")
    }

    deinit {
        if let shared { liq_result_destroy(shared) }
        if let histogram { liq_histogram_destroy(histogram) }
        liq_attr_destroy(attributes)
    }

    /// `image` in a palette made for it alone, from a sample of its pixels when it is large
    /// (``sampleStep``).
    func quantize(_ image: PixelImage) throws -> IndexedImage {
        guard let histogram = liq_histogram_create(attributes) else {
            throw ClipError.library(
                file: name, library: .libimagequant,
                problem: "libimagequant could not start a histogram (no memory)")
        }
        defer { liq_histogram_destroy(histogram) }
        try withImage(samplesLargeImages ? Self.sample(of: image) : image) { handle in
            wf_liq_single_thread()
            try check(liq_histogram_add_image(histogram, attributes, handle), "count a frame's colours")
        }
        var result: OpaquePointer?
        wf_liq_single_thread()
        try check(liq_histogram_quantize(histogram, attributes, &result), "make a palette")
        guard let result else {
            throw ClipError.library(file: name, library: .libimagequant, problem: "libimagequant made no palette")
        }
        defer { liq_result_destroy(result) }
        return try withImage(image) { try remap($0, image, with: result) }
    }

    /// Every ``sampleStep``-th pixel of every ``sampleStep``-th row of `image`, or all of it when
    /// it has fewer than ``smallestSampled`` pixels.
    static func sample(of image: PixelImage) -> PixelImage {
        guard image.width * image.height >= smallestSampled else { return image }
        let width = (image.width + sampleStep - 1) / sampleStep
        let height = (image.height + sampleStep - 1) / sampleStep
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                wf_sample_pixels(source.baseAddress, image.width, image.height, sampleStep, target.baseAddress)
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// Adds the colours of `image`, or of a sample of its pixels when it is large (``sampleStep``),
    /// to the histogram the shared palette is made from.
    func addToHistogram(_ image: PixelImage) throws {
        let histogram: OpaquePointer
        if let existing = self.histogram {
            histogram = existing
        } else {
            guard let created = liq_histogram_create(attributes) else {
                throw ClipError.library(
                    file: name, library: .libimagequant,
                    problem: "libimagequant could not start a histogram (no memory)")
            }
            histogram = created
            self.histogram = created
        }
        try withImage(samplesLargeImages ? Self.sample(of: image) : image) { handle in
            wf_liq_single_thread()
            try check(liq_histogram_add_image(histogram, attributes, handle), "count a frame's colours")
        }
    }

    /// Makes the shared palette from the colours added to the histogram, and returns it (red,
    /// green and blue of each colour).
    func makeSharedPalette() throws -> [UInt8] {
        guard let histogram else { throw ClipError.misuse(file: name, problem: .noColours) }
        var result: OpaquePointer?
        wf_liq_single_thread()
        try check(liq_histogram_quantize(histogram, attributes, &result), "make a palette")
        guard let result else {
            throw ClipError.library(file: name, library: .libimagequant, problem: "libimagequant made no palette")
        }
        try check(liq_set_dithering_level(result, dithering), "set dithering")
        shared = result
        liq_histogram_destroy(histogram)
        self.histogram = nil
        return Self.palette(of: result)
    }

    /// `image` in the shared palette (``makeSharedPalette()`` first).
    ///
    /// The palette it comes with is the shared one, unless libimagequant adjusted it for this image
    /// (it may, refining colours as it dithers); then it is that image's own.
    func remapToSharedPalette(_ image: PixelImage) throws -> IndexedImage {
        guard let shared else { throw ClipError.misuse(file: name, problem: .noSharedPalette) }
        return try withImage(image) { try remap($0, image, with: shared) }
    }

    /// The pixels of `image` (as `handle`) mapped to the palette of `result`.
    private func remap(_ handle: OpaquePointer, _ image: PixelImage, with result: OpaquePointer) throws
        -> IndexedImage
    {
        try check(liq_set_dithering_level(result, dithering), "set dithering")
        var indices = [UInt8](repeating: 0, count: image.width * image.height)
        wf_liq_single_thread()
        let status = indices.withUnsafeMutableBytes {
            liq_write_remapped_image(result, handle, $0.baseAddress!, $0.count)
        }
        try check(status, "map a frame to its palette")
        // Read after mapping: with dithering the palette is final only then.
        return IndexedImage(palette: Self.palette(of: result), indices: indices)
    }

    /// Runs `body` with `image` as a libimagequant image, which reads its pixels in place.
    private func withImage<Value>(_ image: PixelImage, _ body: (OpaquePointer) throws -> Value) throws -> Value {
        try image.pixels.withUnsafeBytes { pixels in
            // Gamma 0: sRGB.
            guard
                let handle = liq_image_create_rgba(
                    attributes, pixels.baseAddress!, Int32(image.width), Int32(image.height), 0)
            else {
                throw ClipError.library(
                    file: name, library: .libimagequant,
                    problem: "libimagequant refused a frame of \(image.width) × \(image.height)")
            }
            defer { liq_image_destroy(handle) }
            return try body(handle)
        }
    }

    /// The palette of `result`, 3 bytes a colour.
    private static func palette(of result: OpaquePointer) -> [UInt8] {
        guard let palette = liq_get_palette(result) else { return [] }
        let count = min(Int(palette.pointee.count), 256)
        return withUnsafeBytes(of: palette.pointee.entries) { entries in
            var colours: [UInt8] = []
            colours.reserveCapacity(count * 3)
            for index in 0..<count {
                colours += [entries[index * 4], entries[index * 4 + 1], entries[index * 4 + 2]]
            }
            return colours
        }
    }

    private func check(_ status: liq_error, _ action: String) throws {
        guard status != LIQ_OK else { return }
        let reason =
            switch status {
            case LIQ_OUT_OF_MEMORY: "no memory"
            case LIQ_QUALITY_TOO_LOW: "the quality asked for cannot be reached"
            case LIQ_VALUE_OUT_OF_RANGE: "a value out of range"
            case LIQ_UNSUPPORTED: "not supported"
            default: "error \(status.rawValue)"
            }
        throw ClipError.library(
            file: name, library: .libimagequant, problem: "libimagequant could not \(action) (\(reason))")
    }
}
