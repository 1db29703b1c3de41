import Foundation
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// What produced a spec's baselines, stored beside them as `NAME.inputs.json`: the spec in a
/// normalized form, the data-file records it read, and each image's digest and size.
///
/// `check --record` writes it with the baselines; `check` reads it back to name what changed in
/// the spec's own terms (see ``InputChange``). It is one file a spec, shared by its variants,
/// as every variant is drawn from the same inputs.
public struct RecordedInputs: Sendable, Hashable, Codable {
    /// One image the spec's cards draw.
    public struct Image: Sendable, Hashable, Codable {
        /// The image as the spec names it: a path relative to the spec, or a URL.
        public var path: String
        /// The SHA-256 of the image file's bytes, in lower-case hex.
        public var sha256: String
        /// Its size in pixels.
        public var width: Int
        /// Its height in pixels.
        public var height: Int
        /// The cards that draw it, as `[section, item]` pairs in document order.
        public var cards: [[Int]]

        /// Creates the record of one image.
        public init(path: String, sha256: String, width: Int, height: Int, cards: [[Int]] = []) {
            self.path = path
            self.sha256 = sha256
            self.width = width
            self.height = height
            self.cards = cards
        }
    }

    /// One of the spec's own font files (`fonts:`).
    public struct Font: Sendable, Hashable, Codable {
        /// The file as the spec names it.
        public var path: String
        /// The SHA-256 of the file's bytes, in lower-case hex.
        public var sha256: String

        /// Creates the record of one font file.
        public init(path: String, sha256: String) {
            self.path = path
            self.sha256 = sha256
        }
    }

    /// The format's name, so that a stray file is not mistaken for a record.
    public var format = Self.formatName
    /// The format's version; a record of another version is not read.
    public var version = Self.version
    /// The spec document; `nil` when it was too large to keep.
    public var spec: SpecValue?
    /// The records of each data file read, in the order the spec reads them.
    public var data: [SpecInputs.DataSource]
    /// The images, by path.
    public var images: [Image]
    /// The spec's own font files, in the spec's order; empty when it names none (and in records
    /// written before fonts were recorded).
    public var fonts: [Font] = []

    /// The name of the format.
    public static let formatName = "waterfall inputs"
    /// The version written.
    public static let version = 1
    /// The largest record read or written: a larger one is written without its spec and data
    /// (see ``bounded``), whose changes then cannot be named.
    public static let maximumBytes = 32 << 20

    /// Creates the record of `inputs` and the images of `scene`.
    public init(inputs: SpecInputs, scene: Scene) {
        spec = inputs.document
        data = inputs.dataSources
        var cards: [Int: [[Int]]] = [:]
        for element in scene.elements {
            guard let image = element.image, let item = element.item else { continue }
            cards[image.id, default: []].append([element.section, item])
        }
        images = scene.images.map {
            Image(
                path: $0.path, sha256: FileDigest.sha256(of: $0.data), width: $0.pixelWidth, height: $0.pixelHeight,
                cards: cards[$0.id] ?? [])
        }.sorted { $0.path < $1.path }
        fonts = scene.fonts?.files.map { Font(path: $0.path, sha256: $0.sha256) } ?? []
    }

    /// Creates a record from its parts.
    public init(spec: SpecValue?, data: [SpecInputs.DataSource] = [], images: [Image] = [], fonts: [Font] = []) {
        self.spec = spec
        self.data = data
        self.images = images.sorted { $0.path < $1.path }
        self.fonts = fonts
    }

    private enum CodingKeys: String, CodingKey {
        case format, version, spec, data, images, fonts
    }

    /// Reads a record; one without `fonts` (the spec names none, or it predates them) has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(String.self, forKey: .format)
        version = try container.decode(Int.self, forKey: .version)
        spec = try container.decodeIfPresent(SpecValue.self, forKey: .spec)
        data = try container.decode([SpecInputs.DataSource].self, forKey: .data)
        images = try container.decode([Image].self, forKey: .images)
        fonts = try container.decodeIfPresent([Font].self, forKey: .fonts) ?? []
    }

    /// The record, or, when it would be larger than ``maximumBytes``, the record without the spec
    /// and its data, which then say nothing.
    public var bounded: RecordedInputs {
        guard bytes.count > Self.maximumBytes else { return self }
        return RecordedInputs(spec: nil, images: images, fonts: fonts)
    }

    /// Whether the spec and its data are in the record: without them, no change can be named.
    public var isComplete: Bool { spec != nil }

    /// The file name of a spec's record: `NAME.inputs.json`, NAME being the spec's base name.
    public static func fileName(for name: String) -> String { "\(name).inputs.json" }

    /// The record as JSON, the same bytes for the same inputs: keys sorted, numbers shortest.
    public var bytes: [UInt8] {
        var out = "{\"format\":\(format.jsonQuoted),\"version\":\(version)"
        out += ",\"spec\":\(spec?.json ?? "null")"
        out += ",\"data\":["
        out += data.map { source in
            "{\"file\":\(source.file.jsonQuoted),\"at\":\(source.at.jsonQuoted),\"section\":\(source.section)"
                + ",\"firstItem\":\(source.firstItem),\"records\":\(SpecValue.list(source.records).json)}"
        }.joined(separator: ",\n")
        out += "],\n\"images\":["
        out += images.map { image in
            "{\"path\":\(image.path.jsonQuoted),\"sha256\":\(image.sha256.jsonQuoted)"
                + ",\"width\":\(image.width),\"height\":\(image.height)"
                + ",\"cards\":[\(image.cards.map { "[\($0.map(String.init).joined(separator: ","))]" }.joined(separator: ","))]}"
        }.joined(separator: ",\n")
        out += "]"
        // Only a spec that names fonts has the key: other records keep their bytes.
        if !fonts.isEmpty {
            out += ",\n\"fonts\":["
            out += fonts.map { "{\"path\":\($0.path.jsonQuoted),\"sha256\":\($0.sha256.jsonQuoted)}" }.joined(
                separator: ",\n")
            out += "]"
        }
        return Array((out + "}\n").utf8)
    }

    /// The record of the spec named `name` in the folder `baselines`.
    ///
    /// - Returns: `nil` when there is none.
    /// - Throws: ``ReviewError`` naming the file when it is there but cannot be read or is not a
    ///   record (a baselines folder may come from an untrusted branch: the file is read within a
    ///   limit, and the JSON parser refuses nesting deeper than it can take).
    public static func read(name: String, inBaselines baselines: String) throws(ReviewError) -> RecordedInputs? {
        let path = Path.join(baselines, fileName(for: name))
        let bytes: [UInt8]
        switch NamedFolder.read(path, limit: maximumBytes) {
        case .success(let read): bytes = read
        case .failure(let failure):
            if failure.isMissing { return nil }
            if failure.isLink { throw .baselineLink(path) }
            throw ReviewError(reason: "\(path): \(failure.reason)")
        }
        let record: RecordedInputs
        do {
            record = try JSONDecoder().decode(RecordedInputs.self, from: Data(bytes))
        } catch {
            throw ReviewError(reason: "\(path): not a record of a spec's inputs")
        }
        guard record.format == formatName, record.version == version else {
            throw ReviewError(reason: "\(path): a record of another format or version")
        }
        return record
    }
}
