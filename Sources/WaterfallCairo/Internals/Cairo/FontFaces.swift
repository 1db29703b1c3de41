import CWaterfallCairo
import WaterfallRender

/// What FreeType, fontconfig and HarfBuzz make of a font file: its faces as fontconfig lists
/// them, once each library has read each face and a few of its glyphs.
enum FontFaces {
    /// The faces of the font file `bytes`, whose table directories ``FontFileStructure`` has checked.
    ///
    /// - Parameters:
    ///   - file: The path fontconfig will read it from; it names the faces' patterns.
    ///   - count: How many faces the file holds.
    static func read(_ bytes: [UInt8], file: String, count: Int) throws(FontFileProblem) -> [SceneFontFace] {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw FontFileProblem("FreeType cannot start") }
        defer { FT_Done_FreeType(library) }
        let result = bytes.withUnsafeBufferPointer { buffer -> Result<[SceneFontFace], FontFileProblem> in
            guard let base = buffer.baseAddress else { return .failure(FontFileProblem("is empty")) }
            guard
                let blob = hb_blob_create(
                    UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), UInt32(buffer.count),
                    HB_MEMORY_MODE_READONLY, nil, nil)
            else { return .failure(FontFileProblem("HarfBuzz cannot read it")) }
            defer { hb_blob_destroy(blob) }
            guard Int(hb_face_count(blob)) == count else {
                return .failure(FontFileProblem("is not a font HarfBuzz can read (its face count disagrees)"))
            }
            var faces: [SceneFontFace] = []
            for index in 0..<count {
                do throws(FontFileProblem) {
                    try checkWithHarfBuzz(blob, index: index)
                    faces.append(
                        try face(library: library, base: base, count: buffer.count, file: file, index: index))
                } catch {
                    let which = count > 1 ? " (face \(index))" : ""
                    return .failure(FontFileProblem(error.reason + which))
                }
            }
            return .success(faces)
        }
        return try result.get()
    }

    /// Refuses a face HarfBuzz sees no glyphs or characters in, or whose units are absurd.
    private static func checkWithHarfBuzz(_ blob: OpaquePointer, index: Int) throws(FontFileProblem) {
        guard let face = hb_face_create(blob, UInt32(index)) else { throw FontFileProblem("HarfBuzz cannot read it") }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0 else { throw FontFileProblem("is not a usable font (no glyphs)") }
        let units = hb_face_get_upem(face)
        guard (16...16384).contains(units) else {
            throw FontFileProblem("is not a usable font (\(units) units per em)")
        }
        guard let set = hb_set_create() else { throw FontFileProblem("HarfBuzz cannot read it") }
        defer { hb_set_destroy(set) }
        hb_face_collect_unicodes(face, set)
        guard hb_set_get_population(set) > 0 else {
            throw FontFileProblem("is not a usable font (its 'cmap' maps no characters)")
        }
    }

    /// One face through FreeType (a few of its glyphs loaded) and fontconfig's own query, which
    /// gives the families, weight and slant the text engine will match it by.
    private static func face(
        library: FT_Library, base: UnsafePointer<UInt8>, count: Int, file: String, index: Int
    ) throws(FontFileProblem) -> SceneFontFace {
        var face: FT_Face?
        let status = FT_New_Memory_Face(library, base, FT_Long(count), FT_Long(index), &face)
        guard status == 0, let face else {
            throw FontFileProblem("is not a font FreeType can read (error \(status))")
        }
        defer { FT_Done_Face(face) }
        // The glyphs of the first characters the face maps: a damaged outline table shows here.
        var code: FT_UInt = 0
        var character = FT_Get_First_Char(face, &code)
        var loaded = 0
        while code != 0, loaded < 32 {
            let error = FT_Load_Glyph(face, code, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_SCALE))
            guard error == 0 else {
                throw FontFileProblem("has glyphs FreeType cannot read (error \(error) at glyph \(code))")
            }
            loaded += 1
            character = FT_Get_Next_Char(face, character, &code)
        }
        guard let pattern = file.withCString({ FcFreeTypeQueryFace(face, $0, UInt32(index), nil) }) else {
            throw FontFileProblem("is not a font fontconfig can read")
        }
        defer { FcPatternDestroy(pattern) }
        var families: [String] = []
        var value: UnsafeMutablePointer<FcChar8>?
        var position: Int32 = 0
        while FcPatternGetString(pattern, FC_FAMILY, position, &value) == FcResultMatch, let text = value {
            let name = String(cString: text)
            if !families.contains(name) { families.append(name) }
            position += 1
        }
        guard !families.isEmpty else { throw FontFileProblem("has no family name") }
        var weight = 0.0
        if FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight) != FcResultMatch {
            var whole: Int32 = 0
            weight = FcPatternGetInteger(pattern, FC_WEIGHT, 0, &whole) == FcResultMatch ? Double(whole) : 80
        }
        var slant: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        return SceneFontFace(
            families: families, weight: Int(FcWeightToOpenTypeDouble(weight).rounded()),
            isItalic: slant != FC_SLANT_ROMAN, index: index)
    }

    /// The characters face `index` of the font file `bytes` maps to glyphs, as HarfBuzz reads its
    /// `cmap`; empty when it cannot be read.
    static func characters(of bytes: [UInt8], index: Int) -> Set<Unicode.Scalar> {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let blob = hb_blob_create(
                    UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), UInt32(buffer.count),
                    HB_MEMORY_MODE_READONLY, nil, nil)
            else { return [] }
            defer { hb_blob_destroy(blob) }
            guard let face = hb_face_create(blob, UInt32(index)), let set = hb_set_create() else { return [] }
            defer {
                hb_face_destroy(face)
                hb_set_destroy(set)
            }
            hb_face_collect_unicodes(face, set)
            var characters = Set<Unicode.Scalar>()
            var value = hb_codepoint_t.max
            while hb_set_next(set, &value) != 0 {
                if let scalar = Unicode.Scalar(value) { characters.insert(scalar) }
            }
            return characters
        }
    }
}
