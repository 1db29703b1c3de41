/// Why bytes are not a PNG file's signature, header or chunks.
package enum PNGFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes do not start with the PNG signature.
    case notPNG
    /// The bytes end before the header chunk (IHDR) does.
    case headerCutShort
    /// The first chunk is not a 13-byte IHDR.
    case noHeader
    /// The bytes end inside the length, type or CRC of the chunk at `offset` (its type when it
    /// is there), or before a chunk that should be there.
    case chunkCutShort(type: String?, offset: Int)
    /// The length of the chunk at `offset` runs past the end of the bytes.
    case chunkRunsPastEnd(type: String, offset: Int)
    /// The CRC of the chunk at `offset` does not match its type and data.
    case chunkDamaged(type: String, offset: Int)

    /// The type of the chunk the error is about, when it was read.
    package var chunkType: String? {
        switch self {
        case .notPNG, .headerCutShort: nil
        case .noHeader: "IHDR"
        case .chunkCutShort(let type, _): type
        case .chunkRunsPastEnd(let type, _), .chunkDamaged(let type, _): type
        }
    }

    package var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .headerCutShort: "the PNG header is truncated"
        case .noHeader: "the PNG has no 13-byte header chunk (IHDR) first"
        case .chunkCutShort(let type, let offset):
            "the file ends in the middle of \(type.map { "the \($0) chunk" } ?? "a chunk") at byte \(offset)"
        case .chunkRunsPastEnd(let type, let offset):
            "the \(type) chunk at byte \(offset) runs past the end of the file"
        case .chunkDamaged(let type, let offset):
            "the \(type) chunk at byte \(offset) is damaged (its CRC does not match)"
        }
    }
}
