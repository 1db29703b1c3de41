extension Unicode.Scalar {
    /// A bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069): it
    /// reorders the text after it, in a title or in a font name written into SVG or CSS.
    public var isBidiControl: Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }
}

extension String {
    /// The text without bidirectional embeddings, overrides and isolates (``Unicode/Scalar/isBidiControl``).
    ///
    /// Titles and font family names, from a spec or from a font file's name table, pass
    /// through it before they are measured or drawn.
    public var droppingBidiControls: String {
        guard unicodeScalars.contains(where: \.isBidiControl) else { return self }
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars where !scalar.isBidiControl { scalars.append(scalar) }
        return String(scalars)
    }
}
