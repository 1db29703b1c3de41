/// A font file a spec names under `fonts:`, whose families its text may then be drawn in.
///
/// The file is read (and proved a font) by the pipeline, not by the decoder: decoding knows no
/// fonts. A family named anywhere in the spec is matched against the files' families first, then
/// against the pinned ones.
public struct SpecFont: Sendable, Hashable {
    /// The path as the spec gives it, relative to the spec's folder unless absolute.
    public var path: String
    /// The path from the current folder (the spec's folder joined to ``path``), for reading.
    public var file: String
    /// Where in the spec the path is written: its key path (`fonts[0]`), line and column.
    public var location: String
    /// The 1-based line of the path in the spec, when known.
    public var line: Int?
    /// The 1-based column of the path in the spec, when known.
    public var column: Int?

    /// Creates the record of one font file named by a spec.
    public init(path: String, file: String, location: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.file = file
        self.location = location
        self.line = line
        self.column = column
    }
}
