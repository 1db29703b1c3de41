import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallTestSupport

/// Reading a PNG a segment of rows at a time gives the rows decoding it whole gives, and
/// anything it cannot read so is left to whole decoding.
@Suite(.tags(.slow)) struct PNGRowReaderTests {
    /// Flat boxes on a flat background with noise in a band: long zero runs and rows that are not.
    static func picture(width: Int, height: Int, translucent: Bool) -> PixelImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                let inBox = (x / 37 + y / 53) % 3 == 0
                let noisy = y % 97 < 5
                let value = noisy ? UInt8(truncatingIfNeeded: (x &* 7919) ^ (y &* 104_729)) : inBox ? 60 : 235
                pixels[index] = value
                pixels[index + 1] = inBox ? 120 : value
                pixels[index + 2] = 200
                pixels[index + 3] = translucent ? UInt8(truncatingIfNeeded: 128 + x % 100) : 255
            }
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// Reads `bytes` in steps of `step` rows, checking each step's rows against `whole`.
    static func read(_ bytes: [UInt8], step: Int, against whole: PixelImage) -> Bool {
        guard let reader = PNGCodec.rowReader(bytes) else { return false }
        #expect(reader.width == whole.width && reader.height == whole.height)
        let rowBytes = whole.width * 4
        var y = 0
        while y < whole.height {
            let end = min(y + step, whole.height)
            guard reader.advance(keeping: max(y - 2, 0), through: end + 2) else { return false }
            for row in max(y - 2, 0)..<min(end + 2, whole.height) {
                // Compared as memory: an array slice's `==` goes a byte at a time through generic
                // code in the unoptimized test build, most of this suite's time.
                let same = whole.pixels.withUnsafeBytes { pixels in
                    memcmp(reader.origin + row * rowBytes, pixels.baseAddress! + row * rowBytes, rowBytes) == 0
                }
                #expect(same, "row \(row)")
            }
            y = end
        }
        return reader.finish()
    }

    @Test func segmentsGiveTheRowsOfWholeDecoding() throws {
        // 1,000 × 800 is several of the writer's one-megabyte segments
        for (width, height) in [(1000, 800), (333, 1500), (1, 3000), (3000, 1)] {
            for translucent in [false, true] {
                let image = Self.picture(width: width, height: height, translucent: translucent)
                let bytes = try PNGCodec.encode(image)
                #expect(try PNGCodec.decode(bytes) == image)
                for step in [1, 5, 256, 5000] {
                    #expect(Self.read(bytes, step: step, against: image), "\(width)×\(height) step \(step)")
                }
            }
        }
    }

    @Test func oneStreamOverAllChunksIsLeftToWholeDecoding() throws {
        var scene = try PNGEncoderFixtures.photoCards(height: 600)
        scene.scale = 2
        var files: [[UInt8]] = []
        try CairoRenderer.renderPNG(scene, maxTileHeight: 2000, encoder: .cairo) { _, bytes in files.append(bytes) }
        for bytes in files {
            let whole = try PNGCodec.decode(bytes)
            #expect(!Self.read(bytes, step: 64, against: whole))
        }
    }

    @Test func damagedFilesAreNotRead() throws {
        let image = Self.picture(width: 1000, height: 800, translucent: false)
        let bytes = try PNGCodec.encode(image)
        #expect(PNGCodec.rowReader(Array(bytes.prefix(bytes.count / 2))) == nil)
        var badCRC = bytes
        badCRC[bytes.count / 2] ^= 0x40
        #expect(PNGCodec.rowReader(badCRC) == nil)
        // a changed sample with its chunk's CRC made right: the Adler-32 (or inflating) fails
        var changed = bytes
        let chunk = Self.chunks(changed).first { $0.type == "IDAT" && $0.data.count > 1000 }!
        changed[chunk.data.lowerBound + chunk.data.count / 2] ^= 0x01
        Self.fixCRC(&changed, chunk)
        #expect(throws: (any Error).self) { try PNGCodec.decode(changed) }
        #expect(!Self.read(changed, step: 300, against: image))
    }

    struct Chunk {
        var type: String
        var start: Int
        var data: Range<Int>
    }

    static func chunks(_ bytes: [UInt8]) -> [Chunk] {
        var result: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            result.append(Chunk(type: type, start: offset, data: (offset + 8)..<(offset + 8 + length)))
            offset += 12 + length
        }
        return result
    }

    static func fixCRC(_ bytes: inout [UInt8], _ chunk: Chunk) {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes[(chunk.start + 4)..<chunk.data.upperBound] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        crc = ~crc
        for k in 0..<4 { bytes[chunk.data.upperBound + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * k)) }
    }
}
