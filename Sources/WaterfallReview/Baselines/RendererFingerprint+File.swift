import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallPipeline

/// The fingerprint file beside the baselines: what shaped them, written by `check --record` and
/// compared by `check`.
extension RendererFingerprint {
    /// The file's name in a baselines folder.
    public static let fileName = "waterfall-fingerprint.json"

    /// Larger files are not read: a fingerprint is about two kilobytes.
    static let maxFileBytes = 1 << 20

    /// The file's bytes: keys in a fixed order, one font a line, so the same machine always
    /// writes the same bytes and a change reads well in a diff.
    public var json: [UInt8] {
        func quoted(_ text: String) -> String { text.jsonQuoted }
        var lines = ["{"]
        lines.append("  \"about\": \(quoted("what shaped these baselines; waterfall check --record writes it")),")
        lines.append("  \"cairo\": \(quoted(cairo)),")
        lines.append("  \"pango\": \(quoted(pango)),")
        lines.append("  \"harfbuzz\": \(quoted(harfBuzz)),")
        lines.append("  \"freetype\": \(quoted(freeType)),")
        lines.append("  \"fontconfig\": \(quoted(fontconfig)),")
        lines.append("  \"fonts\": [")
        for (index, font) in fonts.enumerated() {
            let comma = index == fonts.count - 1 ? "" : ","
            lines.append("    {\"file\": \(quoted(font.file)), \"sha256\": \(quoted(font.sha256))}\(comma)")
        }
        // Only baselines of specs that name their own fonts have the key: others keep their bytes.
        if appFonts.isEmpty {
            lines.append("  ]")
        } else {
            lines.append("  ],")
            lines.append("  \"appFonts\": [")
            let sorted = Self.sorted(appFonts)
            for (index, font) in sorted.enumerated() {
                let comma = index == sorted.count - 1 ? "" : ","
                lines.append(
                    "    {\"spec\": \(quoted(font.spec)), \"path\": \(quoted(font.path)), \"sha256\": \(quoted(font.sha256))}\(comma)"
                )
            }
            lines.append("  ]")
        }
        lines.append("}")
        return Array(TextLines.joined(lines).utf8)
    }

    /// The fingerprint in `json`, as ``json`` writes it (any key order, unknown keys ignored).
    public init(json: [UInt8]) throws(FingerprintFileError) {
        let decoded: FileContents
        do {
            decoded = try JSONDecoder().decode(FileContents.self, from: Data(json))
        } catch DecodingError.keyNotFound(let key, _) {
            throw FingerprintFileError(reason: "no \"\(key.stringValue)\" key")
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            throw FingerprintFileError(reason: "\(path.drop { $0 == "." }) is not what a fingerprint holds")
        } catch {
            throw FingerprintFileError(reason: "not JSON")
        }
        self.init(
            cairo: decoded.cairo, pango: decoded.pango, harfBuzz: decoded.harfbuzz, freeType: decoded.freetype,
            fontconfig: decoded.fontconfig, fonts: decoded.fonts.map { Font(file: $0.file, sha256: $0.sha256) })
        appFonts = Self.sorted(
            (decoded.appFonts ?? []).map { AppFont(spec: $0.spec, path: $0.path, sha256: $0.sha256) })
    }

    /// The fingerprint recorded in the `baselines` folder: nil when there is none.
    public static func recorded(inBaselines baselines: String) throws(FingerprintFileError) -> RendererFingerprint? {
        let path = Path.join(baselines, fileName)
        // Never opened unless a regular file: a FIFO would block the check.
        switch NamedFolder.read(path, limit: maxFileBytes) {
        case .success(let bytes): return try RendererFingerprint(json: bytes)
        case .failure(.system(.noSuchFileOrDirectory)): return nil
        case .failure(let failure) where failure.isLink:
            throw FingerprintFileError(reason: "is a symbolic link; baselines are read only as regular files")
        case .failure(.notRegular): throw FingerprintFileError(reason: "is not a regular file")
        case .failure(.tooLarge): throw FingerprintFileError(reason: "is larger than 1 MiB")
        case .failure(.system): throw FingerprintFileError(reason: "cannot be read")
        }
    }

    /// Writes the fingerprint into the `baselines` folder, in one step (see `AtomicFile`),
    /// unless the file there already holds these bytes.
    public func record(inBaselines baselines: String) throws(FileError) {
        let path = Path.join(baselines, Self.fileName)
        let bytes = json
        if (try? Self.recorded(inBaselines: baselines)) == self,
            case .success(let existing) = NamedFolder.read(path, limit: Self.maxFileBytes),
            existing == bytes
        {
            return
        }
        try AtomicFile.write(bytes, to: path)
    }

    /// What changed since `recorded`, one entry a library or font: `Pango 1.50.12 → 1.52.0`,
    /// `NotoColorEmoji.ttf 3f1a9c2b0d4e → 8b7c6d5e4f3a`; empty when nothing did.
    public func changes(fromRecorded recorded: RendererFingerprint) -> [String] {
        var changes: [String] = []
        for (old, new) in zip(recorded.libraries, libraries) where old.version != new.version {
            changes.append("\(new.name) \(old.version) → \(new.version)".escapedForMessage)
        }
        let oldFonts = Dictionary(recorded.fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        let newFonts = Dictionary(fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        for file in Set(oldFonts.keys).union(newFonts.keys).sorted() where oldFonts[file] != newFonts[file] {
            let name = (file as NSString).lastPathComponent
            let change =
                switch (oldFonts[file], newFonts[file]) {
                case (let old?, let new?): "\(name) \(old.prefix(12)) → \(new.prefix(12))"
                case (nil, _): "\(name) added"
                case (_, nil): "\(name) removed"
                }
            changes.append(change.escapedForMessage)
        }
        for (name, old, new) in appFontChanges(fromRecorded: recorded) {
            let change =
                switch (old, new) {
                case (let old?, let new?): "\(name) \(old.prefix(12)) → \(new.prefix(12))"
                case (nil, _): "\(name) added"
                case (_, nil): "\(name) removed"
                }
            changes.append(change.escapedForMessage)
        }
        return changes
    }

    /// The specs' font files that differ from `recorded`, by name, with their digests then and
    /// now; only for the specs this fingerprint has font files of.
    func appFontChanges(fromRecorded recorded: RendererFingerprint) -> [(String, String?, String?)] {
        appFontFileChanges(fromRecorded: recorded).map { ("\($0.spec): \($0.path)", $0.old, $0.new) }
    }

    /// The specs' font files that differ from `recorded`: the spec's name as its baselines are
    /// named, the path as the spec gives it, the digests then and now; sorted by spec and path.
    private func appFontFileChanges(
        fromRecorded recorded: RendererFingerprint
    ) -> [(spec: String, path: String, old: String?, new: String?)] {
        struct Key: Hashable, Comparable {
            var spec: String
            var path: String
            static func < (a: Key, b: Key) -> Bool { (a.spec, a.path) < (b.spec, b.path) }
        }
        let specs = Set(appFonts.map(\.spec))
        let old = Dictionary(
            recorded.appFonts.filter { specs.contains($0.spec) }.map { (Key(spec: $0.spec, path: $0.path), $0.sha256) },
            uniquingKeysWith: { first, _ in first })
        let new = Dictionary(
            appFonts.map { (Key(spec: $0.spec, path: $0.path), $0.sha256) }, uniquingKeysWith: { first, _ in first })
        return Set(old.keys).union(new.keys).sorted().compactMap { key in
            old[key] == new[key] ? nil : (key.spec, key.path, old[key], new[key])
        }
    }

    /// One clause for each of the specs' own font files that differs from `recorded`, said of
    /// the spec, once a file however many variants of the spec were checked: `feed.yaml's font
    /// fonts/Brand.ttf changed since the baselines were recorded (sha256 ab12cd34ef56… →
    /// 9f8e7d6c5b4a…)`.
    ///
    /// - Parameters:
    ///   - recorded: The fingerprint beside the baselines.
    ///   - specFiles: The spec file of each name baselines are named after (`feed@375.dark` →
    ///     `feed.yaml`); a name not in it is said as it is.
    /// - Returns: The clauses, at most three and a count of the rest, escaped for a message.
    public func appFontDifferences(fromRecorded recorded: RendererFingerprint, specFiles: [String: String] = [:])
        -> [String]
    {
        var seen = Set<String>()
        var clauses: [String] = []
        for change in appFontFileChanges(fromRecorded: recorded) {
            let font = "\(specFiles[change.spec] ?? change.spec)'s font \(change.path)"
            let clause =
                switch (change.old, change.new) {
                case (let old?, let new?):
                    "\(font) changed since the baselines were recorded (sha256 \(old.prefix(12))… → \(new.prefix(12))…)"
                case (nil, _): "\(font) is new since the baselines were recorded"
                case (_, nil): "\(font) was there when the baselines were recorded and is not now"
                }
            if seen.insert(clause).inserted { clauses.append(clause.escapedForMessage) }
        }
        guard clauses.count > 3 else { return clauses }
        return Array(clauses.prefix(3)) + ["\(clauses.count - 3) more of the specs' font files changed"]
    }

    /// One clause saying how this machine differs from `recorded`, or nil when it does not:
    /// `the baselines were made with Pango 1.50.12; this machine has Pango 1.52.0`.
    ///
    /// Only the machine's libraries and pinned fonts are compared: a spec's own font files are
    /// the spec's, not the machine's (see ``appFontDifferences(fromRecorded:specFiles:)``). At
    /// most four differences are named (the libraries first, then fonts by file); the rest are
    /// counted. Values read from the file are escaped for a one-line message.
    public func differences(fromRecorded recorded: RendererFingerprint) -> String? {
        var then: [String] = []
        var now: [String] = []
        for (old, new) in zip(recorded.libraries, libraries) where old.version != new.version {
            then.append("\(old.name) \(old.version)")
            now.append("\(new.name) \(new.version)")
        }
        let oldFonts = Dictionary(recorded.fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        let newFonts = Dictionary(fonts.map { ($0.file, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        for file in Set(oldFonts.keys).union(newFonts.keys).sorted() where oldFonts[file] != newFonts[file] {
            let name = (file as NSString).lastPathComponent
            then.append(oldFonts[file].map { "\(name) \($0.prefix(12))" } ?? "no \(name)")
            now.append(newFonts[file].map { "\(name) \($0.prefix(12))" } ?? "no \(name)")
        }
        guard !then.isEmpty else { return nil }
        func list(_ items: [String]) -> String { ProseList.joined(items, atMost: 5).escapedForMessage }
        return "the baselines were made with \(list(then)); this machine has \(list(now))"
    }
}

/// Why a fingerprint file cannot be read.
public struct FingerprintFileError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the file.
    public var reason: String

    /// Creates an error with its reason.
    public init(reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

/// The file's JSON, as decoded.
private struct FileContents: Decodable {
    struct Font: Decodable {
        var file: String
        var sha256: String
    }

    var cairo: String
    var pango: String
    var harfbuzz: String
    var freetype: String
    var fontconfig: String
    var fonts: [Font]
    var appFonts: [AppFont]?

    struct AppFont: Decodable {
        var spec: String
        var path: String
        var sha256: String
    }
}
