import WaterfallCairo
import WaterfallCore
import WaterfallRender
import WaterfallSpec
import XCTest

final class CodecTests: XCTestCase {
    func testPNGRoundTripsTranslucentPixels() throws {
        var pixels: [UInt8] = []
        for index in 0..<(7 * 5) {
            pixels += [UInt8(index * 7 % 256), UInt8(index * 31 % 256), UInt8(255 - index), UInt8(index * 13 % 256)]
        }
        let image = PixelImage(width: 7, height: 5, pixels: pixels)
        let bytes = try PNGCodec.encode(image)
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(try PNGCodec.decode(bytes), image)
    }

    func testPNGRoundTripsOpaquePixels() throws {
        let image = PixelImage(width: 3, height: 2, color: Color(red: 1, green: 2, blue: 3))
        let bytes = try PNGCodec.encode(image)
        XCTAssertEqual(bytes[25], 2, "opaque images are written as RGB")
        XCTAssertEqual(try PNGCodec.decode(bytes), image)
        XCTAssertEqual(try PNGCodec.encode(image), bytes)
    }

    func testCorruptPNGThrows() throws {
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
            XCTAssertThrowsError(try PNGCodec.decode(bytes), name) { error in
                XCTAssertTrue("\(error)".hasPrefix("Cannot decode PNG data: "), "\(name): \(error)")
            }
        }
    }

    func testEncodingRejectsMismatchedSizes() {
        XCTAssertThrowsError(try PNGCodec.encode(PixelImage(width: 2, height: 2, pixels: [0, 0, 0]))) { error in
            XCTAssertEqual(error as? CairoError, .invalidRasterImage(width: 2, height: 2, byteCount: 3))
        }
    }

    func testImageDecoderReadsPNGAndJPEGAndNamesBadFiles() throws {
        let png = try PNGCodec.encode(PixelImage(width: 2, height: 1, color: .black))
        XCTAssertEqual(
            try ImageDecoder.decode(SceneImage(path: "a.png", format: .png, data: png, pixelWidth: 2, pixelHeight: 1)),
            PixelImage(width: 2, height: 1, color: .black))
        let jpeg = try ImageDecoder.decode(
            SceneImage(path: "b.jpg", format: .jpeg, data: JPEGFixture.twoHalves, pixelWidth: 16, pixelHeight: 16))
        XCTAssertEqual(jpeg.width, 16)
        XCTAssertThrowsError(
            try ImageDecoder.decode(SceneImage(path: "c.jpg", format: .jpeg, data: png, pixelWidth: 2, pixelHeight: 1))
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("Cannot draw the image 'c.jpg': Cannot decode JPEG data: "), "\(error)")
        }
        XCTAssertThrowsError(
            try ImageDecoder.decode(
                SceneImage(path: "d.png", format: .png, data: JPEGFixture.twoHalves, pixelWidth: 16, pixelHeight: 16))
        ) { error in
            XCTAssertTrue("\(error)".contains("'d.png'"), "\(error)")
        }
    }
}
