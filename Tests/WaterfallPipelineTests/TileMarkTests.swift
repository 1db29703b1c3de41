import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallTestSupport

/// A tile's mark goes into the staged file in pieces, the PNG never copied, and the file has the
/// bytes the mark spliced into a copy used to give.
@Suite struct TileMarkTests {
    /// A small PNG as the renderer writes them.
    static func png() throws -> [UInt8] {
        try PNGCodec.encode(PixelImage(width: 3, height: 2, color: Color(red: 10, green: 20, blue: 30)))
    }

    /// The CRC-32 of PNG chunks, bit by bit: the twin of the table-driven one the mark uses.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// `png` with the mark's `iTXt` chunk spliced in after IHDR by copying, as it used to be made.
    static func spliced(_ png: [UInt8], name: String, index: Int) -> [UInt8] {
        func word(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(value >> $0 & 0xFF) } }
        let typed =
            Array("iTXt".utf8) + Array("waterfall-tile".utf8) + [0, 0, 0, 0, 0] + Array("\(index) \(name)".utf8)
        let chunk = word(UInt32(typed.count - 4)) + typed + word(crc32(typed))
        return Array(png[..<33]) + chunk + Array(png[33...])
    }

    @Test func thePiecesAreTheSplicedFile() throws {
        let png = try Self.png()
        for (name, index) in [("shop", 1), ("a-b", 12), ("商店", 3)] {
            let pieces = TileMark.marking(png, name: name, index: index)
            #expect(pieces.count == 3)
            let joined = pieces.flatMap { $0 }
            #expect(joined == Self.spliced(png, name: name, index: index), "\(name)")
            #expect(TileMark.read(joined).map { [$0.name, "\($0.index)"] } == [name, "\(index)"])
            #expect(try PNGCodec.decode(joined) == PNGCodec.decode(png))
        }
        #expect(TileMark.marking([1, 2, 3], name: "x", index: 1).flatMap { $0 } == [1, 2, 3])
    }

    @Test func aStagedTileHasTheSplicedBytesAndAPictureItsOwn() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let png = try Self.png()
        var files = SpecFiles(folder: folder, name: "shop", spec: "shop.yaml")
        try files.add(RenderedFile(suffix: "-2", bytes: png), format: .png)
        try files.add(RenderedFile(suffix: "", bytes: png), format: .png, stem: "whole")
        #expect(try files.commit(claims: OutputClaims()) == ["shop-2.png", "whole.png"])
        let tile = try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/shop-2.png")))
        #expect(tile == Self.spliced(png, name: "shop", index: 2))
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/whole.png"))) == png)
    }
}
