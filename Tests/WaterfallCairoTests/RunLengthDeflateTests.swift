import Testing
import WaterfallCore

@testable @_spi(Testing) import WaterfallCairo

/// The PNG writer's own run-length deflate and its vector row loops, against plain answers:
/// libpng must read back every picture, and the AVX2 loops must give the portable loops' bytes.
@Suite struct RunLengthDeflateTests {
    /// Pictures whose filtered rows are long runs, short runs, noise, or runs that cross the
    /// writer's batches, blocks and segments, each written with segments of a few hundred bytes
    /// (hundreds of sync-flushed streams joined) and with the standard 1 MiB.
    @Test(arguments: [
        (width: 1, height: 1), (width: 2, height: 3), (width: 1, height: 70_000), (width: 4_000, height: 64),
        (width: 301, height: 97),
    ])
    func libPNGReadsBackEveryPicture(width: Int, height: Int) throws {
        for picture in Picture.allCases {
            let image = picture.image(width: width, height: height)
            for segmentBytes in [300, 1 << 20] {
                var tuning = PNGWriter.Tuning.standard
                tuning.segmentBytes = segmentBytes
                let bytes = try PNGCodec.encode(image, tuning: tuning)
                let decoded = try PNGCodec.decodeWithLibPNG(bytes)
                #expect(decoded == image, "\(picture) \(width)×\(height), segments of \(segmentBytes) bytes")
            }
        }
    }

    /// A picture of one colour compresses to runs: 258 bytes a symbol, a few bits each.
    @Test func flatPicturesShrinkToRuns() throws {
        let image = Picture.flat.image(width: 2_048, height: 512)
        let bytes = try PNGCodec.encode(image)
        // 3 MiB of filtered rows; runs of 258 bytes are about 12 thousand symbols.
        #expect(bytes.count < 8_000, "\(bytes.count) bytes")
        #expect(try PNGCodec.decodeWithLibPNG(bytes) == image)
    }

    /// Noise can't be compressed: the output stays within 1% of the filtered bytes.
    @Test func noiseGrowsByLessThanOnePercent() throws {
        let image = Picture.noise.image(width: 1_000, height: 300)
        let bytes = try PNGCodec.encode(image)
        let filtered = 300 * (1_000 * 4 + 1)
        #expect(bytes.count < filtered + filtered / 100, "\(bytes.count) bytes for \(filtered)")
        #expect(try PNGCodec.decodeWithLibPNG(bytes) == image)
    }

    @Test(arguments: [1, 2, 7, 8, 9, 10, 11, 31, 100, 2_048])
    func vectorConversionGivesThePortableBytes(width: Int) {
        var generator = Xorshift(seed: UInt32(width))
        for opaque in [true, false] {
            // Cairo's words: alpha in the high byte; one translucent pixel at a varying place.
            var words = (0..<width).map { _ in generator.next() | 0xFF00_0000 }
            if !opaque { words[Int(generator.next()) % width] &= 0x7FFF_FFFF }
            var fast = [UInt8](repeating: 0xAA, count: width * 3)
            var plain = [UInt8](repeating: 0x55, count: width * 3)
            var fastOpaque = false
            var plainOpaque = false
            words.withUnsafeBytes { source in
                fastOpaque = PixelRows.rgb(
                    fromNativeARGB: source.baseAddress!, width: width, ignoringAlpha: false, into: &fast)
                plainOpaque = PixelRows.rgb(
                    fromNativeARGB: source.baseAddress!, width: width, ignoringAlpha: false, into: &plain,
                    portable: true)
            }
            let expected = words.flatMap { (word: UInt32) -> [UInt8] in
                [UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)]
            }
            #expect(fast == expected, "width \(width)")
            #expect(plain == expected, "width \(width)")
            #expect(fastOpaque == opaque && plainOpaque == opaque, "width \(width), opaque \(opaque)")
        }
    }

    /// Rows of flat stretches with edges, and noisy rows, at widths around the vector steps:
    /// the same filter type and bytes, and the bytes undo to the row.
    @Test(arguments: [3, 4])
    func vectorFilterGivesThePortableBytes(bpp: Int) {
        var generator = Xorshift(seed: UInt32(bpp))
        for count in [1, 15, 16, 17, 63, 64, 65, 255, 256, 257, 1_000, 6_144] {
            for kind in 0..<4 {
                let bytes = count * bpp
                // Zero bytes in front of each row: the left neighbours of the first pixel.
                var above = [UInt8](repeating: 0, count: bpp + bytes)
                var row = above
                for index in bpp..<(bpp + bytes) {
                    let random = UInt8(truncatingIfNeeded: generator.next())
                    above[index] = kind == 0 ? random : UInt8(index / 40 % 3 * 60)
                    row[index] =
                        kind == 1 ? above[index] : kind == 2 && random < 8 ? random : UInt8(index / 37 % 3 * 60)
                }
                var fast = [UInt8](repeating: 0, count: bytes + 1)
                var plain = [UInt8](repeating: 0, count: bytes + 1)
                row.withUnsafeBufferPointer { row in
                    above.withUnsafeBufferPointer { above in
                        RowKernel.filterSubUpOrPaeth(
                            row: row.baseAddress! + bpp, above: above.baseAddress! + bpp, count: bytes, bpp: bpp,
                            into: &fast)
                        RowKernel.filterSubUpOrPaeth(
                            row: row.baseAddress! + bpp, above: above.baseAddress! + bpp, count: bytes, bpp: bpp,
                            into: &plain, portable: true)
                    }
                }
                #expect(fast == plain, "\(count) pixels of \(bpp), kind \(kind)")
                #expect(
                    Self.unfilter(fast, above: Array(above[bpp...]), bpp: bpp) == Array(row[bpp...]),
                    "\(count) pixels of \(bpp), kind \(kind)")
            }
        }
    }

    /// Undoes a filtered row (type byte first) the plain way, RFC 2083 §6.
    private static func unfilter(_ filtered: [UInt8], above: [UInt8], bpp: Int) -> [UInt8] {
        var row = [UInt8](repeating: 0, count: filtered.count - 1)
        for index in row.indices {
            let a = index >= bpp ? Int(row[index - bpp]) : 0
            let b = Int(above[index])
            let c = index >= bpp ? Int(above[index - bpp]) : 0
            let prediction: Int
            switch filtered[0] {
            case 1: prediction = a
            case 2: prediction = b
            case 4:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                prediction = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
            default: prediction = 0
            }
            row[index] = UInt8(truncatingIfNeeded: Int(filtered[index + 1]) + prediction)
        }
        return row
    }
}

/// Pictures that stress different parts of the encoder.
private enum Picture: CaseIterable {
    /// One colour everywhere.
    case flat
    /// Staggered boxes: runs broken at their edges, as on a page of cards.
    case boxes
    /// Every byte random, translucent too.
    case noise
    /// Opaque, a gradient with a little noise, like a photo.
    case photo

    func image(width: Int, height: Int) -> PixelImage {
        var generator = Xorshift(seed: UInt32(width * 31 + height))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                let random = generator.next()
                let rgba: (UInt8, UInt8, UInt8, UInt8) =
                    switch self {
                    case .flat: (240, 242, 245, 255)
                    case .boxes:
                        (x + y / 7) % 50 < 30 && (y + x / 3) % 40 < 25
                            ? (200, 120, UInt8(y % 7 * 30), 255) : (250, 250, 250, 255)
                    case .noise:
                        (
                            UInt8(truncatingIfNeeded: random), UInt8(truncatingIfNeeded: random >> 8),
                            UInt8(truncatingIfNeeded: random >> 16), UInt8(truncatingIfNeeded: random >> 24)
                        )
                    case .photo:
                        (
                            UInt8(truncatingIfNeeded: x / 3 + Int(random & 7)), UInt8(truncatingIfNeeded: y / 2),
                            UInt8(truncatingIfNeeded: (x + y) / 5 + Int(random >> 8 & 3)), 255
                        )
                    }
                pixels[index] = rgba.0
                pixels[index + 1] = rgba.1
                pixels[index + 2] = rgba.2
                pixels[index + 3] = rgba.3
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }
}

/// A small deterministic generator (xorshift32).
private struct Xorshift {
    var state: UInt32

    init(seed: UInt32) { state = seed &* 0x9E37_79B9 | 1 }

    mutating func next() -> UInt32 {
        state ^= state << 13
        state ^= state >> 17
        state ^= state << 5
        return state
    }
}
