import WaterfallCairo
import WaterfallCore

/// What shapes and draws the text of a render on this machine: the versions of Cairo, Pango,
/// HarfBuzz, FreeType and fontconfig, and the SHA-256 of every pinned font file.
///
/// Two machines with equal fingerprints draw a spec to the same pixels; `waterfall check`
/// records it beside the baselines, so that a changed machine is not mistaken for a changed
/// design.
public struct RendererFingerprint: Sendable, Equatable {
    /// One pinned font file: its path relative to the font folder and the SHA-256 of its bytes.
    public struct Font: Sendable, Equatable {
        /// The font's path relative to the font folder.
        public var file: String
        /// The SHA-256 of the file's bytes, in lower-case hex.
        public var sha256: String

        /// Creates the fingerprint of one font file.
        public init(file: String, sha256: String) {
            self.file = file
            self.sha256 = sha256
        }
    }

    /// Cairo's version.
    public var cairo: String
    /// Pango's version.
    public var pango: String
    /// HarfBuzz's version.
    public var harfBuzz: String
    /// FreeType's version.
    public var freeType: String
    /// fontconfig's version.
    public var fontconfig: String
    /// Sorted by file.
    public var fonts: [Font]

    /// Creates a fingerprint from library versions and font files.
    public init(cairo: String, pango: String, harfBuzz: String, freeType: String, fontconfig: String, fonts: [Font]) {
        self.cairo = cairo
        self.pango = pango
        self.harfBuzz = harfBuzz
        self.freeType = freeType
        self.fontconfig = fontconfig
        self.fonts = fonts.sorted { $0.file < $1.file }
    }

    /// This machine's fingerprint with `fonts` (the pinned ones by default); reads every font
    /// file (about 100 MB for the built-in set, a few tenths of a second).
    public static func current(fonts: FontSet = .pinned) throws(FontError) -> RendererFingerprint {
        try fonts.validate()
        var hashed: [Font] = []
        for file in fonts.files {
            let path = fonts.path(of: file)
            do {
                hashed.append(Font(file: file, sha256: try FileDigest.sha256(ofFileAt: path)))
            } catch {
                throw FontError(path: path, reason: error.reason)
            }
        }
        let versions = LibraryVersions.current
        return RendererFingerprint(
            cairo: versions.cairo, pango: versions.pango, harfBuzz: versions.harfBuzz, freeType: versions.freeType,
            fontconfig: versions.fontconfig, fonts: hashed)
    }

    /// The libraries by name, in the order they are reported.
    public var libraries: [(name: String, version: String)] {
        [
            ("Cairo", cairo), ("Pango", pango), ("HarfBuzz", harfBuzz), ("FreeType", freeType),
            ("fontconfig", fontconfig),
        ]
    }
}
