import CWaterfallCairo
import Testing
import WaterfallCairo
import WaterfallCore

/// The one PNG framing every reader and writer uses: its signature, header, chunks and CRC,
/// checked against the PNG specification's bytes, zlib's CRC-32 and files the encoder wrote.
@Suite struct PNGFormatTests {
    /// A small RGBA file as the renderer writes them.
    static func png(width: Int = 5, height: Int = 3, alpha: UInt8 = 128) throws -> [UInt8] {
        try PNGCodec.encode(
            PixelImage(width: width, height: height, color: Color(red: 1, green: 2, blue: 3, alpha: alpha)))
    }

    @Test func theSignatureIsTheSpecificationsEightBytes() throws {
        // RFC 2083 §3.1: 137 P N G CR LF SUB LF.
        #expect(PNGFormat.signature == [137] + Array("PNG\r\n".utf8) + [26, 10])
        #expect(PNGFormat.hasSignature(try Self.png()))
        #expect(!PNGFormat.hasSignature(PNGFormat.signature.dropLast()))
        #expect(!PNGFormat.hasSignature([0xFF, 0xD8, 0xFF, 0xE0] + PNGFormat.signature))
        #expect(!PNGFormat.hasSignature([]))
    }

    @Test func theHeaderIsWhatTheEncoderWrote() throws {
        let translucent = try PNGFormat.Header(file: Self.png(width: 701, height: 3))
        #expect(translucent == PNGFormat.Header(width: 701, height: 3, bitDepth: 8, colorType: 6))
        let opaque = try PNGFormat.Header(file: Self.png(width: 2, height: 9, alpha: 255), crc: .table)
        #expect(opaque == PNGFormat.Header(width: 2, height: 9, bitDepth: 8, colorType: 2))
        #expect(try PNGFormat.Header(data: opaque.data[...]) == opaque)
        #expect(opaque.data.count == PNGFormat.Header.dataLength)
        #expect(PNGFormat.headerLength == 33)
    }

    @Test func aTruncatedHeaderIsAnErrorAtEveryLength() throws {
        let bytes = try Self.png()
        for length in 0..<PNGFormat.headerLength {
            let expected: PNGFormatError = length < 8 ? .notPNG : .headerCutShort
            #expect(throws: expected, "\(length) bytes") { try PNGFormat.Header(file: Array(bytes.prefix(length))) }
        }
        #expect(throws: PNGFormatError.noHeader) { try PNGFormat.Header(data: ArraySlice<UInt8>([0, 0, 0, 1])) }
    }

    @Test func aHeaderThatIsNotIHDROrHasTheWrongLengthIsAnError() throws {
        let bytes = try Self.png()
        var renamed = bytes
        renamed[12] = UInt8(ascii: "i")
        #expect(throws: PNGFormatError.noHeader) { try PNGFormat.Header(file: renamed) }
        var longer = bytes
        longer[11] = 14
        #expect(throws: PNGFormatError.noHeader) { try PNGFormat.Header(file: longer) }
        var damaged = bytes
        damaged[23] ^= 1
        #expect(throws: PNGFormatError.chunkDamaged(type: "IHDR", offset: 8)) {
            try PNGFormat.Header(file: damaged, crc: .libdeflate)
        }
        // Without a CRC the fields are read as they are.
        #expect(try PNGFormat.Header(file: damaged).height == 3 ^ 1)
    }

    @Test func anOversizedHeaderIsReadAsItSaysNotTrapped() throws {
        let header = PNGFormat.Header(width: 0xFFFF_FFFF, height: 0x8000_0000, bitDepth: 16, colorType: 4, interlace: 1)
        let bytes = PNGFormat.signature + PNGFormat.chunk("IHDR", header.data) + PNGFormat.endChunk
        #expect(try PNGFormat.Header(file: bytes, crc: .table) == header)
        #expect(PNGCodec.size(of: bytes) == nil)
        #expect(throws: (any Error).self) { try PNGCodec.decode(bytes) }
    }

    @Test func chunksRoundTripThroughTheWriterAndReader() throws {
        var file = PNGFormat.signature
        PNGFormat.appendChunk("IHDR", PNGFormat.Header(width: 1, height: 1, bitDepth: 8, colorType: 6).data, to: &file)
        PNGFormat.appendChunk("tEXt", Array("a".utf8), [0], Array("bc".utf8), crc: .libdeflate, to: &file)
        PNGFormat.appendChunk("IDAT", [], to: &file)
        file += PNGFormat.endChunk
        var pieces: [[UInt8]] = []
        PNGFormat.writeChunk("tEXt", [Array("a".utf8), [0], Array("bc".utf8)]) { pieces.append($0) }
        #expect(pieces.count == 5)
        #expect(pieces.flatMap { $0 } == PNGFormat.chunk("tEXt", Array("a\u{0}bc".utf8)))

        var chunks = PNGFormat.ChunkReader(file)
        var read: [(String, [UInt8], Int, Int)] = []
        while let chunk = try chunks.next() { read.append((chunk.type, Array(chunk.data), chunk.offset, chunk.end)) }
        #expect(read.map(\.0) == ["IHDR", "tEXt", "IDAT", "IEND"])
        #expect(read[1].1 == Array("a\u{0}bc".utf8))
        #expect(read.map(\.2) == [8, 33, 49, 61])
        #expect(read.map(\.3) == [33, 49, 61, 73])
        #expect(chunks.position == file.count)
        #expect(try chunks.next() == nil)
        // The file the encoder wrote reads the same way, up to its IEND at the end.
        let encoded = try Self.png()
        var encodedChunks = PNGFormat.ChunkReader(encoded, crc: .libdeflate)
        var last = ""
        while let chunk = try encodedChunks.next() { last = chunk.type }
        #expect(last == "IEND")
    }

    @Test func theReaderChecksLengthsAgainstTheBytesAtEveryCut() throws {
        let bytes = try Self.png()
        for length in PNGFormat.signature.count..<bytes.count {
            var chunks = PNGFormat.ChunkReader(Array(bytes.prefix(length)))
            var thrown: PNGFormatError?
            do throws(PNGFormatError) {
                while try chunks.next() != nil {}
            } catch {
                thrown = error
            }
            // A cut between chunks ends the reading; anywhere else is an error, never a trap.
            #expect((thrown == nil) == [8, 33, bytes.count - 12].contains(length), "\(length) bytes")
        }
        var runsPast = bytes
        runsPast[PNGFormat.headerLength + 2] = 0xFF
        var chunks = PNGFormat.ChunkReader(runsPast, at: PNGFormat.headerLength)
        #expect(throws: PNGFormatError.chunkRunsPastEnd(type: "IDAT", offset: 33)) { try chunks.next() }
        #expect(chunks.position == PNGFormat.headerLength)
        var cut = PNGFormat.ChunkReader(Array(bytes.prefix(bytes.count - 2)), at: bytes.count - 12)
        #expect(throws: PNGFormatError.chunkCutShort(type: "IEND", offset: bytes.count - 12)) { try cut.next() }
        var tooFewForAType = PNGFormat.ChunkReader(Array(bytes.prefix(bytes.count - 6)), at: bytes.count - 12)
        #expect(throws: PNGFormatError.chunkCutShort(type: nil, offset: bytes.count - 12)) {
            try tooFewForAType.next()
        }
    }

    @Test func theReaderChecksTheCRCWhenGivenOne() throws {
        var damaged = try Self.png()
        damaged[damaged.count - 1] ^= 1
        var checked = PNGFormat.ChunkReader(damaged, at: damaged.count - 12, crc: .table)
        #expect(throws: PNGFormatError.chunkDamaged(type: "IEND", offset: damaged.count - 12)) { try checked.next() }
        var unchecked = PNGFormat.ChunkReader(damaged, at: damaged.count - 12, crc: nil)
        #expect(try unchecked.next()?.type == "IEND")
    }

    @Test func theCRCIsZlibs() throws {
        // The check value of CRC-32/ISO-HDLC, and the CRC every IEND chunk ends with.
        #expect(CRC32.table.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.table.checksum(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(CRC32.table.checksum([]) == 0)
        var state: UInt32 = 7
        for count in [1, 3, 64, 1000, 65_537] {
            let bytes = (0..<count).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(state >> 24)
            }
            let zlib = bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
            #expect(CRC32.table.checksum(bytes) == zlib, "\(count) bytes")
            #expect(CRC32.libdeflate.checksum(bytes) == zlib, "\(count) bytes")
            let half = count / 2
            #expect(CRC32.table.checksum(bytes[half...], continuing: CRC32.table.checksum(bytes[..<half])) == zlib)
        }
    }
}
