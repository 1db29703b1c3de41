extension PNGFormat {
    /// The IHDR chunk's fields, as the file has them: nothing is checked but their presence.
    ///
    /// Which sizes, depths and color types a reader takes is the reader's to say; a size past
    /// PNG's 2^31 − 1 is read as it is, not refused here.
    package struct Header: Equatable, Sendable {
        /// The bytes of IHDR's data.
        package static let dataLength = 13

        /// Width in pixels.
        package var width: Int
        /// Height in pixels.
        package var height: Int
        /// Bits a sample (or a palette index): 1, 2, 4, 8 or 16.
        package var bitDepth: UInt8
        /// 0 gray, 2 RGB, 3 palette, 4 gray and alpha, 6 RGBA.
        package var colorType: UInt8
        /// 0, deflate, is the only one.
        package var compression: UInt8 = 0
        /// 0, adaptive filtering, is the only one.
        package var filter: UInt8 = 0
        /// 0 none, 1 Adam7.
        package var interlace: UInt8 = 0

        /// A header with deflate, adaptive filtering and `interlace`.
        package init(width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0) {
            self.width = width
            self.height = height
            self.bitDepth = bitDepth
            self.colorType = colorType
            self.interlace = interlace
        }

        /// The header in IHDR's `data`.
        ///
        /// - Throws: `PNGFormatError.noHeader` unless `data` has 13 bytes.
        package init(data: ArraySlice<UInt8>) throws(PNGFormatError) {
            guard data.count == Self.dataLength else { throw .noHeader }
            let base = data.startIndex
            width = Int(PNGFormat.uint32(data, at: 0))
            height = Int(PNGFormat.uint32(data, at: 4))
            bitDepth = data[base + 8]
            colorType = data[base + 9]
            compression = data[base + 10]
            filter = data[base + 11]
            interlace = data[base + 12]
        }

        /// The header of the PNG file `bytes`: its signature, then a 13-byte IHDR chunk, whose CRC
        /// is checked when `crc` is given.
        ///
        /// - Throws: `PNGFormatError.notPNG` without the signature, `.headerCutShort` when the
        ///   bytes end before IHDR does, `.noHeader` when the first chunk is not a 13-byte IHDR and
        ///   `.chunkDamaged` when its CRC is wrong.
        package init(file bytes: [UInt8], crc: CRC32? = nil) throws(PNGFormatError) {
            guard PNGFormat.hasSignature(bytes) else { throw .notPNG }
            guard bytes.count >= PNGFormat.headerLength else { throw .headerCutShort }
            let start = PNGFormat.signature.count
            guard PNGFormat.uint32(bytes[...], at: start) == Self.dataLength,
                bytes[(start + 4)..<(start + 8)].elementsEqual("IHDR".utf8)
            else { throw .noHeader }
            let end = PNGFormat.headerLength - 4
            if let crc, crc.checksum(bytes[(start + 4)..<end]) != PNGFormat.uint32(bytes[...], at: end) {
                throw .chunkDamaged(type: "IHDR", offset: start)
            }
            try self.init(data: bytes[(start + 8)..<end])
        }

        /// IHDR's 13 bytes of data.
        package var data: [UInt8] {
            PNGFormat.bigEndian(UInt32(width)) + PNGFormat.bigEndian(UInt32(height))
                + [bitDepth, colorType, compression, filter, interlace]
        }
    }
}
