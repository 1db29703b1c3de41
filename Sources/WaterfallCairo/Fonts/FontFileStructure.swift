/// The table directories of a TTF, OTF or TTC file, checked against the file's length before
/// any font library reads it: a file that is not a font, or is cut short, is refused with a
/// reason a person can act on.
enum FontFileStructure {
    /// Where each face's table directory starts: one offset for a TTF or OTF, one a face for a
    /// collection (TTC).
    ///
    /// - Parameter maximumFaces: More faces than this are refused.
    static func faceOffsets(_ bytes: [UInt8], maximumFaces: Int) throws(FontFileProblem) -> [Int] {
        guard !bytes.isEmpty else { throw FontFileProblem("is empty (0 bytes), not a font file") }
        guard bytes.count >= 12 else { throw FontFileProblem("is not a font file (only \(bytes.count) bytes)") }
        let tag = Array(bytes[0..<4])
        if tag == Array("ttcf".utf8) {
            let count = Int(uint32(bytes, 8))
            guard count > 0 else { throw FontFileProblem("is a font collection with no faces") }
            guard count <= maximumFaces else {
                throw FontFileProblem("is a collection of \(count) faces; at most \(maximumFaces) are allowed")
            }
            guard 12 + 4 * count <= bytes.count else {
                throw FontFileProblem("is truncated: it ends inside its list of faces")
            }
            return (0..<count).map { Int(uint32(bytes, 12 + 4 * $0)) }
        }
        if tag == [0, 1, 0, 0] || tag == Array("OTTO".utf8) || tag == Array("true".utf8) { return [0] }
        if tag == [0x50, 0x4B, 0x03, 0x04] || tag == [0x50, 0x4B, 0x05, 0x06] {
            throw FontFileProblem("is a zip archive, not a font file")
        }
        if tag == Array("wOFF".utf8) || tag == Array("wOF2".utf8) {
            throw FontFileProblem("is a WOFF web font; name the TTF or OTF file it was made from")
        }
        throw FontFileProblem("is not a font file (a TTF, OTF or TTC file starts with 00 01 00 00, OTTO or ttcf)")
    }

    /// The tags of the face's tables, once every table is known to lie inside the file and the
    /// tables every face needs are there.
    static func tables(_ bytes: [UInt8], faceAt offset: Int) throws(FontFileProblem) -> Set<String> {
        guard offset >= 0, offset + 12 <= bytes.count else {
            throw FontFileProblem("is truncated: a face's table directory starts past its end")
        }
        let version = Array(bytes[offset..<offset + 4])
        guard version == [0, 1, 0, 0] || version == Array("OTTO".utf8) || version == Array("true".utf8) else {
            throw FontFileProblem("is not a font file (a face's table directory is damaged)")
        }
        let count = Int(uint16(bytes, offset + 4))
        guard (1...1024).contains(count) else {
            throw FontFileProblem("is not a font file (its table directory claims \(count) tables)")
        }
        guard offset + 12 + 16 * count <= bytes.count else {
            throw FontFileProblem("is truncated: it ends inside its table directory")
        }
        var tags = Set<String>()
        for index in 0..<count {
            let record = offset + 12 + 16 * index
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            let start = Int(uint32(bytes, record + 8))
            let length = Int(uint32(bytes, record + 12))
            guard start + length <= bytes.count else {
                throw FontFileProblem(
                    "is truncated: its '\(tag.escapedTag)' table ends at byte \(start + length) of \(bytes.count)")
            }
            tags.insert(tag)
        }
        for required in ["head", "cmap", "hhea", "hmtx", "maxp"] where !tags.contains(required) {
            throw FontFileProblem("has no '\(required)' table, which every font has")
        }
        let outlines = ["glyf", "CFF ", "CFF2", "CBDT", "sbix"]
        guard outlines.contains(where: tags.contains) else {
            throw FontFileProblem("has no glyph outlines (no 'glyf', 'CFF ', 'CFF2', 'CBDT' or 'sbix' table)")
        }
        if tags.contains("glyf"), !tags.contains("loca") {
            throw FontFileProblem("has a 'glyf' table without its 'loca' table")
        }
        return tags
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        bytes[at..<at + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func uint16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
    }
}

/// Why a font file cannot be used, said of the file: `is truncated: …`.
struct FontFileProblem: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

extension String {
    /// A table tag with anything but printable ASCII shown as `?`.
    fileprivate var escapedTag: String {
        String(map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == " " || $0 == "/") ? $0 : "?" })
    }
}
