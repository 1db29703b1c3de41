import CWaterfallCairo
import WaterfallRender

/// HarfBuzz's subsetter: a face cut down to the glyphs some characters need, with the layout
/// features HarfBuzz keeps by default (kerning, ligatures, contextual forms…), so a browser
/// shapes the text as Pango does; hinting is left out, as Pango draws unhinted.
struct HarfBuzzSubsetter: FontSubsetting {
    func subset(_ font: SceneFont, face: Int, characters: [Unicode.Scalar]) throws -> [UInt8] {
        try font.data.withUnsafeBufferPointer { buffer throws(CairoError) -> [UInt8] in
            guard let base = buffer.baseAddress,
                let blob = hb_blob_create(
                    UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), UInt32(buffer.count),
                    HB_MEMORY_MODE_READONLY, nil, nil)
            else { throw failure(font, "HarfBuzz cannot read it") }
            defer { hb_blob_destroy(blob) }
            guard let source = hb_face_create(blob, UInt32(face)) else { throw failure(font, "no face \(face)") }
            defer { hb_face_destroy(source) }
            guard let input = hb_subset_input_create_or_fail() else { throw failure(font, "out of memory") }
            defer { hb_subset_input_destroy(input) }
            let unicodes = hb_subset_input_unicode_set(input)
            for character in characters { hb_set_add(unicodes, character.value) }
            hb_subset_input_set_flags(input, UInt32(HB_SUBSET_FLAGS_NO_HINTING.rawValue))
            guard let subset = hb_subset_or_fail(source, input) else {
                throw failure(font, "HarfBuzz's subsetter refused it")
            }
            defer { hb_face_destroy(subset) }
            guard let result = hb_face_reference_blob(subset) else { throw failure(font, "no subset made") }
            defer { hb_blob_destroy(result) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(result, &length), length > 0 else {
                throw failure(font, "the subset is empty")
            }
            return Array(UnsafeRawBufferPointer(start: data, count: Int(length)))
        }
    }

    private func failure(_ font: SceneFont, _ reason: String) -> CairoError {
        CairoError.cairo(operation: "subset the font \(font.path)", status: reason)
    }
}
