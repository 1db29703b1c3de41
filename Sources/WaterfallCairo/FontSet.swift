import Foundation
import WaterfallCore

/// The font files text is measured and drawn with, and no others.
///
/// Pango gets a private fontconfig configuration that lists exactly these files, so a render
/// depends on them and not on whatever else the machine has installed: a family they do not
/// hold falls back to `sans-serif`, which is DejaVu Sans (and Noto Sans CJK SC for CJK text, Noto
/// Color Emoji for emoji), never to a system font. The files are found under ``root``, in Debian's layout.
public struct FontSet: Sendable, Equatable {
    /// The folder the files are in: `/usr/share/fonts`, or `$WATERFALL_FONT_DIR`.
    public var root: String
    /// The files, relative to ``root``, sorted.
    public var files: [String]

    /// The files scripts/setup.sh installs (Debian's fonts-dejavu-core, fonts-noto-cjk and
    /// fonts-noto-color-emoji), by their paths under `/usr/share/fonts`.
    public static let builtInFiles = [
        "opentype/noto/NotoSansCJK-Bold.ttc",
        "opentype/noto/NotoSansCJK-Regular.ttc",
        "opentype/noto/NotoSerifCJK-Bold.ttc",
        "opentype/noto/NotoSerifCJK-Regular.ttc",
        "truetype/dejavu/DejaVuSans-Bold.ttf",
        "truetype/dejavu/DejaVuSans.ttf",
        "truetype/dejavu/DejaVuSansMono-Bold.ttf",
        "truetype/dejavu/DejaVuSansMono.ttf",
        "truetype/dejavu/DejaVuSerif-Bold.ttf",
        "truetype/dejavu/DejaVuSerif.ttf",
        "truetype/noto/NotoColorEmoji.ttf",
    ]

    /// Where Debian installs fonts.
    public static let defaultRoot = "/usr/share/fonts"

    /// The environment variable naming a folder that stands in for ``defaultRoot``: it must hold
    /// the same files under the same relative paths (a folder of links will do).
    public static let rootVariable = "WATERFALL_FONT_DIR"

    /// The fonts every render of this process uses: the built-in files under ``defaultRoot`` or
    /// `$WATERFALL_FONT_DIR`.
    public static let pinned = FontSet(
        root: ProcessInfo.processInfo.environment[rootVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultRoot)

    /// Creates a font set of `files` under the folder `root`, relative to the current folder unless absolute.
    public init(root: String, files: [String] = FontSet.builtInFiles) {
        var root = Path.resolve(root, from: FileManager.default.currentDirectoryPath)
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.files = files.sorted()
    }

    /// The absolute path of each file, in the order of ``files``.
    public var paths: [String] { files.map(path(of:)) }

    /// The absolute path of `file`, one of ``files``.
    public func path(of file: String) -> String { Path.join(root, file) }

    /// Throws, naming the first file that is missing or is not a font, unless every file can be used.
    public func validate() throws(FontError) {
        _ = try configuration()
    }

    /// The files fontconfig lists in the private configuration made of this set: ``paths``, sorted.
    public func loadedFiles() throws(FontError) -> [String] {
        try configuration().loadedFiles
    }

    /// The family names fontconfig lists in the private configuration made of this set, sorted.
    public func loadedFamilies() throws(FontError) -> [String] {
        try configuration().loadedFamilies
    }

    /// The private fontconfig configuration of these files (the process's shared one for ``pinned``).
    func configuration() throws(FontError) -> FontConfiguration {
        self == .pinned ? try FontConfiguration.shared.get() : try FontConfiguration.make(self)
    }

    /// Throws unless the process's pinned fonts (``pinned``) can be used; checked once a process.
    public static func validatePinned() throws(FontError) {
        _ = try FontConfiguration.shared.get()
    }

    /// The Debian package that installs `file`, for messages.
    static func package(of file: String) -> String? {
        if file.hasPrefix("truetype/dejavu/") { return "fonts-dejavu-core" }
        if file.hasPrefix("opentype/noto/") { return "fonts-noto-cjk" }
        if file.hasPrefix("truetype/noto/") { return "fonts-noto-color-emoji" }
        return nil
    }
}

/// Why the pinned fonts cannot be used: one line naming the file.
public struct FontError: UserFacingError, Equatable {
    /// The font file (or folder) at fault.
    public var path: String
    /// Why the file cannot be used.
    public var reason: String

    /// Creates an error about a font file.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The path and the reason, on one line.
    public var description: String { "\(path.escapedForMessage): \(reason)" }
}
