import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
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

    /// Why it did not pass, in one line.
    var reason: String {
        if let error { return error }
        var parts: [String] = []
        if tiles.contains(where: { $0.reference == nil }) { parts.append("no baseline PNG") }
        let pixels = tiles.compactMap(\.result).reduce(0) { $0 + $1.differentPixels }
        if pixels > 0 { parts.append("\(pixels) pixels differ") }
        if tiles.contains(where: { $0.result?.sizeMismatch != nil }) { parts.append("the picture changed size") }
        if svgChanged { parts.append("the SVG changed") }
        if let layoutDiff, layoutDiff.isDifferent { parts.append(layoutDiff.summary) }
        return parts.isEmpty ? "unchanged" : parts.joined(separator: "; ")
    }

    /// Renders `spec` and compares it with the baselines in `baselines`.
    static func run(spec: String, baselines: String, options: DiffOptions) -> SpecCheck {
        var check = SpecCheck(spec: spec, name: RenderJob.baseName(spec))
        do {
            try check.compare(baselines: baselines, options: options)
        } catch {
            check.status = .failed
            check.error = "\(error)"
        }
        return check
    }

    private mutating func compare(baselines: String, options: DiffOptions) throws {
        let loaded = try Spec.load(path: spec)
        let layout = try loaded.layout()
        let scene = try SceneBuilder(measurer: try PangoTextMeasurer()).scene(for: loaded, layout: layout)
        actualSVG = try Renderer.svg.render(scene)[0].bytes
        actualLayout = try Renderer.layoutJSON.render(scene)[0].bytes
        var changed = false
        var missing = false
        let pngFiles = try Renderer.png.render(scene)
        let baselineTiles = Self.baselineTiles(name: name, in: baselines)
        if baselineTiles.count != pngFiles.count && !baselineTiles.isEmpty {
            changed = true
            tileCountChanged = true
        }
        for file in pngFiles {
            var tile = Tile(suffix: file.suffix, actual: file.bytes)
            if let reference = FileManager.default.contents(atPath: path(baselines, "\(name)\(file.suffix).png")) {
                tile.reference = [UInt8](reference)
                if tile.reference != file.bytes {
                    let a = try PixelImage(png: tile.reference!, name: "\(name)\(file.suffix).png baseline")
                    let b = try PixelImage(png: file.bytes, name: "\(name)\(file.suffix).png")
                    let (result, image) = PixelDiff.compareWithDiffImage(a, b, options: options)
                    tile.result = result
                    if result.isDifferent {
                        changed = true
                        tile.diffImage = try image.pngBytes(name: "\(name)\(file.suffix).diff.png")
                    }
                }
            } else {
                missing = true
            }
            tiles.append(tile)
        }
        if let svg = FileManager.default.contents(atPath: path(baselines, "\(name).svg")) {
            svgChanged = [UInt8](svg) != actualSVG
            changed = changed || svgChanged
        } else {
            missing = true
            svgMissing = true
        }
        if let json = FileManager.default.contents(atPath: path(baselines, "\(name).layout.json")),
            let (size, elements) = try LayoutDump.decode(String(decoding: json, as: UTF8.self))
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

    /// Writes the missing and changed baselines, and only those, removing tiles the picture no
    /// longer has.
    mutating func record(into baselines: String) throws {
        if svgMissing || svgChanged { try AtomicFile.write(actualSVG, to: path(baselines, "\(name).svg")) }
        if layoutMissing || layoutDiff?.isDifferent == true {
            try AtomicFile.write(actualLayout, to: path(baselines, "\(name).layout.json"))
        }
        for tile in tiles where tileCountChanged || tile.reference == nil || tile.result?.isDifferent == true {
            try AtomicFile.write(tile.actual, to: path(baselines, "\(name)\(tile.suffix).png"))
        }
        let kept = Set(tiles.map { "\(name)\($0.suffix).png" })
        for file in Self.baselineTiles(name: name, in: baselines) where !kept.contains(file) {
            try? FileManager.default.removeItem(atPath: path(baselines, file))
        }
        status = .recorded
    }

    /// `name.png`, or `name-1.png`, `name-2.png`… in `folder`.
    static func baselineTiles(name: String, in folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { file in
            guard file.hasSuffix(".png") else { return false }
            let stem = file.dropLast(4)
            return stem == name || (stem.hasPrefix(name + "-") && Int(stem.dropFirst(name.count + 1)) != nil)
        }.sorted()
    }

    private func path(_ folder: String, _ file: String) -> String {
        (folder as NSString).appendingPathComponent(file)
    }
}
