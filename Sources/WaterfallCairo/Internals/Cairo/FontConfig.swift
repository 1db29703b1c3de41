import CWaterfallCairo
import Foundation
import WaterfallCore
import WaterfallRender

/// A private fontconfig configuration that holds exactly the files of a ``FontSet``.
///
/// It is built from a generated `fonts.conf`: the files' folders (read through fontconfig's
/// caches, so building it costs no font scanning where the system cache is up to date), every
/// other file in them rejected, a family that is not there sent to `sans-serif` as fontconfig's
/// own `49-sansserif.conf` does, and the generic families aliased to the pinned fonts. Nothing
/// of the machine's configuration (`/etc/fonts`, `~/.config/fontconfig`) is read. Building
/// checks that fontconfig loaded every file and no other.
///
/// A spec's own font files (`fonts:`) are added to a configuration of their own, beside the
/// pinned files: one configuration for each set of files, built once and shared by every thread
/// that measures or draws with them.
final class FontConfiguration: @unchecked Sendable {
    /// The `FcConfig`, immutable once built and shared by every font map of the process.
    let pointer: OpaquePointer
    let fonts: FontSet
    /// The app's font files added beside the pinned ones, as absolute paths.
    let appFiles: [String]

    private init(pointer: OpaquePointer, fonts: FontSet, appFiles: [String] = []) {
        self.pointer = pointer
        self.fonts = fonts
        self.appFiles = appFiles
    }

    deinit { FcConfigDestroy(pointer) }

    /// The configuration of the process's pinned fonts, built the first time it is asked for.
    static let shared = Result { () throws(FontError) -> FontConfiguration in try make(.pinned) }

    /// The configurations of the sets of app font files met so far, by their paths and digests.
    private static let withAppFonts = Locked<[String: FontConfiguration]>([:])

    /// The configuration of the pinned fonts and `fonts`' files.
    static func including(_ fonts: SceneFonts) throws(FontError) -> FontConfiguration {
        try including(fonts.files)
    }

    /// The configuration of the pinned fonts and `files`, built the first time these files
    /// (these paths with these digests) are asked for.
    static func including(_ files: [SceneFont]) throws(FontError) -> FontConfiguration {
        let key = files.map { "\($0.file)\u{0}\($0.sha256)" }.joined(separator: "\u{1}")
        if let known = withAppFonts.withLock({ $0[key] }) { return known }
        let made = try make(.pinned, appFiles: files.map(\.file))
        return withAppFonts.withLock { configurations in
            // A served spec whose fonts keep changing does not keep every configuration alive.
            if configurations.count >= 16 { configurations.removeAll() }
            if let known = configurations[key] { return known }
            configurations[key] = made
            return made
        }
    }

    /// A configuration holding exactly `fonts`' files, and `appFiles` (absolute paths) beside
    /// them; throws naming the first file that is missing or that fontconfig cannot read.
    static func make(_ fonts: FontSet, appFiles: [String] = []) throws(FontError) -> FontConfiguration {
        for file in fonts.files {
            let path = fonts.path(of: file)
            var info = stat()
            guard stat(path, &info) == 0 else {
                let install = FontSet.package(of: file).map { "; bash scripts/setup.sh installs \($0)" } ?? ""
                throw FontError(path: path, reason: "font file missing (renders use only the pinned fonts\(install))")
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw FontError(path: path, reason: "is not a regular file, so cannot be a pinned font")
            }
        }
        guard let config = FcConfigCreate() else {
            throw FontError(path: fonts.root, reason: "fontconfig could not create a configuration")
        }
        let configuration = FontConfiguration(pointer: config, fonts: fonts, appFiles: appFiles)
        // Fonts never change under a running render.
        FcConfigSetRescanInterval(config, 0)
        let loaded = document(for: fonts, appFiles: appFiles).withCString { text in
            text.withMemoryRebound(to: FcChar8.self, capacity: 1) {
                FcConfigParseAndLoadFromMemory(config, $0, FcFalse)
            }
        }
        guard loaded == FcTrue, FcConfigBuildFonts(config) == FcTrue else {
            throw FontError(path: fonts.root, reason: "fontconfig cannot use this font folder")
        }
        // Each app file alone, not its folder: the folder may hold other files.
        for file in appFiles {
            let added = file.withCString { path in
                path.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcConfigAppFontAddFile(config, $0) }
            }
            guard added == FcTrue else { throw FontError(path: file, reason: "is not a font file fontconfig can read") }
        }
        let files = configuration.loadedFiles
        let wanted = fonts.paths + appFiles
        if let unread = wanted.first(where: { !files.contains($0) }) {
            throw FontError(path: unread, reason: "is not a font file fontconfig can read")
        }
        if let other = files.first(where: { !wanted.contains($0) }) {
            throw FontError(path: other, reason: "is not a pinned font, yet fontconfig loaded it")
        }
        return configuration
    }

    /// Every file fontconfig lists in this configuration, sorted, each once (a collection's faces
    /// share their file).
    var loadedFiles: [String] { values(of: "file") }

    /// Every family name fontconfig lists in this configuration, sorted, each once.
    var loadedFamilies: [String] { values(of: "family") }

    /// Every value of the string property `name` of the fonts in this configuration, sorted.
    private func values(of name: String) -> [String] {
        var values = Set<String>()
        for kind in [FcSetSystem, FcSetApplication] {
            guard let set = FcConfigGetFonts(pointer, kind), let patterns = set.pointee.fonts else { continue }
            for index in 0..<Int(set.pointee.nfont) {
                guard let pattern = patterns[index] else { continue }
                var valueIndex: Int32 = 0
                var value: UnsafeMutablePointer<FcChar8>?
                while FcPatternGetString(pattern, name, valueIndex, &value) == FcResultMatch, let text = value {
                    values.insert(String(cString: text))
                    valueIndex += 1
                }
            }
        }
        return values.sorted()
    }

    /// The file and face index fontconfig matches for `family` at `weight`, upright, as Pango
    /// asks for it; `nil` when it matches nothing.
    func match(family: String, weight: TextRun.Weight) -> (file: String, index: Int)? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: 1) { FcPatternAddString(pattern, FC_FAMILY, $0) }
        }
        FcPatternAddInteger(pattern, FC_WEIGHT, weight == .bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR)
        FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN)
        guard FcConfigSubstitute(pointer, pattern, FcMatchPattern) == FcTrue else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(pointer, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        _ = FcPatternGetInteger(matched, FC_INDEX, 0, &index)
        return (String(cString: file), Int(index))
    }

    /// The `fonts.conf` text for `fonts`, with `appFiles` accepted too (they are added one by
    /// one, not through a folder).
    static func document(for fonts: FontSet, appFiles: [String] = []) -> String {
        let paths = fonts.paths
        var folders: [String] = []
        for path in paths {
            let folder = path.folderPart
            if !folders.contains(folder) { folders.append(folder) }
        }
        var lines = [
            "<?xml version=\"1.0\"?>",
            "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">",
            "<fontconfig>",
        ]
        lines += folders.map { "<dir>\($0.xmlEscaped)</dir>" }
        // The machine's cache of these folders (written by fc-cache when the fonts were
        // installed), else the user's; a folder without an up-to-date cache is scanned.
        lines += ["<cachedir>/var/cache/fontconfig</cachedir>", "<cachedir prefix=\"xdg\">fontconfig</cachedir>"]
        lines.append("<selectfont><acceptfont>")
        lines += (paths + appFiles).map { "<glob>\($0.xmlEscaped)</glob>" }
        lines.append("</acceptfont><rejectfont><glob>*</glob></rejectfont></selectfont>")
        lines += [
            "<match target=\"pattern\">",
            "<test qual=\"all\" name=\"family\" compare=\"not_eq\"><string>sans-serif</string></test>",
            "<test qual=\"all\" name=\"family\" compare=\"not_eq\"><string>serif</string></test>",
            "<test qual=\"all\" name=\"family\" compare=\"not_eq\"><string>monospace</string></test>",
            "<edit name=\"family\" mode=\"append_last\"><string>sans-serif</string></edit>",
            "</match>",
        ]
        // A colour bitmap font (the emoji) has one strike; it is scaled to the size asked for, as
        // fontconfig's own 10-scale-bitmap-fonts.conf does, or every emoji is drawn at 109 px.
        lines += [
            "<match target=\"font\"><test name=\"outline\" compare=\"eq\"><bool>false</bool></test>",
            "<edit name=\"pixelsizefixupfactor\" mode=\"assign\"><divide><name target=\"pattern\">pixelsize</name>",
            "<name target=\"font\">pixelsize</name></divide></edit></match>",
            "<match target=\"font\"><test name=\"outline\" compare=\"eq\"><bool>false</bool></test>",
            "<test name=\"pixelsizefixupfactor\" compare=\"not_eq\"><double>1.0</double></test>",
            "<edit name=\"matrix\" mode=\"assign\"><times><name>matrix</name><matrix>",
            "<name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name>",
            "</matrix></times></edit>",
            "<edit name=\"size\" mode=\"assign\"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>",
            "</match>",
        ]
        // Pango asks for an emoji run (a keycap's digit too) in the language und-zsye; asking for a
        // colour font then, as fontconfig's own 60-generic.conf does, draws it with the emoji font.
        lines += [
            "<match target=\"pattern\"><test name=\"lang\"><string>und-zsye</string></test>",
            "<test qual=\"all\" name=\"color\" compare=\"not_eq\"><bool>true</bool></test>",
            "<test qual=\"all\" name=\"color\" compare=\"not_eq\"><bool>false</bool></test>",
            "<edit name=\"color\" mode=\"append\"><bool>true</bool></edit></match>",
            // The generic `emoji` family is the emoji font, as fontconfig's own 45- and
            // 60-generic.conf say: without it Pango gives the parts of a ZWJ sequence fonts of
            // their own, and 🏴‍☠️ is drawn as a flag and a black ☠, 😮‍💨 as 😮 and 💨.
            "<alias binding=\"same\"><family>emoji</family><prefer><family>\(PinnedFamilies.emoji)</family></prefer></alias>",
        ]
        for (generic, families) in PinnedFamilies.generics {
            let preferred = (families + [PinnedFamilies.emoji]).map { "<family>\($0)</family>" }.joined()
            lines.append("<alias><family>\(generic)</family><prefer>\(preferred)</prefer></alias>")
        }
        lines.append("</fontconfig>")
        return TextLines.joined(lines)
    }
}
