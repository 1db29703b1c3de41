import CWaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

extension TextEngine: GlyphDrawer {
    /// `run`'s text in pieces (runs of text, and each emoji on its own) with where Pango sets each
    /// on the line; one piece when the text has no emoji.
    func pieces(of run: TextRun) throws -> [TextPiece] {
        let (shaped, drawn, _) = Self.text(of: run)
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let unit = Double(PANGO_SCALE)
        let lineWidth = Double(logical.x + logical.width) / unit
        // The emoji are given to Pango without U+FE0F, character for character the same text.
        guard shaped.count == drawn.count else {
            return [TextPiece(text: shaped, isEmoji: false, x: 0, width: lineWidth)]
        }
        var starts: [(text: String, isEmoji: Bool, byte: Int)] = []
        var byte = 0
        for (character, drawnCharacter) in zip(shaped, drawn) {
            let isEmoji = character.isEmojiGlyph
            if !isEmoji, let last = starts.last, !last.isEmoji {
                starts[starts.count - 1].text.append(character)
            } else {
                starts.append((String(character), isEmoji, byte))
            }
            byte += drawnCharacter.utf8.count
        }
        let xs = starts.map { start -> Double in
            var position = PangoRectangle()
            pango_layout_index_to_pos(layout, Int32(clamping: start.byte), &position)
            return Double(position.x) / unit
        }
        return starts.indices.map { index in
            let end = index + 1 < xs.count ? xs[index + 1] : lineWidth
            return TextPiece(
                text: starts[index].text, isEmoji: starts[index].isEmoji, x: xs[index], width: end - xs[index])
        }
    }

    /// The emoji `text` drawn as in `run`, on a transparent picture just large enough for its
    /// ink, in its colours or as a silhouette.
    func picture(of text: String, in run: TextRun, silhouette: Color?, pixelsPerPoint: Double) throws
        -> GlyphPicture
    {
        var alone = run
        alone.text = text
        alone.shadow = nil
        let layout = try makeLayout(alone)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / unit
        let inkBox = Rect(
            x: Double(ink.x - logical.x) / unit, y: Double(ink.y) / unit - baseline,
            width: Double(ink.width) / unit, height: Double(ink.height) / unit)
        guard inkBox.width > 0, inkBox.height > 0, pixelsPerPoint > 0 else {
            throw CairoError.cairo(operation: "draw the emoji \(text)", status: "it has no ink")
        }
        // At most about 4 million pixels, however large the text.
        let density = min(pixelsPerPoint, (Double(1 << 22) / (inkBox.width * inkBox.height)).squareRoot())
        // The ink's box on the picture's pixel grid, with a pixel to spare on each side.
        let left = (inkBox.minX * density).rounded(.down) - 1
        let top = (inkBox.minY * density).rounded(.down) - 1
        let width = Int((inkBox.maxX * density).rounded(.up) + 1 - left)
        let height = Int((inkBox.maxY * density).rounded(.up) + 1 - top)
        let surface = try CairoSurface.image(width: width, height: height)
        let target = try CairoContext(surface: surface)
        let cr = target.pointer
        cairo_scale(cr, density, density)
        cairo_translate(cr, -left / density, -top / density)
        pango_cairo_update_context(cr, context)
        pango_cairo_update_layout(cr, layout)
        if silhouette == nil { target.setColor(run.color) }
        show(layout, on: target, x: -Double(logical.x) / unit, y: -baseline, silhouette: silhouette)
        try target.checkStatus("draw the emoji \(text)")
        cairo_surface_flush(surface.pointer)
        return GlyphPicture(
            png: try surface.pngBytes(),
            frame: Rect(
                x: left / density, y: top / density, width: Double(width) / density,
                height: Double(height) / density))
    }
}

/// Emoji pictures drawn by Pango and Cairo, the engine that draws the PNG.
public struct CairoGlyphPictures: GlyphPictures {
    /// Creates the pictures' source.
    public init() {}

    /// A drawer on the pinned fonts and `fonts`' files.
    public func drawer(fonts: SceneFonts?) throws -> any GlyphDrawer {
        try TextEngine(fonts: fonts)
    }
}
