import Foundation
import WaterfallCore

/// One face of an app font file: the families it answers to, its weight and slant.
public struct SceneFontFace: Sendable, Hashable {
    /// The family names the face is known by, its typographic family first (`Inter`, then
    /// `Inter Medium` for a medium face).
    public var families: [String]
    /// Its weight on CSS's scale (the `OS/2` table's `usWeightClass`: 400 regular, 700 bold).
    public var weight: Int
    /// Whether the face is italic or oblique.
    public var isItalic: Bool
    /// Its index in the file (0 unless the file is a collection).
    public var index: Int

    /// Creates the description of one face.
    public init(families: [String], weight: Int, isItalic: Bool, index: Int) {
        self.families = families
        self.weight = weight
        self.isItalic = isItalic
        self.index = index
    }
}

/// A font file a spec names (`fonts:`), read whole and proved a font.
///
/// PNG and PDF draw with the file itself; SVG and HTML embed a subset of each face they use.
public struct SceneFont: Sendable {
    /// The path as the spec gives it, for messages and records.
    public var path: String
    /// The file's absolute path, links resolved: what fontconfig reads.
    public var file: String
    /// The file's bytes, as hashed and proved.
    public var data: [UInt8]
    /// The SHA-256 of ``data``, in lower-case hex.
    public var sha256: String
    /// Its faces, in file order.
    public var faces: [SceneFontFace]

    /// Creates a font file's record from its bytes and faces.
    public init(path: String, file: String, data: [UInt8], sha256: String, faces: [SceneFontFace]) {
        self.path = path
        self.file = file
        self.data = data
        self.sha256 = sha256
        self.faces = faces
    }
}

/// Cuts a face of a font file down to the glyphs some text needs (HarfBuzz's subsetter, in
/// WaterfallCairo), so that SVG and HTML embed what they draw and no more.
public protocol FontSubsetting: Sendable {
    /// The face numbered `face` in the file `font` (``SceneFontFace/index``) with only what `characters` need: their glyphs, the glyphs
    /// the font's layout features reach from them, and the tables shaping uses.
    ///
    /// The same input gives the same bytes.
    func subset(_ font: SceneFont, face: Int, characters: [Unicode.Scalar]) throws -> [UInt8]
}

/// The app's font files a scene is drawn with, beside the pinned ones, and which face draws each
/// family at each weight.
///
/// A class, shared by a scene and its screens: the subsets SVG and HTML embed are made once for
/// each set of characters.
public final class SceneFonts: Sendable {
    /// Which face the text engine draws a family at a weight with.
    public struct Choice: Sendable, Hashable {
        /// The family as the font spells it.
        public var family: String
        /// The weight asked for.
        public var weight: TextRun.Weight
        /// The file, an index into ``SceneFonts/files``.
        public var font: Int
        /// The face, an index into that file's faces.
        public var face: Int

        /// Creates a choice of face for a family at a weight.
        public init(family: String, weight: TextRun.Weight, font: Int, face: Int) {
            self.family = family
            self.weight = weight
            self.font = font
            self.face = face
        }
    }

    /// The files, in the spec's order.
    public let files: [SceneFont]
    /// The face of each family at each weight, as the text engine picks them.
    public let choices: [Choice]
    private let subsetter: any FontSubsetting
    private let subsets = Locked<[SubsetKey: [UInt8]]>([:])

    private struct SubsetKey: Hashable {
        var font: Int
        var face: Int
        var characters: [Unicode.Scalar]
    }

    /// Creates the fonts of a scene.
    public init(files: [SceneFont], choices: [Choice], subsetter: any FontSubsetting) {
        self.files = files
        self.choices = choices
        self.subsetter = subsetter
    }

    /// Every family the files hold, in the fonts' own spelling, each once, sorted.
    public var families: [String] {
        Array(Set(choices.map(\.family))).sorted()
    }

    /// The family `name` means (compared as fontconfig compares: ignoring case and spaces), in
    /// the font's own spelling; `nil` when no file holds it.
    public func family(named name: String) -> String? {
        let key = PinnedFamilies.comparable(name)
        return choices.first { PinnedFamilies.comparable($0.family) == key }?.family
    }
}

/// One `@font-face` rule of a document: a family at the weights one face draws it, with the
/// face's subset.
public struct EmbeddedFontFace: Sendable, Equatable {
    /// The family, as the font spells it.
    public var family: String
    /// The CSS weights the face stands for: `400`, `700` or `400 700`.
    public var weights: String
    /// `font/otf` or `font/ttf`.
    public var mediaType: String
    /// `opentype` or `truetype`, for `format()`.
    public var format: String
    /// The subset's bytes.
    public var data: [UInt8]

    /// The rule's source: the subset as a data URL.
    public var dataURL: String { "data:\(mediaType);base64,\(Data(data).base64EncodedString())" }
}

extension SceneFonts {
    /// The `@font-face` rules `scene` needs, in the order of the files and faces, then of the families.
    ///
    /// For each app family its text is drawn in, the face of each weight, cut down to the
    /// characters drawn in it (emoji apart: the emoji font draws those).
    public func embeddedFaces(in scene: Scene) throws -> [EmbeddedFontFace] {
        struct Use {
            var characters = Set<Unicode.Scalar>()
            var families: [String: Set<TextRun.Weight>] = [:]
        }
        var uses: [[Int]: Use] = [:]
        for element in scene.elements {
            for run in element.texts {
                var scalars: Set<Unicode.Scalar>?
                for name in run.fontFamilies {
                    guard let family = family(named: name),
                        let choice = choices.first(where: { $0.family == family && $0.weight == run.weight })
                    else { continue }
                    if scalars == nil {
                        var set = Set<Unicode.Scalar>()
                        for character in run.text where !character.isEmojiGlyph {
                            set.formUnion(character.unicodeScalars)
                        }
                        scalars = set
                    }
                    let key = [choice.font, choice.face]
                    uses[key, default: Use()].characters.formUnion(scalars ?? [])
                    uses[key, default: Use()].families[family, default: []].insert(run.weight)
                }
            }
        }
        var faces: [EmbeddedFontFace] = []
        for key in uses.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            guard let use = uses[key] else { continue }
            let data = try subset(font: key[0], face: key[1], characters: use.characters.sorted { $0.value < $1.value })
            let isCFF = data.starts(with: Array("OTTO".utf8))
            for family in use.families.keys.sorted() {
                let weights = (use.families[family] ?? []).map { $0 == .bold ? 700 : 400 }.sorted()
                faces.append(
                    EmbeddedFontFace(
                        family: family, weights: weights.map(String.init).joined(separator: " "),
                        mediaType: isCFF ? "font/otf" : "font/ttf", format: isCFF ? "opentype" : "truetype",
                        data: data))
            }
        }
        return faces
    }

    /// The subset of a face for `characters`, made once.
    private func subset(font: Int, face: Int, characters: [Unicode.Scalar]) throws -> [UInt8] {
        let key = SubsetKey(font: font, face: face, characters: characters)
        if let known = subsets.withLock({ $0[key] }) { return known }
        let data = try subsetter.subset(files[font], face: files[font].faces[face].index, characters: characters)
        subsets.withLock { cache in
            // A served spec edited many times keeps a few documents' subsets, not every one.
            if cache.count >= 64 { cache.removeAll() }
            cache[key] = data
        }
        return data
    }
}
