import Foundation
import Testing
@_spi(Benchmark) @_spi(Testing) import WaterfallCairo
import WaterfallCore

/// The libdeflate path for plain PNGs against libpng: the same pixels for every file it takes.
@Suite struct PNGDecodingPathTests {
    @Test func fastDecodingGivesLibPNGsPixelsForWrittenImages() throws {
        for (width, height) in [(1, 1), (3, 7), (701, 203), (64, 2000)] {
            for translucent in [false, true] {
                let image = PNGEncoderFixtures.noise(width: width, height: height, translucent: translucent)
                let bytes = try PNGCodec.encode(image)
                let fast = try PNGCodec.decode(bytes)
                #expect(try fast == PNGCodec.decodeWithLibPNG(bytes), "\(width)×\(height) \(translucent)")
                #expect(fast == image)
            }
        }
    }

    @Test func fastDecodingGivesLibPNGsPixelsForRenderedTilesAndExampleImages() throws {
        var scene = try PNGEncoderFixtures.photoCards(height: 600)
        scene.scale = 2
        var files: [[UInt8]] = []
        try CairoRenderer.renderPNG(scene, maxTileHeight: 500) { _, bytes in files.append(bytes) }
        // Cairo's writer (libpng) uses all five filter types, None and Average included.
        try CairoRenderer.renderPNG(scene, maxTileHeight: 700, encoder: .cairo) { _, bytes in files.append(bytes) }
        for name in ["meadow.png", "night.png"] {
            files.append(
                Array(
                    try Data(contentsOf: URL(fileURLWithPath: PNGEncoderFixtures.repository("Examples/images/\(name)")))
                ))
        }
        for (index, bytes) in files.enumerated() {
            #expect(try PNGCodec.decode(bytes) == PNGCodec.decodeWithLibPNG(bytes), "file \(index)")
        }
    }

    /// Flat boxes over a flat background, staggered like cards, with stray pixels: rows whose
    /// Sub and Paeth filters leave long runs of zeros, next to runs that are not, at every offset.
    @Test func fastDecodingGivesLibPNGsPixelsForFlatBoxesWithStrayPixels() throws {
        for (width, height, seed) in [(5, 9, 1), (97, 61, 2), (403, 257, 3)] as [(Int, Int, UInt32)] {
            for translucent in [false, true] {
                let image = Self.boxes(width: width, height: height, seed: seed, translucent: translucent)
                let bytes = try PNGCodec.encode(image)
                let fast = try PNGCodec.decode(bytes)
                #expect(fast == image, "\(width)×\(height) \(translucent)")
                #expect(try fast == PNGCodec.decodeWithLibPNG(bytes), "\(width)×\(height) \(translucent)")
            }
        }
    }

    private static func boxes(width: Int, height: Int, seed: UInt32, translucent: Bool) -> PixelImage {
        var state = seed &* 0x9E37_79B9 | 1
        func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return Int(state % UInt32(bound))
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        func paint(_ x: Int, _ y: Int, _ color: [UInt8]) {
            let index = (y * width + x) * 4
            for k in 0..<4 { pixels[index + k] = color[k] }
        }
        let background: [UInt8] = [240, 241, 242, translucent ? 200 : 255]
        for y in 0..<height { for x in 0..<width { paint(x, y, background) } }
        for _ in 0..<(width * height / 300 + 3) {
            let color = [UInt8(next(256)), UInt8(next(256)), UInt8(next(256)), translucent ? UInt8(next(256)) : 255]
            let x0 = next(width)
            let y0 = next(height)
            for y in y0..<min(height, y0 + 1 + next(40)) {
                for x in x0..<min(width, x0 + 1 + next(60)) { paint(x, y, color) }
            }
        }
        for _ in 0..<(width * height / 50 + 1) {
            paint(next(width), next(height), [UInt8(next(256)), 7, 9, translucent ? 128 : 255])
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    @Test func damagedFilesFailOnBothPaths() throws {
        let bytes = try PNGCodec.encode(PNGEncoderFixtures.noise(width: 50, height: 50, translucent: false))
        var damaged = bytes
        damaged[damaged.count / 2] ^= 0xFF
        #expect(throws: (any Error).self) { try PNGCodec.decode(damaged) }
        #expect(throws: (any Error).self) { try PNGCodec.decodeWithLibPNG(damaged) }
        #expect(throws: (any Error).self) { try PNGCodec.decode(Array(bytes.prefix(bytes.count - 20))) }
    }

    @Test func sizeIsReadFromTheHeaderOfWellFormedFilesOnly() throws {
        let bytes = try PNGCodec.encode(PNGEncoderFixtures.noise(width: 37, height: 11, translucent: true))
        #expect(PNGCodec.size(of: bytes)?.width == 37)
        #expect(PNGCodec.size(of: bytes)?.height == 11)
        var badCRC = bytes
        badCRC[20] ^= 1
        #expect(PNGCodec.size(of: badCRC) == nil)
        #expect(PNGCodec.size(of: Array(bytes.dropLast())) == nil)
        #expect(PNGCodec.size(of: Array(bytes.dropFirst())) == nil)
        // A header claiming more pixels than decoding takes is left to decoding, to refuse.
        var header = try PNGFormat.Header(file: bytes)
        (header.width, header.height) = (0xFFFF_FFFF, 0xFFFF_FFFF)
        let huge = PNGFormat.signature + PNGFormat.chunk("IHDR", header.data) + bytes[PNGFormat.headerLength...]
        #expect(PNGCodec.size(of: huge) == nil)
        #expect(throws: (any Error).self) { try PNGCodec.decode(huge) }
    }
}

/// The one-pass, sampled filter choice against filtering each row with every candidate in turn.
@Suite struct RowFilterPathTests {
    @Test func onePassFilterChoiceGivesTheSamePixelsInAsFewBytes() throws {
        var images = [PNGEncoderFixtures.noise(width: 301, height: 97, translucent: false)]
        images.append(PNGEncoderFixtures.noise(width: 5, height: 40, translucent: true))
        // Flat areas and repeated rows, as on rendered cards: rows equal to the one above.
        var pixels = [UInt8](repeating: 255, count: 203 * 120 * 4)
        for y in 0..<120 where y % 17 < 9 {
            for x in (y % 7)..<(203 - y % 5) { pixels[(y * 203 + x) * 4] = UInt8(truncatingIfNeeded: x * 3 + y / 17) }
        }
        images.append(PixelImage(width: 203, height: 120, pixels: pixels))
        var scene = try PNGEncoderFixtures.photoCards(height: 300)
        scene.scale = 2
        images.append(try CairoRenderer.rasterize(scene))
        for (index, image) in images.enumerated() {
            let (onePass, eachInTurn) = try PNGEncoderComparison.oneFilterPassAndEachFilterInTurn(image)
            #expect(try PNGCodec.decode(onePass) == image, "image \(index)")
            #expect(try PNGCodec.decode(eachInTurn) == image, "image \(index)")
            // Sampling the rows to choose a filter costs at most a few percent of size.
            #expect(Double(onePass.count) <= Double(eachInTurn.count) * 1.05, "image \(index)")
        }
    }
}
