import Dispatch
import Foundation
import WaterfallCore
import WaterfallDiff
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// Draws specs and compares them with the baselines in a folder: the one check behind
/// `waterfall check`, `serve`'s review page and a custom CI step.
///
/// ```swift
/// let checker = BaselineChecker(baselines: "Baselines")
/// var results = checker.check(["Specs/shop.yaml"])
/// if results.count(.changed) > 0 { print(results.summary) }
/// ```
///
/// The picture is compared as it was drawn: the baseline PNG is decoded and its pixels compared
/// with the drawn ones, and the drawn tile is only encoded when it is needed, for a baseline that
/// differs or is missing.
public struct BaselineChecker: Sendable {
    /// The folder of baselines: `NAME.png` (or `NAME-1.png`… tiles), `NAME.svg`, `NAME.layout.json`.
    public var baselines: String
    /// How specs are laid out and drawn; its renderers are not used.
    public var pipeline: RenderPipeline
    /// When two pixels count as different.
    public var options: DiffOptions
    /// Whether a tile equal to its baseline keeps its PNG too (to record every baseline again).
    public var keepsUnchangedPictures = false

    /// Creates a checker of the baselines in the folder `baselines`; by default any changed pixel counts.
    public init(
        baselines: String, pipeline: RenderPipeline = RenderPipeline(renderers: []),
        options: DiffOptions = DiffOptions(threshold: 0, includeAntialiasing: true)
    ) {
        self.baselines = baselines
        self.pipeline = pipeline
        self.options = options
    }

    /// The largest baseline read: far more than any picture a render writes.
    public static let maximumBaselineBytes = 1 << 30

    /// Draws the spec at `path` and compares it with its baselines; a spec that cannot be drawn
    /// or compared is a check with status ``SpecCheck/Status/failed``.
    public func check(specAt path: String) -> SpecCheck {
        var check = SpecCheck(spec: path, name: RenderPipeline.baseName(path))
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            try compare(&check)
        } catch {
            check.status = .failed
            check.error = "\(error)"
            check.specError = error as? SpecError
        }
        check.duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return check
    }

    /// Checks `specs` on `workers` threads (all cores by default), in the order of `specs`.
    ///
    /// `finished` is called, from any thread, as each spec is done.
    public func check(
        _ specs: [String], workers: Int? = nil, finished: (@Sendable (String) -> Void)? = nil
    ) -> CheckResults {
        let results = Locked([SpecCheck?](repeating: nil, count: specs.count))
        let workers = workers ?? ProcessInfo.processInfo.activeProcessorCount
        WorkerPool.run(count: specs.count, workers: workers) { index in
            let check = self.check(specAt: specs[index])
            results.withLock { $0[index] = check }
            finished?(specs[index])
        }
        return CheckResults(checks: results.withLock { $0.map { $0! } })
    }

    private func compare(_ check: inout SpecCheck) throws {
        var pipeline = pipeline
        // The tiles are drawn from the prepared scene, not by a renderer: keep the images' pixels.
        pipeline.keepsImagePixels = true
        let prepared = try pipeline.prepare(specAt: check.spec)
        let name = check.name
        check.actualSVG = try Renderer.svg.render(prepared.scene).first?.bytes ?? []
        check.actualLayout = try Renderer.layoutJSON.render(prepared.scene).first?.bytes ?? []
        var changed = false
        var missing = false
        let baselineTiles = Self.baselineTiles(name: name, in: baselines)
        var drawnTiles = 0
        try TileDrawing.draw(prepared.scene) { drawn in
            drawnTiles += 1
            let pixels = drawn.image
            var tile = SpecCheck.Tile(
                suffix: drawn.suffix, pixelCount: pixels.width * pixels.height, drawn: TileDrawing.withoutPixels(drawn))
            let file = "\(name)\(drawn.suffix).png"
            guard let reference = baseline(file) else {
                missing = true
                tile.actual = try drawn.pngBytes()
                check.tiles.append(tile)
                return
            }
            tile.reference = reference
            let comparison = try PictureComparison(
                reference: reference, name: path(file), actual: pixels, options: options)
            tile.result = comparison.result
            tile.diffImage = comparison.diffImage
            changed = changed || comparison.result.isDifferent
            if !comparison.isIdentical || keepsUnchangedPictures {
                tile.actual = try drawn.pngBytes()
            }
            check.tiles.append(tile)
        }
        if baselineTiles.count != drawnTiles && !baselineTiles.isEmpty {
            changed = true
            check.tileCountChanged = true
        }
        if let svg = baseline("\(name).svg") {
            check.svgChanged = svg != check.actualSVG
            changed = changed || check.svgChanged
        } else {
            missing = true
            check.svgMissing = true
        }
        let layoutFile = path("\(name).layout.json")
        if let json = baseline("\(name).layout.json"),
            let (size, elements) = try LayoutDump.decode(String(decoding: json, as: UTF8.self), file: layoutFile)
        {
            let diff = LayoutDiff(
                old: LayoutSnapshot(contentSize: size, elements: elements), new: LayoutSnapshot(prepared.layout))
            check.layoutDiff = diff
            changed = changed || diff.isDifferent
        } else {
            missing = true
            check.layoutMissing = true
        }
        check.status = missing ? .new : (changed ? .changed : .passed)
    }

    /// `name.png`, or the tiles `name-1.png`, `name-2.png`… marked as this spec's, in `folder`.
    public static func baselineTiles(name: String, in folder: String) -> [String] {
        let single = "\(name).png"
        let tiles = SpecFiles.tiles(of: name, in: folder)
        let hasSingle = RegularFile.isRegular((folder as NSString).appendingPathComponent(single))
        return hasSingle && tiles.isEmpty ? [single] : tiles
    }

    /// A baseline's bytes; `nil` when there is none, or what is there is no regular file (a FIFO
    /// is never waited on) or is larger than any baseline.
    private func baseline(_ file: String) -> [UInt8]? {
        try? RegularFile.read(atPath: path(file), limit: Self.maximumBaselineBytes).get()
    }

    private func path(_ file: String) -> String {
        (baselines as NSString).appendingPathComponent(file)
    }
}
