import WaterfallCairo
import WaterfallCore

/// The mark a PNG tile carries: which spec's picture it is part of, and which part.
///
/// A tile is a file named `NAME-K.png`, and a user's `shop-2023.png` or another spec's
/// `a-1.png` can have that name too. Only a file whose mark names the spec is ever replaced or
/// removed as a tile, so a render never deletes a file that is not its own.
public enum TileMark {
    static let keyword = "waterfall-tile"

    /// The bytes of every PNG before the mark: the signature and the IHDR chunk.
    static let headerLength = PNGFormat.headerLength

    /// `png` with an `iTXt` chunk right after `IHDR` saying it is tile `index` (from 1) of `name`'s picture.
    ///
    /// The file comes as its pieces in order, `png`'s header, the chunk and the rest of `png`, so
    /// that nothing of `png` is copied. A file too short to have a header is one piece, as it is.
    public static func marking(_ png: [UInt8], name: String, index: Int) -> [ArraySlice<UInt8>] {
        guard png.count >= headerLength else { return [png[...]] }
        return [png[..<headerLength], chunk(name: name, index: index)[...], png[headerLength...]]
    }

    /// The `iTXt` chunk of the mark: its length, type, keyword and text, and CRC.
    static func chunk(name: String, index: Int) -> [UInt8] {
        PNGFormat.chunk(
            "iTXt", Array(keyword.utf8) + [0, 0, 0, 0, 0] + Array("\(index) \(name)".utf8), crc: .libdeflate)
    }

    /// The spec name and tile index a PNG's first bytes are marked with, or `nil` for any other file.
    public static func read(_ prefix: [UInt8]) -> (name: String, index: Int)? {
        // The CRC is not checked: a mark is read to decide whether a file is a tile, not to trust it.
        var chunks = PNGFormat.ChunkReader(prefix, at: headerLength, crc: nil)
        guard prefix.count > headerLength, let chunk = try? chunks.next(), chunk.type == "iTXt" else { return nil }
        let data = Array(chunk.data)
        let head = Array(keyword.utf8) + [0, 0, 0, 0, 0]
        guard data.starts(with: head) else { return nil }
        let text = String(decoding: data[head.count...], as: UTF8.self)
        guard let space = text.firstIndex(of: " "), let index = Int(text[..<space]) else { return nil }
        return (String(text[text.index(after: space)...]), index)
    }
}
