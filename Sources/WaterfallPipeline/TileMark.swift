import WaterfallCairo

/// The mark a PNG tile carries: which spec's picture it is part of, and which part.
///
/// A tile is a file named `NAME-K.png`, and a user's `shop-2023.png` or another spec's
/// `a-1.png` can have that name too. Only a file whose mark names the spec is ever replaced or
/// removed as a tile, so a render never deletes a file that is not its own.
public enum TileMark {
    static let keyword = "waterfall-tile"

    /// The bytes of every PNG before the mark: the signature and the IHDR chunk.
    static let headerLength = 33

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
        var data = Array(keyword.utf8) + [0, 0, 0, 0, 0]
        data += Array("\(index) \(name)".utf8)
        var chunk: [UInt8] = []
        let length = UInt32(data.count)
        chunk += [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        let typed = Array("iTXt".utf8) + data
        chunk += typed
        let crc = typed.withUnsafeBytes { ZLib.crc32($0) }
        chunk += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return chunk
    }

    /// The spec name and tile index a PNG's first bytes are marked with, or `nil` for any other file.
    public static func read(_ prefix: [UInt8]) -> (name: String, index: Int)? {
        let start = headerLength
        guard prefix.count > start + 8 else { return nil }
        let length = prefix[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) }
        guard Array(prefix[(start + 4)..<(start + 8)]) == Array("iTXt".utf8), start + 8 + length <= prefix.count
        else { return nil }
        let data = Array(prefix[(start + 8)..<(start + 8 + length)])
        let head = Array(keyword.utf8) + [0, 0, 0, 0, 0]
        guard data.starts(with: head) else { return nil }
        let text = String(decoding: data[head.count...], as: UTF8.self)
        guard let space = text.firstIndex(of: " "), let index = Int(text[..<space]) else { return nil }
        return (String(text[text.index(after: space)...]), index)
    }
}
