import Foundation
import WaterfallCairo
import WaterfallCore
import XCTest

/// libspng's fast path for plain PNGs against libpng: the same pixels for every file it takes.
final class PNGDecodingPathTests: XCTestCase {
    func testFastDecodingGivesLibPNGsPixelsForWrittenImages() throws {
        for (width, height) in [(1, 1), (3, 7), (701, 203), (64, 2000)] {
            for translucent in [false, true] {
                let image = PNGEncoderFixtures.noise(width: width, height: height, translucent: translucent)
                let bytes = try PNGCodec.encode(image)
                let fast = try PNGCodec.decode(bytes)
                XCTAssertEqual(fast, try PNGCodec.decodeWithLibPNG(bytes), "\(width)×\(height) \(translucent)")
                XCTAssertEqual(fast, image)
            }
        }
    }

    func testFastDecodingGivesLibPNGsPixelsForRenderedTilesAndExampleImages() throws {
        var scene = try PNGEncoderFixtures.photoCards(height: 600)
        scene.scale = 2
        var files: [[UInt8]] = []
        try CairoRenderer.renderPNG(scene, maxTileHeight: 500) { _, bytes in files.append(bytes) }
        for name in ["meadow.png", "night.png"] {
            files.append(Array(try Data(contentsOf: URL(fileURLWithPath: repository("Examples/images/\(name)")))))
        }
        for (index, bytes) in files.enumerated() {
            XCTAssertEqual(try PNGCodec.decode(bytes), try PNGCodec.decodeWithLibPNG(bytes), "file \(index)")
        }
    }

    private func repository(_ path: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(path).path
    }

    func testDamagedFilesFailOnBothPaths() throws {
        let bytes = try PNGCodec.encode(PNGEncoderFixtures.noise(width: 50, height: 50, translucent: false))
        var damaged = bytes
        damaged[damaged.count / 2] ^= 0xFF
        XCTAssertThrowsError(try PNGCodec.decode(damaged))
        XCTAssertThrowsError(try PNGCodec.decodeWithLibPNG(damaged))
        XCTAssertThrowsError(try PNGCodec.decode(Array(bytes.prefix(bytes.count - 20))))
    }

    func testSizeIsReadFromTheHeaderOfWellFormedFilesOnly() throws {
        let bytes = try PNGCodec.encode(PNGEncoderFixtures.noise(width: 37, height: 11, translucent: true))
        XCTAssertEqual(PNGCodec.size(of: bytes)?.width, 37)
        XCTAssertEqual(PNGCodec.size(of: bytes)?.height, 11)
        var badCRC = bytes
        badCRC[20] ^= 1
        XCTAssertNil(PNGCodec.size(of: badCRC))
        XCTAssertNil(PNGCodec.size(of: Array(bytes.dropLast())))
        XCTAssertNil(PNGCodec.size(of: Array(bytes.dropFirst())))
    }
}
