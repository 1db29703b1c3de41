import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// How the contrast of a text with what is drawn behind it is measured.
///
/// The picture is drawn twice with Cairo, as the PNG is, tile by tile: once with its texts (no
/// shadows) and once with none. The pixels that differ inside a text's box are its glyphs' ink; at
/// each, the text's colour is set against the second picture's pixel, what the renderer drew
/// behind it (a card's fill, a scrim over a photo), with WCAG's formula. A text's ratio is the one
/// nine in ten of its ink pixels reach, so a speck of a photo does not decide it and a band of it
/// does.
///
/// Tiles with no text are not drawn. `plainFindings(in:)` draws each text's part of the
/// picture alone instead, twice a text: the tests hold the tiles to it.
public enum TextContrast {
    /// The share of a text's ink pixels whose contrast must reach its ratio.
    public static let coverage = 0.9
    /// The largest tile drawn at once, in device pixels across and down: 16 MiB of pixels.
    static let tileSide = 2048

    /// One text of one element: the lines of one role, measured together.
    struct Target {
        var element: Int
        var role: String
        var runs: [TextRun]
        /// The lines' boxes within the element, in points.
        var bounds: Rect
        /// The same in device pixels: columns and rows of the picture.
        var columns: Range<Int>
        var rows: Range<Int>
        var samples: [Sample] = []
    }

    /// One ink pixel: its ratio, and the colour drawn behind it.
    struct Sample {
        var ratio: Float
        var background: UInt32
    }

    /// The contrast findings of every text in `scene`, by element index: one for each role whose
    /// ratio is below what WCAG 2.2 AA asks.
    ///
    /// - Parameter scene: The scene as the renderers draw it.
    public static func findings(in scene: Scene) throws -> [Int: [Finding]] {
        var targets = self.targets(in: scene)
        guard !targets.isEmpty else { return [:] }
        let width = Int((scene.size.width * scene.scale).rounded(.up))
        let height = Int((scene.size.height * scene.scale).rounded(.up))
        var remaining = targets.map { tiles(of: $0).count }
        var measured: [Int: (ratio: Double, background: Color)] = [:]
        for top in stride(from: 0, to: height, by: tileSide) {
            for left in stride(from: 0, to: width, by: tileSide) {
                let tile = (columns: left..<min(width, left + tileSide), rows: top..<min(height, top + tileSide))
                let inTile = targets.indices.filter {
                    targets[$0].columns.overlaps(tile.columns) && targets[$0].rows.overlaps(tile.rows)
                }
                guard !inTile.isEmpty else { continue }
                let rect = Rect(
                    x: Double(tile.columns.lowerBound) / scene.scale, y: Double(tile.rows.lowerBound) / scene.scale,
                    width: Double(tile.columns.count) / scene.scale, height: Double(tile.rows.count) / scene.scale)
                let (inked, plain) = try draw(scene.cropped(to: rect), keeping: { _, _ in true })
                for index in inTile {
                    let color = targets[index].runs[0].color
                    sample(
                        &targets[index].samples, color: color, inked: inked, plain: plain,
                        columns: targets[index].columns.clamped(to: tile.columns),
                        rows: targets[index].rows.clamped(to: tile.rows),
                        origin: (tile.columns.lowerBound, tile.rows.lowerBound))
                    remaining[index] -= 1
                    if remaining[index] == 0 {
                        if let result = percentile(&targets[index].samples) { measured[index] = result }
                        targets[index].samples = []
                    }
                }
            }
        }
        var findings: [Int: [Finding]] = [:]
        for (index, target) in targets.enumerated() {
            guard let result = measured[index],
                let finding = finding(for: target, in: scene.elements[target.element], measured: result)
            else { continue }
            findings[target.element, default: []].append(finding)
        }
        return findings
    }

    /// The texts of `scene`: for each element, the lines of each role, in order.
    static func targets(in scene: Scene) -> [Target] {
        var targets: [Target] = []
        for (index, element) in scene.elements.enumerated() where element.kind != .background {
            var roles: [String] = []
            for run in element.texts where !roles.contains(run.role ?? "") { roles.append(run.role ?? "") }
            for role in roles {
                let runs = element.texts.filter { ($0.role ?? "") == role && !$0.text.allSatisfy(\.isWhitespace) }
                guard let first = runs.first,
                    let bounds = runs.dropFirst().reduce(first.frame, { $0.union($1.frame) }).intersection(
                        element.frame)
                else { continue }
                let columns =
                    max(
                        0, Int((bounds.minX * scene.scale).rounded(.down)))..<max(
                        0, Int((bounds.maxX * scene.scale).rounded(.up)))
                let rows =
                    max(
                        0, Int((bounds.minY * scene.scale).rounded(.down)))..<max(
                        0, Int((bounds.maxY * scene.scale).rounded(.up)))
                guard !columns.isEmpty, !rows.isEmpty else { continue }
                targets.append(
                    Target(element: index, role: role, runs: runs, bounds: bounds, columns: columns, rows: rows))
            }
        }
        return targets
    }

    /// The tiles a target's pixels lie in, as (column, row) tile numbers.
    private static func tiles(of target: Target) -> [(Int, Int)] {
        let columns = (target.columns.lowerBound / tileSide)...((target.columns.upperBound - 1) / tileSide)
        let rows = (target.rows.lowerBound / tileSide)...((target.rows.upperBound - 1) / tileSide)
        return rows.flatMap { row in columns.map { ($0, row) } }
    }

    /// `part` drawn with the texts `keeping` keeps, shadows left out, and with no text.
    private static func draw(_ part: Scene, keeping: (SceneElement, TextRun) -> Bool) throws
        -> (inked: PixelImage, plain: PixelImage)
    {
        var plain = part
        var inked = part
        for index in part.elements.indices {
            plain.elements[index].texts = []
            inked.elements[index].texts = part.elements[index].texts.filter { keeping(part.elements[index], $0) }
            for text in inked.elements[index].texts.indices { inked.elements[index].texts[text].shadow = nil }
        }
        return (try CairoRenderer.rasterize(inked), try CairoRenderer.rasterize(plain))
    }

    /// Adds the ink pixels of `columns` × `rows` (the picture's pixels; `origin` is the drawing's
    /// corner in them) to `samples`.
    private static func sample(
        _ samples: inout [Sample], color: Color, inked: PixelImage, plain: PixelImage, columns: Range<Int>,
        rows: Range<Int>, origin: (x: Int, y: Int)
    ) {
        guard inked.width == plain.width, inked.height == plain.height else { return }
        for y in rows {
            let row = y - origin.y
            guard row >= 0, row < plain.height else { continue }
            for x in columns {
                let column = x - origin.x
                guard column >= 0, column < plain.width else { continue }
                let index = (row * plain.width + column) * 4
                guard
                    inked.pixels[index] != plain.pixels[index] || inked.pixels[index + 1] != plain.pixels[index + 1]
                        || inked.pixels[index + 2] != plain.pixels[index + 2]
                else { continue }
                let background = Color(
                    red: plain.pixels[index], green: plain.pixels[index + 1], blue: plain.pixels[index + 2], alpha: 255)
                let text = ContrastRatio.composited(color, over: background)
                let packed = UInt32(background.red) << 16 | UInt32(background.green) << 8 | UInt32(background.blue)
                samples.append(Sample(ratio: Float(ContrastRatio.between(text, background)), background: packed))
            }
        }
    }

    /// The ratio ``coverage`` of the samples reach (the lowest of the best nine in ten), and the
    /// background at that sample; `nil` without samples.
    private static func percentile(_ samples: inout [Sample]) -> (ratio: Double, background: Color)? {
        guard !samples.isEmpty else { return nil }
        samples.sort { ($0.ratio, $0.background) < ($1.ratio, $1.background) }
        let index = min(samples.count - 1, Int((Double(samples.count) * (1 - coverage)).rounded(.down)))
        let sample = samples[index]
        let background = Color(
            red: UInt8(sample.background >> 16 & 0xFF), green: UInt8(sample.background >> 8 & 0xFF),
            blue: UInt8(sample.background & 0xFF), alpha: 255)
        return (Double(sample.ratio), background)
    }

    /// The finding of `target` when its ratio is under what WCAG 2.2 AA asks.
    private static func finding(
        for target: Target, in element: SceneElement, measured: (ratio: Double, background: Color)
    ) -> Finding? {
        let first = target.runs[0]
        let required = ContrastRatio.required(fontSize: first.fontSize, bold: first.weight == .bold)
        guard measured.ratio < required else { return nil }
        let colour = first.color.hexString.prefix(7)
        let behind = measured.background.hexString.prefix(7)
        let size = ShortestNumber.readable(first.fontSize)
        var finding = Finding(
            kind: .contrast, place: Audit.place(of: element, role: target.role.isEmpty ? "text" : target.role),
            message: "\(Finding.twoDecimals(measured.ratio)):1, \(colour) on \(behind), under the "
                + "\(required == 3 ? "3" : "4.5"):1 WCAG 2.2 AA asks of \(size) pt "
                + "\(first.weight == .bold ? "bold " : "")text",
            frame: target.bounds)
        finding.ratio = Finding.rounded(measured.ratio)
        finding.required = required
        finding.colors = [String(colour), String(behind)]
        return finding
    }

    /// The contrast findings of `scene` measured the plain way, each text drawn alone.
    ///
    /// Each text's part of the picture is drawn twice, with the text and without: what
    /// ``findings(in:)`` is held to.
    @_spi(Testing) public static func plainFindings(in scene: Scene) throws -> [Int: [Finding]] {
        var findings: [Int: [Finding]] = [:]
        for target in targets(in: scene) {
            let element = scene.elements[target.element]
            guard let measured = try plainMeasure(target, of: element, in: scene),
                let finding = finding(for: target, in: element, measured: measured)
            else { continue }
            findings[target.element, default: []].append(finding)
        }
        return findings
    }

    /// One text's ratio, its part of the picture drawn alone.
    static func plainMeasure(_ target: Target, of element: SceneElement, in scene: Scene) throws
        -> (ratio: Double, background: Color)?
    {
        let part = scene.cropped(to: target.bounds)
        let (inked, plain) = try draw(part) { other, run in
            other.kind == element.kind && other.section == element.section && other.item == element.item
                && run.role == target.runs[0].role
        }
        var samples: [Sample] = []
        let left = Int((target.bounds.minX * scene.scale).rounded(.down))
        let top = Int((target.bounds.minY * scene.scale).rounded(.down))
        sample(
            &samples, color: target.runs[0].color, inked: inked, plain: plain, columns: target.columns,
            rows: target.rows, origin: (left, top))
        return percentile(&samples)
    }
}

extension Rect {
    /// The smallest rectangle holding this one and `other`.
    func union(_ other: Rect) -> Rect {
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// Where this rectangle and `other` overlap; `nil` when they do not.
    func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
