extension PNGFormat {
    /// A chunk of a PNG file, its data still in the file's bytes.
    package struct Chunk: Sendable {
        /// The 4-letter type, `IHDR`, `IDAT`, `IEND` and so on.
        package var type: String
        /// Where the chunk (its length field) starts in the file.
        package var offset: Int
        /// The data, indexed as in the file.
        package var data: ArraySlice<UInt8>
        /// Where the next chunk starts.
        package var end: Int
    }

    /// Reads a PNG file's chunks one after the other, each checked to lie inside the bytes and,
    /// when a CRC is given, to match its CRC.
    ///
    /// ```swift
    /// var chunks = PNGFormat.ChunkReader(bytes)
    /// while let chunk = try chunks.next() { if chunk.type == "IEND" { break } }
    /// ```
    ///
    /// It stops where the bytes do, not at IEND: what comes after IEND is the caller's to ignore.
    package struct ChunkReader: Sendable {
        /// The file.
        package let bytes: [UInt8]
        /// Where the next chunk starts.
        package private(set) var position: Int
        private let crc: CRC32?

        /// A reader of the chunks of `bytes` from `position` (after the signature unless given),
        /// checking each CRC with `crc` unless it is nil.
        package init(_ bytes: [UInt8], at position: Int = PNGFormat.signature.count, crc: CRC32? = .table) {
            self.bytes = bytes
            self.position = position
            self.crc = crc
        }

        /// The chunk at `position`, which then moves past it; nil where the bytes end.
        ///
        /// - Throws: `PNGFormatError.chunkCutShort` when the bytes end inside the chunk's length,
        ///   type or CRC, `.chunkRunsPastEnd` when its length does and `.chunkDamaged` when its CRC
        ///   is wrong; `position` stays at the chunk.
        package mutating func next() throws(PNGFormatError) -> Chunk? {
            let start = position
            if start == bytes.count { return nil }
            let dataStart = start + 8
            guard start >= 0, start + 12 <= bytes.count else {
                let type = start >= 0 && dataStart <= bytes.count ? Self.type(bytes[(start + 4)..<dataStart]) : nil
                throw .chunkCutShort(type: type, offset: start)
            }
            let type = Self.type(bytes[(start + 4)..<dataStart])
            let length = Int(PNGFormat.uint32(bytes[...], at: start))
            guard length <= bytes.count - start - 12 else { throw .chunkRunsPastEnd(type: type, offset: start) }
            let dataEnd = dataStart + length
            if let crc, crc.checksum(bytes[(start + 4)..<dataEnd]) != PNGFormat.uint32(bytes[...], at: dataEnd) {
                throw .chunkDamaged(type: type, offset: start)
            }
            position = dataEnd + 4
            return Chunk(type: type, offset: start, data: bytes[dataStart..<dataEnd], end: position)
        }

        private static func type(_ bytes: ArraySlice<UInt8>) -> String {
            String(decoding: bytes, as: UTF8.self)
        }
    }
}
