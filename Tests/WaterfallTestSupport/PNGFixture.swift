import WaterfallCore

/// A deliberately plain PNG encoder (stored, uncompressed deflate blocks) for tests that need the
/// same pixels in different bytes than libpng writes.
public enum PNGFixture {
    /// RGBA pixels as a PNG with no compression.
    public static func encodeStored(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for row in 0..<height {
            raw.append(0)  // filter: none
            let start: Int = row * width * 4
            raw += pixels[start..<(start + width * 4)]
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65535, raw.count - offset)
            let final: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + count)]
            offset += count
        } while offset < raw.count
        zlib += bigEndian(adler32(raw))
        var png = PNGFormat.signature
        PNGFormat.appendChunk("IHDR", rgbaHeader(width: width, height: height), to: &png)
        PNGFormat.appendChunk("IDAT", zlib, to: &png)
        return png + PNGFormat.endChunk
    }

    /// One frame of ``animated(width:height:frames:)``: its region of the canvas and its RGBA
    /// pixels (`nil` for zeros, which a hostile file need not send).
    public struct Frame: Sendable {
        public var x: Int
        public var y: Int
        public var width: Int
        public var height: Int
        public var pixels: [UInt8]?

        public init(x: Int = 0, y: Int = 0, width: Int, height: Int, pixels: [UInt8]? = nil) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.pixels = pixels
        }
    }

    /// An animated PNG whose `IHDR` says `width` × `height` and whose frames are `frames`, each
    /// shown 1/10 s: the first frame's data in `IDAT`, the others' in `fdAT`.
    ///
    /// A frame without pixels gets a few bytes of stored deflate, not its region's worth: the
    /// file is small whatever its header claims.
    public static func animated(width: Int, height: Int, frames: [Frame]) -> [UInt8] {
        var png = PNGFormat.signature
        PNGFormat.appendChunk("IHDR", rgbaHeader(width: width, height: height), to: &png)
        PNGFormat.appendChunk("acTL", bigEndian(UInt32(frames.count)) + bigEndian(0), to: &png)
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let control =
                bigEndian(sequence) + bigEndian(UInt32(frame.width)) + bigEndian(UInt32(frame.height))
                + bigEndian(UInt32(frame.x)) + bigEndian(UInt32(frame.y)) + [0, 1, 0, 10, 0, 0]
            PNGFormat.appendChunk("fcTL", control, to: &png)
            sequence += 1
            let data: [UInt8]
            if let pixels = frame.pixels {
                // The zlib stream of a still PNG of the region, taken from its IDAT.
                let still = encodeStored(width: frame.width, height: frame.height, pixels: pixels)
                data = idat(of: still)
            } else {
                data = [0x78, 0x01, 1, 0, 0, 0xFF, 0xFF, 0, 0, 0, 1]
            }
            if index == 0 {
                PNGFormat.appendChunk("IDAT", data, to: &png)
            } else {
                PNGFormat.appendChunk("fdAT", bigEndian(sequence), data, to: &png)
                sequence += 1
            }
        }
        return png + PNGFormat.endChunk
    }

    /// The data of the one `IDAT` chunk of `png`, as ``encodeStored(width:height:pixels:)`` writes it.
    private static func idat(of png: [UInt8]) -> [UInt8] {
        var chunks = PNGFormat.ChunkReader(png)
        while let chunk = try? chunks.next(), chunk.type != "IEND" {
            if chunk.type == "IDAT" { return Array(chunk.data) }
        }
        return []
    }

    /// IHDR's data for 8-bit RGBA without interlacing.
    private static func rgbaHeader(width: Int, height: Int) -> [UInt8] {
        PNGFormat.Header(width: width, height: height, bitDepth: 8, colorType: 6).data
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        PNGFormat.bigEndian(value)
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}

/// The read-confinement fixture's picture, shared by the command's tests and the hostile suite.
public enum ReadConfinementFixture {
    public static let png = PNGFixture.encodeStored(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))
}
