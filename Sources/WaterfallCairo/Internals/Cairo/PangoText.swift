import CWaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// Lays out and draws text with Pango on a private font map and pinned font options, so the
/// result is the same on every run, whatever the locale or the user's font settings.
///
/// The font map is FreeType's (whatever `PANGOCAIRO_BACKEND` says) on the process's private
/// fontconfig configuration, which holds only the pinned font files (``FontSet/pinned``):
/// measuring and drawing both come here, so they see the same fonts. A spec's own font files
/// (`fonts:`) are added to a configuration of their own beside the pinned ones.
final class TextEngine {
    private let fontMap: UnsafeMutablePointer<PangoFontMap>
    let context: OpaquePointer
    /// The app fonts' families whose names hold bidirectional controls, as their files spell
    /// them (what fontconfig matches), by the name without them (what a scene gives).
    private let spelledByFile: [String: String]
    /// ``emojiAdvance()``, once measured.
    private var emojiAdvancePerPoint: Double?

    /// An engine on the pinned fonts and `appFonts`' files.
    init(fonts appFonts: SceneFonts? = nil) throws {
        let fonts =
            try appFonts.map { (fonts) throws(FontError) in try FontConfiguration.including(fonts) }
            ?? FontConfiguration.shared.get()
        guard let fontMap = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw CairoError.cairo(operation: "create a Pango font map", status: "no FreeType font map returned")
        }
        // Takes its own reference to the configuration.
        pango_fc_font_map_set_config(OpaquePointer(fontMap), fonts.pointer)
        guard let context = pango_font_map_create_context(fontMap) else {
            g_object_unref(fontMap)
            throw CairoError.cairo(operation: "create a Pango context", status: "no context returned")
        }
        self.fontMap = fontMap
        self.context = context
        var spelled: [String: String] = [:]
        for face in appFonts?.files.flatMap(\.faces) ?? [] {
            for family in face.families where family.droppingBidiControls != family {
                let key = PinnedFamilies.comparable(family.droppingBidiControls)
                if spelled[key] == nil { spelled[key] = family }
            }
        }
        spelledByFile = spelled

        guard let options = cairo_font_options_create() else {
            throw CairoError.cairo(operation: "create font options", status: "no font options returned")
        }
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_subpixel_order(options, CAIRO_SUBPIXEL_ORDER_DEFAULT)
        try check(cairo_font_options_status(options), "set up font options")
        pango_cairo_context_set_font_options(context, options)
        // 72 dpi makes a point one user unit; absolute sizes are in user units anyway.
        pango_cairo_context_set_resolution(context, 72)
        pango_context_set_language(context, pango_language_from_string("en-us"))
        pango_context_set_base_dir(context, PANGO_DIRECTION_LTR)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(fontMap)
    }

    /// Draws `run` into `target` on one line, clipped to its frame, starting at the frame's top-left
    /// (ending at its right edge when the run is right-aligned).
    func draw(_ run: TextRun, in target: CairoContext) throws {
        let cr = target.pointer
        pango_cairo_update_context(cr, context)
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, run.frame.minX, run.frame.minY, run.frame.width, run.frame.height)
        cairo_clip(cr)
        var left = run.frame.minX
        if run.alignment == .right {
            // Right-aligned: the line's logical extent ends at the frame's right edge.
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            left = run.frame.maxX - Double(logical.x + logical.width) / Double(PANGO_SCALE)
        }
        if let shadow = run.shadow {
            show(
                layout, on: target, x: left + shadow.offset.x, y: run.frame.minY + shadow.offset.y,
                silhouette: shadow.color)
        }
        target.setColor(run.color)
        show(layout, on: target, x: left, y: run.frame.minY)
        cairo_restore(cr)
        try target.checkStatus("draw the text \"\(run.text.prefix(40))\"")
    }

    /// Draws `layout` with its top-left at (`x`, `y`) in the current colour or, with `silhouette`,
    /// as the glyphs' coverage (colour emoji included) filled with that colour: the silhouette
    /// CSS's text-shadow draws.
    func show(_ layout: OpaquePointer, on target: CairoContext, x: Double, y: Double, silhouette: Color? = nil) {
        let cr = target.pointer
        guard let silhouette else {
            cairo_move_to(cr, x, y)
            pango_cairo_show_layout(cr, layout)
            return
        }
        cairo_push_group(cr)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
        if let glyphs = cairo_pop_group(cr) {
            defer { cairo_pattern_destroy(glyphs) }
            target.setColor(silhouette)
            cairo_mask(cr, glyphs)
        }
    }

    /// How many characters of `run` no installed font has a glyph for (drawn as boxes).
    func unknownGlyphCount(in run: TextRun) throws -> Int {
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Int(pango_layout_get_unknown_glyphs_count(layout))
    }

    /// The advance width of `run`'s text on one line, in points.
    func width(of run: TextRun) throws -> Double {
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return Double(logical.width) / Double(PANGO_SCALE)
    }

    /// How far below the top of the layout its first baseline sits, in points.
    func baseline(of run: TextRun) throws -> Double {
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Double(pango_layout_get_baseline(layout)) / Double(PANGO_SCALE)
    }

    /// Where `run`'s line sits and where its ink reaches, below the top of the layout, in points.
    func lineMetrics(of run: TextRun) throws -> LineMetrics {
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = Double(PANGO_SCALE)
        let baseline = Double(pango_layout_get_baseline(layout)) / unit
        guard ink.width > 0, ink.height > 0 else {
            return LineMetrics(
                baseline: baseline, height: Double(logical.height) / unit, inkTop: 0, inkBottom: 0)
        }
        return LineMetrics(
            baseline: baseline, height: Double(logical.height) / unit, inkTop: Double(ink.y) / unit,
            inkBottom: Double(ink.y + ink.height) / unit)
    }

    /// The lines `run`'s text wraps to at `width` points, broken between words where it can and
    /// inside a word where a word alone is too wide (Pango's `PANGO_WRAP_WORD_CHAR`).
    func wrappedLines(of run: TextRun, width: Double) throws -> [String] {
        let layout = try makeLayout(run)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_width(layout, Int32(clamping: Int((width * Double(PANGO_SCALE)).rounded(.down))))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        guard let text = pango_layout_get_text(layout) else { return [] }
        let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
        var lines: [String] = []
        for index in 0..<pango_layout_get_line_count(layout) {
            guard let line = pango_layout_get_line_readonly(layout, index) else { continue }
            let start = Int(line.pointee.start_index)
            let end = min(bytes.count, start + Int(line.pointee.length))
            guard start <= end else { continue }
            lines.append(String(decoding: bytes[start..<end], as: UTF8.self))
        }
        // Pango's lines are of the text it was given; the same characters of the run's own text
        // (an emoji with its U+FE0F).
        let (shaped, drawn, _) = Self.text(of: run)
        guard shaped != drawn else { return lines }
        var rest = Substring(shaped)
        return lines.map { line in
            let taken = rest.prefix(line.count)
            rest = rest.dropFirst(line.count)
            return String(taken)
        }
    }

    /// Lines longer than this many UTF-8 bytes are not scanned for emoji (a fitted line never is).
    static let emojiScanBytes = 1 << 16

    /// `run`'s text as it is shaped (``String/shapeable``, without NULs), the same as Pango is
    /// given it (emoji without U+FE0F), and the emoji's byte ranges in the latter: character for
    /// character the same text.
    static func text(of run: TextRun) -> (shaped: String, drawn: String, emoji: [Range<Int>]) {
        var text = run.text.shapeable
        if text.utf8.contains(0) { text = String(text.unicodeScalars.filter { $0 != "\0" }.map(Character.init)) }
        let (drawn, emoji) = text.utf8.count < Self.emojiScanBytes ? text.withEmojiMarked : (text, [])
        return (text, drawn, emoji)
    }

    /// How far one emoji advances a line at `fontSize`, in points: the emoji font's advance
    /// rounded to a whole point (see ``makeLayout(_:)``); `nil` when it cannot be measured.
    func emojiAdvance(fontSize: Double) -> Double? {
        guard let perPoint = emojiAdvance(), perPoint > 0 else { return nil }
        let advance = (perPoint * fontSize).rounded()
        return advance > 0 ? advance : nil
    }

    /// The emoji font's advance per point of size (the same for every emoji: Noto Color Emoji is
    /// monospaced), measured once; `nil` when it cannot be.
    private func emojiAdvance() -> Double? {
        if let measured = emojiAdvancePerPoint { return measured }
        guard let layout = pango_layout_new(context), let font = pango_font_description_new() else { return nil }
        defer {
            pango_font_description_free(font)
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
        let size = 1000.0
        pango_font_description_set_family(font, PinnedFamilies.emoji)
        pango_font_description_set_absolute_size(font, size * Double(PANGO_SCALE))
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, "\u{1F362}", -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let measured = Double(logical.width) / Double(PANGO_SCALE) / size
        emojiAdvancePerPoint = measured
        return measured
    }

    /// The byte ranges of the runs of spaces (U+0020) in `utf8`.
    static func spaceRuns(in utf8: [UInt8]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, byte) in utf8.enumerated() {
            if byte == 0x20 {
                if start == nil { start = index }
            } else if let first = start {
                runs.append(first..<index)
                start = nil
            }
        }
        if let first = start { runs.append(first..<utf8.count) }
        return runs
    }

    /// A layout of `run`'s text in its font, on one line.
    func makeLayout(_ run: TextRun) throws -> OpaquePointer {
        guard let layout = pango_layout_new(context) else {
            throw CairoError.cairo(operation: "create a Pango layout", status: "no layout returned")
        }
        guard let font = pango_font_description_new() else {
            g_object_unref(UnsafeMutableRawPointer(layout))
            throw CairoError.cairo(operation: "create a font description", status: "no description returned")
        }
        defer { pango_font_description_free(font) }
        // An app font's family as its file spells it, bidirectional controls and all: the scene
        // names it without them.
        let names =
            spelledByFile.isEmpty
            ? run.fontFamilies : run.fontFamilies.map { spelledByFile[PinnedFamilies.comparable($0)] ?? $0 }
        let families = names.isEmpty ? "sans-serif" : names.joined(separator: ",")
        pango_font_description_set_family(font, families)
        pango_font_description_set_absolute_size(font, run.fontSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(font, run.weight == .bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_layout_set_font_description(layout, font)

        // Left-aligned whatever the script, as HTML's default `direction: ltr`.
        pango_layout_set_auto_dir(layout, 0)
        // One line, unwrapped: the scene builder already fitted the text to its box with this
        // same engine, so SVG and HTML can draw the very same line.
        pango_layout_set_single_paragraph_mode(layout, 1)
        // Pango wants NUL-free UTF-8; Swift strings are UTF-8 already. Shapeable text has no
        // noncharacters (Cairo's PDF text refuses them) and no endless runs of marks (HarfBuzz is
        // quadratic in a cluster's marks); the scene builder's fitting did the same, so this only
        // changes scenes made by hand.
        let (_, drawn, emoji) = Self.text(of: run)
        let utf8 = Array(drawn.utf8)
        utf8.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                pango_layout_set_text(layout, $0.baseAddress, Int32(clamping: $0.count))
            }
        }
        // Emoji in the emoji font by name: a keycap's digit or a ❤️ is in DejaVu Sans too, and
        // font fallback would draw it there, in black.
        var ranges = emoji.map { (range: $0, family: PinnedFamilies.emoji) }
        var sizes: [(range: Range<Int>, size: Double)] = []
        // An emoji's advance rounded to a whole point, as Chromium sets a bitmap font's (1.245 em:
        // 16 pt at 13 pt, 19 at 15): the emoji drawn that much smaller or larger (under 3 % at 9 pt
        // and above), so the line after it is where the browser puts it.
        if !emoji.isEmpty, let perPoint = emojiAdvance(), perPoint > 0 {
            let advance = (perPoint * run.fontSize).rounded()
            if advance > 0 { sizes = emoji.map { ($0, advance / perPoint) } }
        }
        // Spaces in the first family, as a browser picks the first family that has the character:
        // Pango keeps a space in the font of the text around it (a CJK font's narrower space
        // after Chinese), which would set the line narrower than Chromium and librsvg do.
        if let first = run.fontFamilies.first, utf8.contains(where: { $0 >= 0x80 }) {
            ranges += Self.spaceRuns(in: utf8).map { (range: $0, family: first) }
        }
        if !ranges.isEmpty, let attributes = pango_attr_list_new() {
            defer { pango_attr_list_unref(attributes) }
            let placed =
                ranges.map { (range: $0.range, attribute: pango_attr_family_new($0.family)) }
                + sizes.map {
                    (
                        range: $0.range,
                        attribute: pango_attr_size_new_absolute(Int32(($0.size * Double(PANGO_SCALE)).rounded()))
                    )
                }
            for (range, attribute) in placed {
                guard let attribute else { continue }
                attribute.pointee.start_index = guint(range.lowerBound)
                attribute.pointee.end_index = guint(range.upperBound)
                pango_attr_list_insert(attributes, attribute)
            }
            pango_layout_set_attributes(layout, attributes)
        }
        return layout
    }
}
