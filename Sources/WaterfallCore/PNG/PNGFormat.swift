/// The framing of a PNG file (the signature, the IHDR header and the chunks), for every module
/// that reads or writes one.
///
/// A PNG is its 8-byte signature, then chunks: each a 4-byte big-endian length, a 4-letter type,
/// that many bytes of data, and the CRC-32 of the type and data. `IHDR` comes first
/// (`PNGFormat.Header`), `IEND` last. What the chunks mean (pixels, animation, marks) is left to
/// the modules that use them; this type only writes and checks the framing.
package enum PNGFormat {
    /// The 8 bytes every PNG file starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The bytes of the signature and the IHDR chunk: where a file's second chunk starts.
    package static let headerLength = signature.count + 12 + Header.dataLength

    /// The IEND chunk every PNG file ends with, CRC included.
    package static let endChunk = chunk("IEND", [])

    /// True when `bytes` start with the PNG signature.
    package static func hasSignature(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.starts(with: signature)
    }

    /// The chunk of `type` with `data`: its length, type, data and CRC.
    package static func chunk(_ type: String, _ data: [UInt8], crc: CRC32 = .table) -> [UInt8] {
        var out: [UInt8] = []
        appendChunk(type, data, crc: crc, to: &out)
        return out
    }

    /// Appends the chunk of `type` whose data is `parts` one after the other to `out`.
    package static func appendChunk(_ type: String, _ parts: [UInt8]..., crc: CRC32 = .table, to out: inout [UInt8]) {
        writeChunk(type, parts, crc: crc) { out += $0 }
    }

    /// Hands `write` the chunk of `type` whose data is `parts` one after the other, in pieces
    /// that are never copied: the length and type, each part, then the CRC.
    package static func writeChunk<Failure: Error>(
        _ type: String, _ parts: [[UInt8]], crc: CRC32 = .table, to write: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "a PNG chunk type has 4 letters")
        try write(bigEndian(UInt32(parts.reduce(0) { $0 + $1.count })) + typeBytes)
        var checksum = crc.checksum(typeBytes)
        for part in parts {
            checksum = crc.checksum(part, continuing: checksum)
            try write(part)
        }
        try write(bigEndian(checksum))
    }

    /// The big-endian 32-bit number `offset` bytes into `bytes` (bounds checked by the caller).
    package static func uint32(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        let base = bytes.startIndex + offset
        return UInt32(bytes[base]) << 24 | UInt32(bytes[base + 1]) << 16 | UInt32(bytes[base + 2]) << 8
            | UInt32(bytes[base + 3])
    }

    /// `value` as 4 big-endian bytes, as PNG writes numbers.
    package static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
