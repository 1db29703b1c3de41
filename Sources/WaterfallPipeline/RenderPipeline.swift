import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Spec → layout → scene → renderers: the one path that `render`, `check`, `examples`, the
/// snapshot strategies and the benchmark all take.
///
/// Each distinct image is read and proved whole once while the scene is built, its pixels kept
/// for the formats that draw them, and every format draws that same scene.
public struct RenderPipeline: Sendable {
    /// The formats to render, in order.
    public var renderers: [Renderer]
    /// Device pixels per point in raster output; the spec's own `scale` when `nil`.
    public var scale: Double?
    /// What to draw for an image that cannot be read or fetched.
    public var missingImages: MissingImagePolicy
    /// How images named by URL are fetched and cached; one value serves a whole run.
    public var remoteImages: RemoteImages
    /// Whether images are decoded to pixels that are kept for drawing when the scene is built.
    ///
    /// `nil` (the default) keeps them unless every renderer is one that never draws pixels (SVG,
    /// HTML and layout JSON embed or skip the files): then each image is proved whole with the
    /// same errors, and its pixels are not kept. Set it to `true` when the prepared scene is drawn
    /// by other means, such as `CairoRenderer.rasterizeTiles`.
    public var keepsImagePixels: Bool?
    /// Whether ``prepare(_:screens:)`` holds the pictures to the pixel limit
    /// (`CairoRenderer.maximumPicturePixels`) from the layout, before the scene is built.
    ///
    /// `nil` (the default) holds them when a renderer draws PNG. Set it to `true` when the
    /// prepared scene is drawn to pixels by other means (a check's tiles, the audit), `false` when
    /// only screens of it are drawn that are checked on their own (a clip's frames).
    public var drawsPictures: Bool?
    /// Folders a spec's files may be read from besides its root (`--allow-read`); see ``loadSpec(at:keepingInputs:)``.
    public var allowedFolders: [String] = []
    /// The folders that are every spec's roots instead of its own (`serve`'s served folders);
    /// `nil` for each spec's own root.
    public var readRoots: [String]?

    /// Creates a pipeline for the formats `renderers`; images that cannot be read are errors unless told otherwise.
    public init(
        renderers: [Renderer], scale: Double? = nil, missingImages: MissingImagePolicy = .error,
        remoteImages: RemoteImages = RemoteImages()
    ) {
        self.renderers = renderers
        self.scale = scale
        self.missingImages = missingImages
        self.remoteImages = remoteImages
    }

    /// The spec laid out and made into a scene, every image proved whole.
    ///
    /// Cards whose height comes from their image and text are measured first, at the width the
    /// layout gives them, with the fonts the renderers draw: the heights `layout` reports are the
    /// heights every format draws.
    ///
    /// Before the scene is built (text drawn, images decoded), a card less than one device pixel
    /// tall is refused, and, when the pictures are held to the pixel limit (``drawsPictures``),
    /// a picture over it: the whole page, or each of `screens` when only they are drawn.
    public func prepare(_ spec: Spec, screens: Screens? = nil) throws -> PreparedSpec {
        let (sizer, layout) = try laidOut(spec, screens: screens)
        let builder = SceneBuilder(
            measurer: sizer.measurer, missingImages: missingImages, imageValidator: imageValidator)
        let scene = try builder.scene(for: spec, layout: layout, scale: scale, images: sizer.images, sizer: sizer)
        return PreparedSpec(spec: spec, layout: layout, scene: scene)
    }

    /// Refuses `spec` as ``prepare(_:screens:)`` would before it builds a scene: a picture over
    /// the pixel limit, a card under a device pixel; a command that draws several variants asks
    /// this of every one before it draws any.
    public func checkBounds(_ spec: Spec, screens: Screens? = nil) throws {
        _ = try laidOut(spec, screens: screens)
    }

    /// `spec` measured and laid out, held to the bounds (see ``prepare(_:screens:)``).
    private func laidOut(_ spec: Spec, screens: Screens?) throws -> (sizer: CardSizer, layout: Layout) {
        try checkPicturesBeforeMeasuring(spec, screens: screens)
        let sizer = try cardSizer(for: spec, validator: imageValidator)
        let layout = try self.layout(spec, sizer: sizer)
        if holdsPicturesToPixelLimit { try checkPictures(of: spec, layout: layout, screens: screens) }
        try checkCardsVisible(spec, layout: layout)
        return (sizer, layout)
    }

    /// The feed of `spec` once one more page is loaded after `pages` loaded ones (see
    /// `Spec.loadingPages(_:)`), its layout grown from `previous`'s through the incremental
    /// layout API (`Layout.appendItems(_:toSection:)`), as a collection view inserts a page of
    /// cells: the cards already placed stay, the new ones are placed after them.
    ///
    /// - Parameters:
    ///   - spec: The whole feed, every page of it.
    ///   - pages: How many pages `previous` has loaded.
    ///   - previous: The feed with `pages` pages loaded, as this method or
    ///     ``prepare(_:screens:)`` of `spec.loadingPages(pages)` made it.
    public func prepareNextPage(of spec: Spec, after pages: Int, previous: PreparedSpec) throws -> PreparedSpec {
        let next = spec.loadingPages(pages + 1)
        let sizer = try cardSizer(for: next, validator: imageValidator)
        let configuration = next.needsCardSizing ? try next.measuredConfiguration(sizing: sizer) : next.configuration
        var layout = previous.layout
        let checked = layout.sectionItemCounts
        for (section, items) in spec.itemsOfPage(after: pages) {
            let start = layout.numberOfItems(inSection: section)
            let added = Array(configuration.sections[section].items[start..<(start + items.count)])
            do {
                try layout.appendItems(added, toSection: section)
            } catch {
                throw SpecError(file: spec.source, location: "sections[\(section)]", message: error.message)
            }
        }
        try checkCardsVisible(next, layout: layout, checked: checked)
        let builder = SceneBuilder(
            measurer: sizer.measurer, missingImages: missingImages, imageValidator: imageValidator)
        let scene = try builder.scene(for: next, layout: layout, scale: scale, images: sizer.images, sizer: sizer)
        return PreparedSpec(spec: next, layout: layout, scene: scene)
    }

    /// The spec's layout, its cards measured as ``prepare(_:screens:)`` measures them.
    ///
    /// Nothing is drawn, so images are proved whole without keeping their pixels. A card less
    /// than one device pixel tall at the scale it would be drawn at is refused, as there.
    public func layout(_ spec: Spec) throws -> Layout {
        let layout = try layout(
            spec, sizer: spec.needsCardSizing ? cardSizer(for: spec, validator: Self.validateImage) : nil)
        try checkCardsVisible(spec, layout: layout)
        return layout
    }

    /// The spec's layout as ``layout(_:)`` computes it, except that each image named in
    /// `imageSizes` (by its path as the spec names it) is taken to have that size in pixels and
    /// its file is not read: the layout the feed had, or would have, with other images.
    ///
    /// - Parameters:
    ///   - spec: The spec to lay out.
    ///   - imageSizes: Pixel sizes by image path, over the files'.
    public func layout(_ spec: Spec, imageSizes: [String: Size]) throws -> Layout {
        guard spec.needsCardSizing else { return try spec.layout() }
        let sizer = try cardSizer(for: spec, validator: Self.validateImage)
        sizer.imageSizes = imageSizes
        return try spec.layout(sizing: sizer)
    }

    private func layout(_ spec: Spec, sizer: CardSizer?) throws -> Layout {
        guard let sizer, spec.needsCardSizing else { return try spec.layout() }
        return try spec.layout(sizing: sizer)
    }

    /// The sizer, with the spec's images; images named by URL are fetched into the cache first,
    /// so from here on every URL is a local file (or the reason it is not).
    private func cardSizer(
        for spec: Spec, validator: @escaping @Sendable (SceneImage) throws -> Void
    ) throws -> CardSizer {
        let remote = try remoteImages.resolve(spec, missingImages: missingImages)
        return CardSizer(
            measurer: try PangoTextMeasurer(fonts: spec.loadFonts()),
            images: SceneImages(
                base: spec.baseDirectory, readRule: spec.readRule, validator: validator, remote: remote,
                places: spec.imagePlaces),
            missingImages: missingImages, source: spec.source)
    }

    /// The spec file at `path` (`-` for standard input), laid out and made into a scene.
    public func prepare(specAt path: String) throws -> PreparedSpec {
        try prepare(try loadSpec(at: path))
    }

    /// The spec file at `path` (`-` for standard input), its files read only inside its root,
    /// ``readRoots`` when set, or ``allowedFolders`` (see `Spec.load(path:keepingInputs:allowing:roots:)`).
    public func loadSpec(at path: String, keepingInputs: Bool = false) throws(SpecError) -> Spec {
        try Spec.load(path: path, keepingInputs: keepingInputs, allowing: allowedFolders, roots: readRoots)
    }

    /// Renders every format, handing each piece of output to `emit` with the renderer that made it.
    ///
    /// Consecutive pieces with the same renderer and suffix make one file.
    public func render(_ prepared: PreparedSpec, emit: (Renderer, RenderedFile) throws -> Void) throws {
        for renderer in renderers {
            do {
                try renderer.render(prepared.scene) { try emit(renderer, $0) }
            } catch let error as any UserFacingError {
                throw error
            } catch {
                throw RenderFailure(file: prepared.spec.source, format: renderer.format, reason: "\(error)")
            }
        }
    }

    /// Renders every format into memory: one entry a file, in order.
    public func render(_ prepared: PreparedSpec) throws -> [RenderedOutput] {
        var outputs: [RenderedOutput] = []
        try render(prepared) { renderer, piece in
            if let last = outputs.last, last.format == renderer.format, last.suffix == piece.suffix {
                outputs[outputs.count - 1].bytes += piece.bytes
            } else {
                outputs.append(
                    RenderedOutput(format: renderer.format, suffix: piece.suffix, bytes: piece.bytes))
            }
        }
        return outputs
    }

    /// Proves each image whole as the scene is built, so a corrupt file is reported at its item:
    /// by decoding it and keeping the pixels for the formats that draw them, or, when none will
    /// (see ``keepsImagePixels``), without keeping them.
    private var imageValidator: @Sendable (SceneImage) throws -> Void {
        let keeps =
            keepsImagePixels
            ?? (renderers.isEmpty || renderers.contains { $0.format.drawsPixels })
        return keeps ? Self.decodeImage : Self.validateImage
    }

    /// Decodes an image and keeps its pixels for every format that draws it.
    static let decodeImage: @Sendable (SceneImage) throws -> Void = { image in
        do {
            _ = try ImageDecoder.decode(image)
        } catch CairoError.image(_, let reason) {
            throw ImageDecodingFailure(reason: reason)
        }
    }

    /// Proves an image whole with the errors `decodeImage` gives, keeping no pixels.
    static let validateImage: @Sendable (SceneImage) throws -> Void = { image in
        do {
            try ImageDecoder.validate(image)
        } catch CairoError.image(_, let reason) {
            throw ImageDecodingFailure(reason: reason)
        }
    }
}

/// A spec with its layout and the scene every format draws.
public struct PreparedSpec: Sendable {
    /// The spec as it was decoded.
    public var spec: Spec
    /// Its layout, cards measured as the renderers draw them.
    public var layout: Layout
    /// The scene every format draws.
    public var scene: Scene
}

/// One file a pipeline rendered, whole.
public struct RenderedOutput: Sendable {
    /// The format it is in.
    public var format: RenderFormat
    /// The file extension, without the dot (`png`, `layout.json`…).
    public var fileExtension: String { format.fileExtension }
    /// Added to the base name before the extension: empty, or `-1`, `-2`… for tiles.
    public var suffix: String
    /// The file's bytes.
    public var bytes: [UInt8]

    /// The file's name for a spec named `name`.
    public func fileName(for name: String) -> String { "\(name)\(suffix).\(fileExtension)" }
}

/// A renderer that failed on a spec that was otherwise fine.
public struct RenderFailure: UserFacingError {
    /// The spec file, when the spec came from one.
    public var file: String?
    /// The format that failed.
    public var format: RenderFormat
    /// What the renderer said.
    public var reason: String

    /// The file, the format and the reason, on one line.
    public var description: String {
        "\(file.map { "\($0): " } ?? "")cannot render \(format): \(reason)"
    }
}

/// Why an image file could not be decoded, as the decoder says it.
struct ImageDecodingFailure: Error, CustomStringConvertible {
    var reason: String
    var description: String { reason }
}

extension RenderPipeline {
    /// Renders every format of `prepared` into `folder` as files named after `name`, all or nothing.
    ///
    /// Every file goes to a temporary file first; only when every format has rendered and every
    /// target is known to be free to take are they renamed into place, so a spec that fails
    /// leaves nothing behind. Files another spec of the run claimed, and files that are not this
    /// spec's own, are never replaced (see ``OutputClaims`` and ``TileMark``).
    ///
    /// - Returns: The names of the files written, in order.
    ///
    /// With `screens`, each screen is drawn instead of the whole page, into files named after
    /// `name` and the screen's suffix (`shop.screen-1.png`, see ``Screens``), all of them staged
    /// and renamed into place together.
    public func write(
        _ prepared: PreparedSpec, name: String, into folder: String, claims: OutputClaims, screens: Screens? = nil
    ) throws -> [String] {
        var files = SpecFiles(folder: folder, name: name, spec: prepared.spec.source ?? name)
        defer { files.discard() }
        if let screens {
            for screen in screens.screens(of: prepared.layout) {
                var shown = prepared
                shown.scene = self.screen(prepared, at: screen.offset, viewport: screens.viewport)
                try render(shown) { renderer, piece in
                    try files.add(
                        piece, format: renderer.format, stem: name + screen.suffix)
                }
            }
        } else {
            try render(prepared) { renderer, piece in
                try files.add(piece, format: renderer.format)
            }
        }
        return try files.commit(claims: claims)
    }

    /// The screen of `prepared` a viewport `viewport` points long shows at `offset` (not clamped),
    /// pinned headers in place.
    public func screen(_ prepared: PreparedSpec, at offset: Double, viewport: Double) -> Scene {
        let sections = prepared.spec.sections
        return prepared.scene.screen(of: prepared.layout, offset: offset, length: viewport) {
            sections.indices.contains($0) && sections[$0].settings.pinHeader
        }
    }

    /// The output name of a spec file: its name without the extension (`-` reads as `stdin`).
    public static func baseName(_ specPath: String) -> String {
        specPath == "-" ? "stdin" : ((specPath as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
