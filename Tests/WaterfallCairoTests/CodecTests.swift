import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallRender
import WaterfallSpec

/// PNG and JPEG in and out: round trips, and clear errors for bad bytes.
@Suite struct CodecTests {
    @Test func pNGRoundTripsTranslucentPixels() throws {
        var pixels: [UInt8] = []
        for index in 0..<(7 * 5) {
            pixels += [UInt8(index * 7 % 256), UInt8(index * 31 % 256), UInt8(255 - index), UInt8(index * 13 % 256)]
        }
        let image = PixelImage(width: 7, height: 5, pixels: pixels)
        let bytes = try PNGCodec.encode(image)
        #expect(PNGFormat.hasSignature(bytes))
        #expect(try PNGCodec.decode(bytes) == image)
    }

    @Test func pNGRoundTripsOpaquePixels() throws {
        let image = PixelImage(width: 3, height: 2, color: Color(red: 1, green: 2, blue: 3))
        let bytes = try PNGCodec.encode(image)
        #expect(bytes[25] == 2, "opaque images are written as RGB")
        #expect(try PNGCodec.decode(bytes) == image)
        #expect(try PNGCodec.encode(image) == bytes)
    }

    @Test func corruptPNGThrows() throws {
        let valid = try PNGCodec.encode(PixelImage(width: 8, height: 8, color: .white))
        var flipped = valid
        flipped[40] ^= 0xFF
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("not a PNG", Array("GIF89a not really".utf8)),
            ("truncated", Array(valid.prefix(valid.count / 2))),
            ("header only", Array(valid.prefix(8))),
            ("corrupt", flipped),
        ]
        for (name, bytes) in cases {
            let error = #expect(throws: (any Error).self, "\(name)") { try PNGCodec.decode(bytes) }
            if let error { #expect("\(error)".hasPrefix("Cannot decode PNG data: "), "\(name): \(error)") }
        }
    }

    @Test func encodingRejectsMismatchedSizes() {
        #expect(throws: CairoError.invalidRasterImage(width: 2, height: 2, byteCount: 3)) {
            try PNGCodec.encode(PixelImage(width: 2, height: 2, pixels: [0, 0, 0]))
        }
    }

    @Test func imageDecoderReadsPNGAndJPEGAndNamesBadFiles() throws {
        let png = try PNGCodec.encode(PixelImage(width: 2, height: 1, color: .black))
        #expect(
            try ImageDecoder.decode(SceneImage(path: "a.png", format: .png, data: png, pixelWidth: 2, pixelHeight: 1))
                == PixelImage(width: 2, height: 1, color: .black))
        let jpeg = try ImageDecoder.decode(
            SceneImage(path: "b.jpg", format: .jpeg, data: JPEGFixture.twoHalves, pixelWidth: 16, pixelHeight: 16))
        #expect(jpeg.width == 16)
        let pngAsJPEG = #expect(throws: (any Error).self) {
            try ImageDecoder.decode(SceneImage(path: "c.jpg", format: .jpeg, data: png, pixelWidth: 2, pixelHeight: 1))
        }
        if let pngAsJPEG {
            #expect(
                "\(pngAsJPEG)".hasPrefix("Cannot draw the image 'c.jpg': Cannot decode JPEG data: "), "\(pngAsJPEG)")
        }
        let jpegAsPNG = #expect(throws: (any Error).self) {
            try ImageDecoder.decode(
                SceneImage(path: "d.png", format: .png, data: JPEGFixture.twoHalves, pixelWidth: 16, pixelHeight: 16))
        }
        if let jpegAsPNG { #expect("\(jpegAsPNG)".contains("'d.png'"), "\(jpegAsPNG)") }
    }
}
