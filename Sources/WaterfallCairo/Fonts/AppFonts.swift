import Foundation
import WaterfallCore
import WaterfallRender

/// Reads the font files a spec names (`fonts:`) into the `SceneFonts` a scene is measured and
/// drawn with.
///
/// Each file is read whole (at most ``maximumFileBytes``), its table directory checked against
/// its length, and each face read by FreeType, fontconfig and HarfBuzz, a few glyphs loaded;
/// anything else is refused with one line naming the file. The faces fontconfig then picks for
/// each family at the regular and bold weights are the ones SVG and HTML embed.
public enum AppFonts {
    /// The most bytes one font file may have.
    public static let maximumFileBytes = 32 * 1024 * 1024
    /// The most faces all the files may hold together.
    public static let maximumFaces = 256
    /// The most bytes all the files may have together: a scene keeps them for SVG and HTML.
    public static let maximumTotalBytes = 128 * 1024 * 1024

    /// One file to read: its path as the spec names it, for messages, and its path from the
    /// current folder.
    public struct Request: Sendable, Hashable {
        /// The path as the spec gives it.
        public var path: String
        /// The path to read, from the current folder.
        public var file: String
        /// The folders it may be read from: the spec's rule.
        ///
        /// `nil` reads ``file`` as it is (fonts a program names itself).
        public var rule: ReadRule?
        /// The folder ``path`` is relative to, with ``rule``.
        public var base: String

        /// Creates a request to read the font file `file`, named `path` in messages; with `rule`,
        /// `path` (relative to `base`) is opened beneath the rule's folders.
        public init(path: String, file: String, rule: ReadRule? = nil, base: String = ".") {
            self.path = path
            self.file = file
            self.rule = rule
            self.base = base
        }
    }

    /// Why one of the files cannot be used.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Which request, in the order given.
        public var index: Int
        /// The file as read, from the current folder.
        public var file: String
        /// Why: `is truncated: …`, `no such file`.
        public var reason: String

        /// The file and the reason.
        public var description: String { "\(file): \(reason)" }
    }

    /// The characters face `face` of the font file `data` has glyphs for: what an embedded
    /// subset holds, for tests.
    package static func characters(inFont data: [UInt8], face: Int = 0) -> Set<Unicode.Scalar> {
        FontFaces.characters(of: data, index: face)
    }

    /// The fonts of `requests`, or `nil` when there are none.
    public static func load(_ requests: [Request]) throws(Failure) -> SceneFonts? {
        guard !requests.isEmpty else { return nil }
        var files: [SceneFont] = []
        var faceCount = 0
        var byteCount = 0
        for (index, request) in requests.enumerated() {
            do throws(FontFileProblem) {
                let font = try read(request, maximumFaces: maximumFaces - faceCount)
                faceCount += font.faces.count
                byteCount += font.data.count
                guard byteCount <= maximumTotalBytes else {
                    throw FontFileProblem(
                        "brings the spec's fonts past \(maximumTotalBytes / 1_048_576) MiB, the most they may have together"
                    )
                }
                if let same = files.first(where: { $0.file == font.file }) {
                    throw FontFileProblem("is the same file as \(same.path)")
                }
                files.append(font)
            } catch {
                throw Failure(index: index, file: request.file, reason: error.reason)
            }
        }
        let configuration: FontConfiguration
        do {
            configuration = try FontConfiguration.including(files)
        } catch {
            let index = files.firstIndex { $0.file == error.path } ?? 0
            throw Failure(index: index, file: requests[index].file, reason: error.reason)
        }
        return SceneFonts(files: files, choices: choices(files, configuration), subsetter: HarfBuzzSubsetter())
    }

    /// Reads and proves one file.
    private static func read(_ request: Request, maximumFaces: Int) throws(FontFileProblem) -> SceneFont {
        let opened =
            request.rule.map { $0.open(request.path, relativeTo: request.base) }
            ?? RegularFile.open(request.file).mapError { .file($0) }
        let bytes: [UInt8]
        let identity: String
        switch opened.flatMap({ file in
            defer { try? file.descriptor.close() }
            return RegularFile.read(file.descriptor, expected: file.size, limit: maximumFileBytes)
                .map { ($0, RegularFile.identity(of: file.descriptor)) }.mapError { .file($0) }
        }) {
        case .success(let read): (bytes, identity) = read
        case .failure(.file(.tooLarge)): throw FontFileProblem("is larger than \(maximumFileBytes / 1_048_576) MiB")
        case .failure(let failure):
            throw FontFileProblem(request.rule?.reason(failure) ?? ReadRule(folders: ["/"]).reason(failure))
        }
        let offsets = try FontFileStructure.faceOffsets(bytes, maximumFaces: max(maximumFaces, 0))
        guard offsets.count <= maximumFaces else {
            throw FontFileProblem("brings the faces past \(Self.maximumFaces), the most a spec's fonts may hold")
        }
        for offset in offsets { _ = try FontFileStructure.tables(bytes, faceAt: offset) }
        // fontconfig reads the file again by path: an anonymous copy of the bytes just proved,
        // so no rename or link can put another file in its place.
        let sha256 = FileDigest.sha256(of: bytes)
        let file: String
        do {
            file = try AnonymousFile.holding(bytes, key: "\(identity) \(sha256)", fallback: request.file)
        } catch {
            throw FontFileProblem("cannot be copied for fontconfig (\(error.description))")
        }
        let faces = try FontFaces.read(bytes, file: file, count: offsets.count)
        return SceneFont(
            path: request.path, file: file, data: bytes, sha256: sha256, faces: faces)
    }

    /// For each family the files hold (in the fonts' own spelling, names a spec could not write
    /// left out), the face fontconfig matches at each weight.
    ///
    /// A choice's family is the name without bidirectional controls, as a spec's names are read
    /// and as SVG and HTML write it; fontconfig is asked by the name the file gives (as the
    /// text engine asks Pango).
    private static func choices(_ files: [SceneFont], _ configuration: FontConfiguration) -> [SceneFonts.Choice] {
        var families: [String] = []
        for font in files {
            for face in font.faces {
                for family in face.families
                where !families.contains(where: { $0.droppingBidiControls == family.droppingBidiControls })
                    && isNameable(family)
                {
                    families.append(family)
                }
            }
        }
        var choices: [SceneFonts.Choice] = []
        let copies = PinnedCopies()
        for family in families {
            for weight in [TextRun.Weight.regular, .bold] {
                guard let (file, index) = configuration.match(family: family, weight: weight),
                    let font = files.firstIndex(where: { $0.file == file }) ?? copies.index(of: file, in: files),
                    let face = files[font].faces.firstIndex(where: { $0.index == index }),
                    files[font].faces[face].families.contains(family)
                else { continue }
                choices.append(
                    SceneFonts.Choice(family: family.droppingBidiControls, weight: weight, font: font, face: face))
            }
        }
        return choices
    }

    /// Whether a spec could name `family`: the characters a family name in a spec may not hold
    /// (they would break out of CSS or SVG) are not in it.
    static func isNameable(_ family: String) -> Bool {
        let forbidden: Set<Character> = ["\"", "'", ";", "{", "}", "<", ">", "\\", "&"]
        return !family.droppingBidiControls.isEmpty
            && !family.contains {
                forbidden.contains($0) || $0.unicodeScalars.contains { $0.properties.generalCategory == .control }
            }
    }
}

/// The app files that are copies of pinned fonts fontconfig matched first, each pinned file read
/// once: an app file that is a copy of a pinned one draws the same either way.
private final class PinnedCopies {
    private var known: [String: Int?] = [:]

    /// The app file whose bytes are those of the pinned file `file`, or `nil`.
    func index(of file: String, in files: [SceneFont]) -> Int? {
        if let index = known[file] { return index }
        var index: Int?
        if case .success(let bytes) = RegularFile.read(atPath: file, limit: AppFonts.maximumFileBytes) {
            let digest = FileDigest.sha256(of: bytes)
            index = files.firstIndex { $0.sha256 == digest }
        }
        known[file] = index
        return index
    }
}
