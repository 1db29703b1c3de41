import CWaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// Pango's glyph that draws nothing (`PANGO_GLYPH_EMPTY`, a macro Swift does not import).
private let emptyGlyph: PangoGlyph = 0x0FFF_FFFF

/// Outlines lines as ``TextEngine/draw(_:in:)`` draws them into the PNG.
final class TextOutliner: GlyphOutliner {
    private let engine: TextEngine
    /// The PNG's device pixels a point: the transform the PNG's text is laid out under.
    private let scale: Double

    init(fonts: SceneFonts?, scale: Double) throws {
        engine = try TextEngine(fonts: fonts)
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// `run`'s glyphs as one path, from the layout the PNG draws (the same fonts, shaping and
    /// placement), its emoji's glyphs emptied and given back as pieces.
    func outline(of run: TextRun) throws -> TextOutline {
        // The PNG draws nothing of these either.
        guard !run.text.isEmpty, run.frame.width > 0, run.frame.height > 0, run.fontSize > 0 else {
            return TextOutline(pathData: "", left: run.frame.minX, emoji: [])
        }
        // A recording surface, unbounded: an image surface leaves the glyphs off its pixels out of
        // the path. The PNG's scale, so that Pango lays the line out as there; the frame's corner
        // at the origin, so that Cairo's fixed-point device space holds a line far down a page.
        let target = try CairoContext(surface: CairoSurface.recording())
        let cr = target.pointer
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -run.frame.minX, -run.frame.minY)
        pango_cairo_update_context(cr, engine.context)
        let layout = try engine.makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let unit = Double(PANGO_SCALE)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let left =
            run.alignment == .right ? run.frame.maxX - Double(logical.x + logical.width) / unit : run.frame.minX
        let emoji = Self.emoji(in: run, layout: layout)
        cairo_new_path(cr)
        cairo_move_to(cr, left, run.frame.minY)
        pango_cairo_layout_path(cr, layout)
        try target.checkStatus("outline the text \"\(run.text.prefix(40))\"")
        guard let path = cairo_copy_path(cr) else {
            throw CairoError.cairo(operation: "copy the outline of \"\(run.text.prefix(40))\"", status: "no path")
        }
        defer { cairo_path_destroy(path) }
        try check(path.pointee.status, "copy the outline of \"\(run.text.prefix(40))\"")
        return TextOutline(pathData: Self.pathData(path.pointee), left: left, emoji: emoji)
    }

    /// The emoji of `run`, each placed where `layout` sets it, from the line's left end; their
    /// glyphs in `layout` are made empty, so that its path has none (Cairo would trace a colour
    /// glyph's bitmap into a black silhouette).
    private static func emoji(in run: TextRun, layout: OpaquePointer) -> [TextPiece] {
        let (shaped, drawn, ranges) = TextEngine.text(of: run)
        guard !ranges.isEmpty else { return [] }
        let unit = Double(PANGO_SCALE)
        // Each emoji character and its bytes in Pango's text (the two are character for character
        // the same text, the emoji without U+FE0F).
        var characters: [(text: String, bytes: Range<Int>)] = []
        if shaped.count == drawn.count {
            var byte = 0
            for (character, drawnCharacter) in zip(shaped, drawn) {
                let count = drawnCharacter.utf8.count
                if character.isEmojiGlyph { characters.append((String(character), byte..<byte + count)) }
                byte += count
            }
        }
        var extents: [(left: Double, right: Double)?] = Array(repeating: nil, count: characters.count)
        guard let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            let index = Int(pango_layout_iter_get_index(iterator))
            guard ranges.contains(where: { $0.contains(index) }) else { continue }
            if let glyphRun = pango_layout_iter_get_run(iterator) {
                let glyphs = glyphRun.pointee.glyphs.pointee
                for glyph in 0..<Int(glyphs.num_glyphs) { glyphs.glyphs[glyph].glyph = emptyGlyph }
            }
            guard let which = characters.firstIndex(where: { $0.bytes.contains(index) }) else { continue }
            var cluster = PangoRectangle()
            pango_layout_iter_get_cluster_extents(iterator, nil, &cluster)
            let lower = Double(min(cluster.x, cluster.x + cluster.width)) / unit
            let upper = Double(max(cluster.x, cluster.x + cluster.width)) / unit
            let known = extents[which]
            extents[which] = (min(known?.left ?? lower, lower), max(known?.right ?? upper, upper))
        } while pango_layout_iter_next_cluster(iterator) != 0
        return zip(characters, extents).compactMap { character, extent in
            extent.map { TextPiece(text: character.text, isEmoji: true, x: $0.left, width: $0.right - $0.left) }
        }
    }

    /// Cairo's path as SVG path data; a move that nothing is drawn from (the layout's origin, a
    /// space) is left out, so a line with no ink has empty data.
    private static func pathData(_ path: cairo_path_t) -> String {
        var data = PathData()
        var pending: (x: Double, y: Double)?
        var index = 0
        let count = Int(path.num_data)
        while index < count {
            let header = path.data[index].header
            let length = max(1, Int(header.length))
            guard index + length <= count else { break }
            func point(_ offset: Int) -> (x: Double, y: Double) {
                (path.data[index + offset].point.x, path.data[index + offset].point.y)
            }
            func startSubpath() {
                if let start = pending { data.move(to: start.x, start.y) }
                pending = nil
            }
            switch header.type {
            case CAIRO_PATH_MOVE_TO where length >= 2:
                pending = point(1)
            case CAIRO_PATH_LINE_TO where length >= 2:
                startSubpath()
                let p = point(1)
                data.line(to: p.x, p.y)
            case CAIRO_PATH_CURVE_TO where length >= 4:
                startSubpath()
                let (a, b, c) = (point(1), point(2), point(3))
                data.curve(a.x, a.y, b.x, b.y, to: c.x, c.y)
            case CAIRO_PATH_CLOSE_PATH:
                // Cairo follows a close with a move to the subpath's start; a close alone draws nothing.
                if pending == nil { data.close() }
            default:
                break
            }
            index += length
        }
        return data.text
    }
}

/// Glyph outlines drawn by Pango and Cairo, the engine that draws the PNG.
public struct CairoGlyphOutlines: GlyphOutlines {
    /// Creates the outlines' source.
    public init() {}

    /// An outliner on the pinned fonts and `scene`'s font files, at its scale.
    public func outliner(for scene: Scene) throws -> any GlyphOutliner {
        try TextOutliner(fonts: scene.fonts, scale: scene.scale)
    }
}
