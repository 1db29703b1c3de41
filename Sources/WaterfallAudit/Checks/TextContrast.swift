import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// How the contrast of a text with what is drawn under it is measured.
///
/// The contrast is found from the colours the text and what lies under it are drawn with, not
/// from the ink the text adds, so a text drawn in its background's colour is measured too (1:1).
/// Two pictures are drawn with Cairo, as the PNG is, tile by tile:
/// - the picture with no text, what lies under every text: a card's fill, the page beyond a
///   rounded corner, a photo, a scrim over it;
/// - a mask of the texts' glyphs: each text in opaque white on black, whatever its colour, so that
///   the pixels its glyphs cover are known even when it is invisible.
///
/// At each pixel a glyph covers at least half of (or, for a text too thin to cover half of any
/// pixel, any part of), the text's colour composited at its alpha is set against the first
/// picture's pixel with WCAG's formula. The text is judged where it is worst: its box is cut into
/// cells one em across and down; each cell's ratio is the one all its glyph pixels reach but its
/// worst speck (a square a sixth of an em across, ``speckSide``, and at most a tenth of the
/// cell's pixels); the text's ratio is the lowest of its cells' that hold at least a quarter of
/// the average cell's glyph pixels. A speck of a photo under a letter does not decide it; a band
/// of it does, and so do letters over another background, such as the page behind a card's
/// rounded corner (a few dozen pixels, under a tenth of their cell).
///
/// Texts whose boxes overlap are masked in separate pictures, so that each cell holds one text's
/// glyphs only. Tiles with no text are not drawn. `plainFindings(in:largeText:)` draws each text's
/// part of the picture alone instead: the tests hold the tiles to it.
public enum TextContrast {
    /// The share of a cell's glyph pixels whose contrast must reach its ratio, at least.
    public static let coverage = 0.9
    /// The side of a speck, as a share of an em: the worst glyph pixels of a cell left out are at
    /// most a square of this side (and at most a tenth of the cell's), so that a few letters over
    /// another background are judged even when they are under a tenth of their cell.
    public static let speckSide = 1.0 / 6
    /// The share of the average cell's glyph pixels a cell needs to be judged: cells with less
    /// hold the edge of a letter whose body is in the next cell.
    public static let cellShare = 0.25
    /// The largest tile drawn at once, in device pixels across and down: 16 MiB of pixels.
    static let tileSide = 2048
    /// A mask value at which a glyph covers at least half of a pixel.
    static let glyphCore: UInt8 = 128

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
        /// Where the lines' glyphs may be drawn, element or not, in device pixels.
        var reach: (columns: Range<Int>, rows: Range<Int>)
        /// A cell's side, in device pixels: one em.
        var cellSide: Int
        /// The mask picture it is drawn in: texts whose boxes overlap are in different ones.
        var group = 0
        /// How many glyph pixels lie over each colour in each cell, by ``SampleKey``.
        var samples: [UInt64: Int] = [:]
    }

    /// A text of an element, the same in the whole scene and in a part of it cropped.
    struct TextKey: Hashable {
        var kind: ElementKind
        var section: Int
        var item: Int?
        var role: String

        init(_ element: SceneElement, role: String) {
            self.kind = element.kind
            self.section = element.section
            self.item = element.item
            self.role = role
        }
    }

    /// What is counted of a glyph pixel, packed in 64 bits: its cell, the colour under it
    /// (`0xrrggbb`), and whether a glyph covers at least half of it.
    enum SampleKey {
        static func make(cell: Int, background: UInt32, core: Bool) -> UInt64 {
            UInt64(cell) << 25 | UInt64(background) << 1 | (core ? 1 : 0)
        }
        static func cell(_ key: UInt64) -> UInt64 { key >> 25 }
        static func background(_ key: UInt64) -> UInt32 { UInt32(key >> 1 & 0xFF_FFFF) }
        static func core(_ key: UInt64) -> Bool { key & 1 == 1 }
    }

    /// A text's contrast where it is worst, and the colour under it there.
    struct Measure {
        var ratio: Double
        var background: Color
    }

    /// The contrast findings of every text in `scene`, by element index: one for each text whose
    /// ratio is below what WCAG 2.2 AA asks.
    ///
    /// - Parameters:
    ///   - scene: The scene as the renderers draw it.
    ///   - largeText: Which reading of large text decides between 3:1 and 4.5:1.
    public static func findings(in scene: Scene, largeText: LargeTextRule = .ios) throws -> [Int: [Finding]] {
        findings(of: try texts(in: scene, largeText: largeText), in: scene, largeText: largeText)
    }

    /// What was measured of every text in `scene`, passing or not, by element index, each
    /// element's texts in the order of their roles.
    ///
    /// - Parameters:
    ///   - scene: The scene as the renderers draw it.
    ///   - largeText: Which reading of large text decides between 3:1 and 4.5:1.
    public static func texts(in scene: Scene, largeText: LargeTextRule = .ios) throws -> [Int: [TextMeasurement]] {
        var targets = self.targets(in: scene)
        guard !targets.isEmpty else { return [:] }
        let groups = assignGroups(&targets)
        let plainScene = plain(scene)
        let masks = (0..<groups).map { group in
            masked(
                scene,
                keeping: Set(
                    targets.filter { $0.group == group }.map { TextKey(scene.elements[$0.element], role: $0.role) }))
        }
        let width = Int((scene.size.width * scene.scale).rounded(.up))
        let height = Int((scene.size.height * scene.scale).rounded(.up))
        var remaining = targets.map { tiles(of: $0).count }
        var measured: [Int: Measure] = [:]
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
                let under = try CairoRenderer.rasterize(plainScene.cropped(to: rect))
                let origin = (tile.columns.lowerBound, tile.rows.lowerBound)
                for group in Set(inTile.map { targets[$0].group }).sorted() {
                    let mask = try CairoRenderer.rasterize(masks[group].cropped(to: rect))
                    for index in inTile where targets[index].group == group {
                        sample(
                            &targets[index], mask: mask, under: under,
                            columns: targets[index].columns.clamped(to: tile.columns),
                            rows: targets[index].rows.clamped(to: tile.rows), origin: origin)
                    }
                }
                for index in inTile {
                    remaining[index] -= 1
                    if remaining[index] == 0 {
                        if let result = worst(targets[index]) {
                            measured[index] = result
                        }
                        targets[index].samples = [:]
                    }
                }
            }
        }
        var texts: [Int: [TextMeasurement]] = [:]
        for (index, target) in targets.enumerated() {
            guard let result = measured[index] else { continue }
            texts[target.element, default: []].append(
                measurement(of: target, in: scene.elements[target.element], measured: result, largeText: largeText))
        }
        return texts
    }

    /// The findings among `texts`: those under what they need, with their message.
    static func findings(of texts: [Int: [TextMeasurement]], in scene: Scene, largeText: LargeTextRule) -> [Int:
        [Finding]]
    {
        var findings: [Int: [Finding]] = [:]
        for (element, measured) in texts {
            let failing = measured.filter { !$0.passes }.map { finding(for: $0, largeText: largeText) }
            if !failing.isEmpty { findings[element] = failing }
        }
        return findings
    }

    /// The texts of `scene`: for each element, the lines of each role, in order.
    static func targets(in scene: Scene) -> [Target] {
        var targets: [Target] = []
        for (index, element) in scene.elements.enumerated() where element.kind != .background && element.opacity > 0 {
            var roles: [String] = []
            for run in element.texts where !roles.contains(run.role ?? "") { roles.append(run.role ?? "") }
            for role in roles {
                let runs = element.texts.filter {
                    ($0.role ?? "") == role && !$0.text.allSatisfy(\.isWhitespace) && $0.fontSize > 0
                }
                guard let first = runs.first else { continue }
                let union = runs.dropFirst().reduce(first.frame) { $0.union($1.frame) }
                guard let bounds = union.intersection(element.frame) else { continue }
                let (columns, rows) = pixels(of: bounds, scale: scene.scale)
                guard !columns.isEmpty, !rows.isEmpty else { continue }
                targets.append(
                    Target(
                        element: index, role: role, runs: runs, bounds: bounds, columns: columns, rows: rows,
                        reach: pixels(of: union, scale: scene.scale),
                        cellSide: max(1, Int((first.fontSize * scene.scale).rounded()))))
            }
        }
        return targets
    }

    /// The device pixels a rectangle in points touches.
    private static func pixels(of rect: Rect, scale: Double) -> (columns: Range<Int>, rows: Range<Int>) {
        func edge(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int {
            max(0, Int((value * scale).rounded(rule)))
        }
        let columns = edge(rect.minX, .down)..<max(edge(rect.minX, .down), edge(rect.maxX, .up))
        let rows = edge(rect.minY, .down)..<max(edge(rect.minY, .down), edge(rect.maxY, .up))
        return (columns, rows)
    }

    /// Puts each target in a mask picture no other target reaching into its box is in; returns
    /// how many pictures there are.
    static func assignGroups(_ targets: inout [Target]) -> Int {
        let order = targets.indices.sorted {
            (targets[$0].reach.rows.lowerBound, $0) < (targets[$1].reach.rows.lowerBound, $1)
        }
        var active: [Int] = []
        var groups = 0
        for index in order {
            let reach = targets[index].reach
            active.removeAll { targets[$0].reach.rows.upperBound <= reach.rows.lowerBound }
            let taken = Set(
                active.filter { targets[$0].reach.columns.overlaps(reach.columns) }.map { targets[$0].group })
            var group = 0
            while taken.contains(group) { group += 1 }
            targets[index].group = group
            groups = max(groups, group + 1)
            active.append(index)
        }
        return groups
    }

    /// The tiles a target's pixels lie in, as (column, row) tile numbers.
    private static func tiles(of target: Target) -> [(Int, Int)] {
        let columns = (target.columns.lowerBound / tileSide)...((target.columns.upperBound - 1) / tileSide)
        let rows = (target.rows.lowerBound / tileSide)...((target.rows.upperBound - 1) / tileSide)
        return rows.flatMap { row in columns.map { ($0, row) } }
    }

    /// `scene` with no text: what lies under every text.
    static func plain(_ scene: Scene) -> Scene {
        var plain = scene
        for index in plain.elements.indices { plain.elements[index].texts = [] }
        return plain
    }

    /// The mask of the texts of `scene` that `keeping` names: their glyphs in opaque white on a
    /// black page, with nothing else drawn, each element at full opacity.
    static func masked(_ scene: Scene, keeping: Set<TextKey>) -> Scene {
        var mask = scene
        mask.background = .black
        for index in mask.elements.indices {
            var element = mask.elements[index]
            let texts = element.texts.filter { keeping.contains(TextKey(element, role: $0.role ?? "")) }
            element.fill = Color(red: 0, green: 0, blue: 0, alpha: 0)
            element.stroke = nil
            element.image = nil
            element.imageFill = nil
            element.scrims = []
            element.opacity = 1
            element.texts = texts.map { run in
                var glyphs = run
                glyphs.color = .white
                glyphs.shadow = nil
                return glyphs
            }
            mask.elements[index] = element
        }
        return mask
    }

    /// Counts the glyph pixels of `columns` × `rows` (the picture's pixels; `origin` is the
    /// drawings' corner in them) in `target`'s samples, by cell and colour under them.
    private static func sample(
        _ target: inout Target, mask: PixelImage, under: PixelImage, columns: Range<Int>, rows: Range<Int>,
        origin: (x: Int, y: Int)
    ) {
        guard mask.width == under.width, mask.height == under.height else { return }
        let cellColumns = (target.columns.count + target.cellSide - 1) / target.cellSide
        // Neighbouring glyph pixels mostly share a cell and a colour: counted together.
        var run: (key: UInt64, count: Int) = (.max, 0)
        // The pixels through pointers and `max` of two: unoptimized, an array's subscript retains
        // it and a variadic `max` makes an array, at every pixel of every text.
        mask.pixels.withUnsafeBufferPointer { maskPixels in
            under.pixels.withUnsafeBufferPointer { underPixels in
                guard let glyphs = maskPixels.baseAddress, let colors = underPixels.baseAddress else { return }
                for y in rows {
                    let row = y - origin.y
                    guard row >= 0, row < under.height else { continue }
                    let cellRow = (y - target.rows.lowerBound) / target.cellSide
                    for x in columns {
                        let column = x - origin.x
                        guard column >= 0, column < under.width else { continue }
                        let index = (row * under.width + column) * 4
                        let glyph = max(max(glyphs[index], glyphs[index + 1]), glyphs[index + 2])
                        guard glyph > 0 else { continue }
                        let background =
                            UInt32(colors[index]) << 16 | UInt32(colors[index + 1]) << 8 | UInt32(colors[index + 2])
                        let cell = cellRow * cellColumns + (x - target.columns.lowerBound) / target.cellSide
                        let key = SampleKey.make(cell: cell, background: background, core: glyph >= glyphCore)
                        if key == run.key {
                            run.count += 1
                            continue
                        }
                        if run.count > 0 { target.samples[run.key, default: 0] += run.count }
                        run = (key, 1)
                    }
                }
            }
        }
        if run.count > 0 { target.samples[run.key, default: 0] += run.count }
    }

    /// The text's ratio where it is worst, and the colour under it there; `nil` without glyph
    /// pixels.
    ///
    /// Each cell's ratio is the one all its glyph pixels reach but its worst speck: at most a
    /// square ``speckSide`` of an em across, and at most a tenth of them (1 − ``coverage``); cells
    /// with less than ``cellShare`` of the average cell's pixels are left out; the text's is the
    /// lowest cell's. Only pixels a glyph covers at least half of count, unless the text covers
    /// half of none.
    static func worst(_ target: Target) -> Measure? {
        let color = target.runs[0].color
        let side = Double(target.cellSide) * speckSide
        let speck = Int((side * side).rounded(.up))
        let hasCore = target.samples.keys.contains { SampleKey.core($0) }
        var cells: [UInt64: [(ratio: Float, background: UInt32, count: Int)]] = [:]
        var total = 0
        for (key, count) in target.samples where !hasCore || SampleKey.core(key) {
            let packed = SampleKey.background(key)
            let background = Color(
                red: UInt8(packed >> 16 & 0xFF), green: UInt8(packed >> 8 & 0xFF), blue: UInt8(packed & 0xFF))
            let ratio = Float(ContrastRatio.between(ContrastRatio.composited(color, over: background), background))
            cells[SampleKey.cell(key), default: []].append((ratio, packed, count))
            total += count
        }
        guard total > 0 else { return nil }
        let least = max(1, Int((Double(total) / Double(cells.count) * cellShare).rounded(.up)))
        var worst: (ratio: Float, background: UInt32)?
        for var entries in cells.values {
            let count = entries.reduce(0) { $0 + $1.count }
            guard count >= least else { continue }
            entries.sort { ($0.ratio, $0.background) < ($1.ratio, $1.background) }
            var rank = min(speck, Int(Double(count) * (1 - coverage)))
            var chosen = entries[entries.count - 1]
            for entry in entries {
                if rank < entry.count {
                    chosen = entry
                    break
                }
                rank -= entry.count
            }
            if let current = worst, (current.ratio, current.background) <= (chosen.ratio, chosen.background) {
                continue
            }
            worst = (chosen.ratio, chosen.background)
        }
        guard let worst else { return nil }
        let background = Color(
            red: UInt8(worst.background >> 16 & 0xFF), green: UInt8(worst.background >> 8 & 0xFF),
            blue: UInt8(worst.background & 0xFF))
        return Measure(ratio: Double(worst.ratio), background: background)
    }

    /// What was measured of `target`, with what WCAG 2.2 AA asks of it.
    private static func measurement(
        of target: Target, in element: SceneElement, measured: Measure, largeText: LargeTextRule
    ) -> TextMeasurement {
        let first = target.runs[0]
        let bold = first.weight == .bold
        let large = largeText.isLarge(fontSize: first.fontSize, bold: bold)
        let required: Double = large ? 3 : 4.5
        return TextMeasurement(
            place: Audit.place(of: element, role: target.role.isEmpty ? "text" : target.role), frame: target.bounds,
            ratio: Finding.shownRatio(measured.ratio, required: required), required: required,
            colors: [String(first.color.hexString.prefix(7)), String(measured.background.hexString.prefix(7))],
            fontSize: first.fontSize, bold: bold, large: large)
    }

    /// The finding of a text measured under what it needs.
    private static func finding(for text: TextMeasurement, largeText: LargeTextRule) -> Finding {
        let size = ShortestNumber.readable(text.fontSize)
        let invisible = text.colors[0] == text.colors[1] ? " (the text is invisible there)" : ""
        let asked = text.required == 3 ? "3" : "4.5"
        var finding = Finding(
            kind: .contrast, place: text.place,
            message: "\(Finding.twoDecimals(text.ratio)):1, \(text.colors[0]) on \(text.colors[1])\(invisible), "
                + "under the \(asked):1 WCAG 2.2 AA asks of \(size) \(largeText.unit) "
                + "\(text.bold ? "bold " : "")text",
            frame: Rect(x: text.frame[0], y: text.frame[1], width: text.frame[2], height: text.frame[3]))
        finding.ratio = text.ratio
        finding.required = text.required
        finding.colors = text.colors
        return finding
    }

    /// The contrast findings of `scene` measured the plain way, each text's part of the picture
    /// drawn alone: what ``findings(in:largeText:)`` is held to.
    ///
    /// - Parameters:
    ///   - scene: The scene as the renderers draw it.
    ///   - largeText: Which reading of large text decides between 3:1 and 4.5:1.
    @_spi(Testing) public static func plainFindings(in scene: Scene, largeText: LargeTextRule = .ios) throws -> [Int:
        [Finding]]
    {
        findings(of: try plainTexts(in: scene, largeText: largeText), in: scene, largeText: largeText)
    }

    /// What was measured of every text in `scene`, each text's part of the picture drawn alone,
    /// with no tiles and no mask shared with another text.
    ///
    /// - Parameters:
    ///   - scene: The scene as the renderers draw it.
    ///   - largeText: Which reading of large text decides between 3:1 and 4.5:1.
    @_spi(Testing) public static func plainTexts(in scene: Scene, largeText: LargeTextRule = .ios) throws -> [Int:
        [TextMeasurement]]
    {
        var texts: [Int: [TextMeasurement]] = [:]
        for var target in targets(in: scene) {
            let element = scene.elements[target.element]
            let part = scene.cropped(to: target.bounds)
            let under = try CairoRenderer.rasterize(plain(part))
            let mask = try CairoRenderer.rasterize(masked(part, keeping: [TextKey(element, role: target.role)]))
            let origin = (target.columns.lowerBound, target.rows.lowerBound)
            sample(&target, mask: mask, under: under, columns: target.columns, rows: target.rows, origin: origin)
            guard let measured = worst(target) else { continue }
            texts[target.element, default: []].append(
                measurement(of: target, in: element, measured: measured, largeText: largeText))
        }
        return texts
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
