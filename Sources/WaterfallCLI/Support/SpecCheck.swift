import Dispatch
import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// One spec rendered and compared with its baselines: the PNG by pixels, the SVG as text and the
/// layout element by element.
struct SpecCheck {
    enum Status: String {
        case passed, changed, new, recorded, failed
    }

    /// One PNG tile compared with its baseline.
    struct Tile {
        var suffix: String
        var actual: [UInt8]
        var reference: [UInt8]?
        var result: DiffResult?
        var diffImage: [UInt8]?
    }

    var spec: String
    var name: String
    var status: Status = .passed
    var tiles: [Tile] = []
    var svgChanged = false
    var svgMissing = false
    var layoutMissing = false
    var tileCountChanged = false
    var layoutDiff: LayoutDiff?
    var error: String?
    var actualSVG: [UInt8] = []
    var actualLayout: [UInt8] = []
    /// How long the render and the comparison took, in seconds.
    var duration = 0.0

    /// Whether the PNG has no baseline at all (not one tile).
    var pictureMissing: Bool { !tiles.isEmpty && tiles.allSatisfy { $0.reference == nil } && !tileCountChanged }

    /// Whether the picture differs from a baseline that exists.
    var pictureChanged: Bool {
        tileCountChanged
            || (!pictureMissing && tiles.contains { $0.reference == nil || $0.result?.isDifferent == true })
    }

    /// Why it did not pass, in one line.
    var reason: String {
        if let error { return error }
        var parts: [String] = []
        let missing =
            [
                tiles.contains { $0.reference == nil } && !tileCountChanged ? "PNG" : nil, svgMissing ? "SVG" : nil,
                layoutMissing ? "layout" : nil,
            ].compactMap { $0 }
        if let last = missing.last {
            let list = missing.count == 1 ? last : missing.dropLast().joined(separator: ", ") + " and " + last
            parts.append("no baseline \(list)")
        }
        if tileCountChanged { parts.append("the number of PNG tiles changed") }
        let pixels = tiles.compactMap(\.result).reduce(0) { $0 + $1.differentPixels }
        if pixels > 0 { parts.append("\(pixels) pixels differ") }
        if tiles.contains(where: { $0.result?.sizeMismatch != nil }) { parts.append("the picture changed size") }
        if svgChanged { parts.append("the SVG changed") }
        if let layoutDiff, layoutDiff.isDifferent { parts.append(layoutDiff.summary) }
        return parts.isEmpty ? "unchanged" : parts.joined(separator: "; ")
    }

    /// Renders `spec` through `pipeline` and compares it with the baselines in `baselines`.
    static func run(spec: String, pipeline: RenderPipeline, baselines: String, options: DiffOptions) -> SpecCheck {
        var check = SpecCheck(spec: spec, name: RenderJob.baseName(spec))
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            try check.compare(pipeline: pipeline, baselines: baselines, options: options)
        } catch {
            check.status = .failed
            check.error = "\(error)"
        }
        check.duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return check
    }

    /// The formats a check renders and compares.
    static let renderers: [Renderer] = [.svg, .layoutJSON, .png]

    private mutating func compare(pipeline: RenderPipeline, baselines: String, options: DiffOptions) throws {
        var pipeline = pipeline
        pipeline.renderers = Self.renderers
        let prepared = try pipeline.prepare(specAt: spec)
        let outputs = try pipeline.render(prepared)
        let layout = prepared.layout
        actualSVG = outputs.first { $0.format == "svg" }?.bytes ?? []
        actualLayout = outputs.first { $0.format == "json" }?.bytes ?? []
        var changed = false
        var missing = false
        let pngFiles = outputs.filter { $0.format == "png" }
        let baselineTiles = Self.baselineTiles(name: name, in: baselines)
        if baselineTiles.count != pngFiles.count && !baselineTiles.isEmpty {
            changed = true
            tileCountChanged = true
        }
        for file in pngFiles {
            var tile = Tile(suffix: file.suffix, actual: file.bytes)
            if let reference = Self.baseline(path(baselines, "\(name)\(file.suffix).png")) {
                tile.reference = reference
                if tile.reference != file.bytes {
                    let a = try PixelImage(png: tile.reference!, name: "\(name)\(file.suffix).png baseline")
                    let b = try PixelImage(png: file.bytes, name: "\(name)\(file.suffix).png")
                    let (result, image) = PixelDiff.compareWithDiffImage(a, b, options: options)
                    tile.result = result
                    changed = changed || result.isDifferent
                    if a != b { tile.diffImage = try image.pngBytes(name: "\(name)\(file.suffix).diff.png") }
                }
            } else {
                missing = true
            }
            tiles.append(tile)
        }
        if let svg = Self.baseline(path(baselines, "\(name).svg")) {
            svgChanged = svg != actualSVG
            changed = changed || svgChanged
        } else {
            missing = true
            svgMissing = true
        }
        if let json = Self.baseline(path(baselines, "\(name).layout.json")),
            let (size, elements) = try LayoutDump.decode(
                String(decoding: json, as: UTF8.self), file: path(baselines, "\(name).layout.json"))
        {
            let diff = LayoutDiff(
                old: LayoutSnapshot(contentSize: size, elements: elements), new: LayoutSnapshot(layout))
            layoutDiff = diff
            changed = changed || diff.isDifferent
        } else {
            missing = true
            layoutMissing = true
        }
        status = missing ? .new : (changed ? .changed : .passed)
    }

    /// Writes the baselines `mode` asks for, and returns whether it wrote any.
    ///
    /// `.missing` writes those that do not exist, `.changed` also those that differ, `.all` every
    /// one; a picture's tiles it no longer has are removed. A spec that failed writes nothing.
    ///
    /// A spec's baselines are replaced together or not at all: every file is staged first, and
    /// nothing is renamed into place unless all of them could be, so the set never disagrees.
    @discardableResult
    mutating func record(into baselines: String, claims: OutputClaims, mode: RecordMode) throws -> Bool {
        guard status != .failed else { return false }
        let layoutChanged = layoutDiff?.isDifferent == true
        let (writeSVG, writeLayout, writePicture) =
            switch mode {
            case .missing: (svgMissing, layoutMissing, pictureMissing)
            case .changed: (svgMissing || svgChanged, layoutMissing || layoutChanged, pictureMissing || pictureChanged)
            case .all: (true, true, true)
            }
        guard writeSVG || writeLayout || writePicture else { return false }
        var files = SpecFiles(folder: baselines, name: name, spec: spec)
        defer { files.discard() }
        if writeSVG {
            try files.add(RenderedFile(bytes: actualSVG), format: "svg", fileExtension: "svg")
        }
        if writeLayout {
            try files.add(RenderedFile(bytes: actualLayout), format: "json", fileExtension: "layout.json")
        }
        if writePicture {
            // All tiles or none: a picture is never half old, half new.
            for tile in tiles {
                try files.add(
                    RenderedFile(suffix: tile.suffix, bytes: tile.actual), format: "png", fileExtension: "png")
            }
        }
        _ = try files.commit(claims: claims)
        // What is left is what the mode did not write: a changed baseline under `.missing`.
        let stillChanged =
            (svgChanged && !writeSVG) || (layoutChanged && !writeLayout) || (pictureChanged && !writePicture)
        status = stillChanged ? .changed : .recorded
        return true
    }

    /// `name.png`, or the tiles `name-1.png`, `name-2.png`… marked as this spec's, in `folder`.
    static func baselineTiles(name: String, in folder: String) -> [String] {
        let single = "\(name).png"
        let tiles = SpecFiles.tiles(of: name, in: folder)
        let hasSingle = FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(single))
        return hasSingle && tiles.isEmpty ? [single] : tiles
    }

    /// The largest baseline read: far more than any picture a render writes.
    static let maximumBaselineBytes = 1 << 30

    /// A baseline's bytes; `nil` when there is none, or what is there is no regular file (a FIFO
    /// is never waited on) or is larger than any baseline.
    private static func baseline(_ path: String) -> [UInt8]? {
        try? RegularFile.read(atPath: path, limit: maximumBaselineBytes).get()
    }

    private func path(_ folder: String, _ file: String) -> String {
        (folder as NSString).appendingPathComponent(file)
    }
}
