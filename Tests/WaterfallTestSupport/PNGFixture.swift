/// A deliberately plain PNG encoder (stored, uncompressed deflate blocks) for tests that need the
/// same pixels in different bytes than libpng writes.
public enum PNGFixture {
    /// RGBA pixels as a PNG with no compression.
    public static func encodeStored(width: Int, height: Int, pixels: [UInt8]) -> [UInt8] {
        var raw: [UInt8] = []
        for row in 0..<height {
            raw.append(0)  // filter: none
            raw += pixels[(row * width * 4)..<((row + 1) * width * 4)]
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
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        png += chunk("IDAT", zlib)
        png += chunk("IEND", [])
        return png
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
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 6, 0, 0, 0])
        png += chunk("acTL", bigEndian(UInt32(frames.count)) + bigEndian(0))
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            let control =
                bigEndian(sequence) + bigEndian(UInt32(frame.width)) + bigEndian(UInt32(frame.height))
                + bigEndian(UInt32(frame.x)) + bigEndian(UInt32(frame.y)) + [0, 1, 0, 10, 0, 0]
            png += chunk("fcTL", control)
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
                png += chunk("IDAT", data)
            } else {
                png += chunk("fdAT", bigEndian(sequence) + data)
                sequence += 1
            }
        }
        png += chunk("IEND", [])
        return png
    }

    /// The data of the one `IDAT` chunk of `png`, as ``encodeStored(width:height:pixels:)`` writes it.
    private static func idat(of png: [UInt8]) -> [UInt8] {
        var position = 8
        while position + 8 <= png.count {
            let length = png[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[(position + 4)..<(position + 8)], as: UTF8.self)
            if type == "IDAT" { return Array(png[(position + 8)..<(position + 8 + length)]) }
            position += 12 + length
        }
        return []
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
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

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
