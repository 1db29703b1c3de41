/// The CRC-32 that PNG chunks, zlib and gzip use (ISO 3309, the reflected polynomial
/// 0xEDB88320), as a value that says how it is computed.
///
/// `table` is the Swift one, a byte at a time through a 256-entry table, for the modules that
/// call no C. WaterfallCairo adds `libdeflate`, which uses the CPU's carry-less multiply and
/// which its PNG writer and readers pass, since they checksum every compressed byte of a page.
/// Both give the same numbers as zlib's `crc32` (`PNGFormatTests`).
package struct CRC32: Sendable {
    /// `crc` (0 to start) continued over `bytes`, as zlib's `crc32(crc, bytes, count)`.
    package let update: @Sendable (_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32

    /// A CRC-32 computed by `update`.
    package init(update: @escaping @Sendable (_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32) {
        self.update = update
    }

    /// The CRC-32 of `bytes`, continued from `crc` (0 to start).
    package func checksum(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { update(crc, $0) }
    }

    /// The CRC-32 of `bytes`, continued from `crc` (0 to start).
    package func checksum(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { update(crc, $0) }
    }

    /// A byte at a time through a table of the 256 one-byte remainders.
    package static let table = CRC32 { crc, bytes in
        var value = ~crc
        for byte in bytes { value = remainders[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        return ~value
    }

    private static let remainders: [UInt32] = (0..<256).map { (index: UInt32) in
        var value = index
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
