/// How an SVG document writes its lines of text.
public enum SVGText: Sendable {
    /// As `<text>`, in the fonts the document names (the app's embedded as `@font-face` subsets):
    /// small, selectable and searchable, but drawn in a fallback font by a viewer that reads no
    /// `@font-face` (librsvg) unless the font is installed.
    case text
    /// As paths of the glyphs' outlines from `outlines` (the engine that draws the PNG), so every
    /// viewer draws the spec's fonts without them; each line's group keeps its text as its
    /// accessible name (`role="img"`, `aria-label`). Emoji stay pictures.
    case outlines(any GlyphOutlines)
}
