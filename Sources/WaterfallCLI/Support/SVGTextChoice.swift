import ArgumentParser
import WaterfallCairo
import WaterfallRender

/// How `--svg-text` writes an SVG's lines: as `text` (the default) or as glyph `outlines`.
enum SVGTextChoice: String, CaseIterable, ExpressibleByArgument {
    /// `<text>` in the fonts the document names.
    case text
    /// The glyphs' outlines from Pango and Cairo, so every viewer draws the spec's fonts.
    case outlines

    /// The SVG renderer's option for this choice.
    var svgText: SVGText {
        switch self {
        case .text: .text
        case .outlines: .outlines(CairoGlyphOutlines())
        }
    }
}
