import WaterfallCairo
import WaterfallCore
import WaterfallRender

/// What shapes and draws the text of a render on this machine: the versions of Cairo, Pango,
/// HarfBuzz, FreeType and fontconfig, the SHA-256 of every pinned font file, and of the font
/// files the specs checked name themselves (`fonts:`).
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

    /// A font file a spec names (`fonts:`), by the spec's name and the path it gives.
    public struct AppFont: Sendable, Hashable {
        /// The spec's name (its file name without the extension), as its baselines are named.
        public var spec: String
        /// The font file's path as the spec gives it.
        public var path: String
        /// The SHA-256 of the file's bytes, in lower-case hex.
        public var sha256: String

        /// Creates the fingerprint of one of a spec's font files.
        public init(spec: String, path: String, sha256: String) {
            self.spec = spec
            self.path = path
            self.sha256 = sha256
        }

        /// How a change names it: `17-brand-font: fonts/Inter-Regular.otf`.
        var name: String { "\(spec): \(path)" }
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
    /// The specs' own font files, sorted by spec then path; only those of the specs a fingerprint
    /// is compared for are compared.
    public var appFonts: [AppFont] = []

    /// Creates a fingerprint from library versions and font files.
    public init(cairo: String, pango: String, harfBuzz: String, freeType: String, fontconfig: String, fonts: [Font]) {
        self.cairo = cairo
        self.pango = pango
        self.harfBuzz = harfBuzz
        self.freeType = freeType
        self.fontconfig = fontconfig
        self.fonts = fonts.sorted { $0.file < $1.file }
    }

    /// This machine's fingerprint with `fonts` (the pinned ones by default) and the specs' own
    /// `appFonts`; reads every pinned font file (about 100 MB for the built-in set, a few tenths
    /// of a second).
    public static func current(fonts: FontSet = .pinned, appFonts: [AppFont] = []) throws(FontError)
        -> RendererFingerprint
    {
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
        var fingerprint = RendererFingerprint(
            cairo: versions.cairo, pango: versions.pango, harfBuzz: versions.harfBuzz, freeType: versions.freeType,
            fontconfig: versions.fontconfig, fonts: hashed)
        fingerprint.appFonts = Self.sorted(appFonts)
        return fingerprint
    }

    /// `fonts` each once, by spec then path.
    static func sorted(_ fonts: [AppFont]) -> [AppFont] {
        Array(Set(fonts)).sorted { ($0.spec, $0.path, $0.sha256) < ($1.spec, $1.path, $1.sha256) }
    }

    /// This fingerprint with the specs' font files of `recorded` kept for every spec that
    /// `appFonts` says nothing of (a run that checked some specs leaves the others' as they were).
    public func keepingAppFonts(of recorded: RendererFingerprint?) -> RendererFingerprint {
        guard let recorded else { return self }
        let specs = Set(appFonts.map(\.spec))
        var merged = self
        merged.appFonts = Self.sorted(appFonts + recorded.appFonts.filter { !specs.contains($0.spec) })
        return merged
    }

    /// The libraries by name, in the order they are reported.
    public var libraries: [(name: String, version: String)] {
        [
            ("Cairo", cairo), ("Pango", pango), ("HarfBuzz", harfBuzz), ("FreeType", freeType),
            ("fontconfig", fontconfig),
        ]
    }
}
