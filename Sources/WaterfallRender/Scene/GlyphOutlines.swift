import WaterfallCore
import WaterfallLayout

/// The outlines of a line's glyphs, from the text engine that draws the PNG, for an SVG that shows
/// the spec's fonts in every viewer (``SVGText/outlines(_:)``).
///
/// librsvg reads no `@font-face`: an SVG of a spec with `fonts:` is drawn in a fallback font unless
/// the font is installed. Outlines need no font at all: each line is one path, its glyphs shaped and
/// placed as the PNG places them, in the same fonts (the app's files included). Emoji are left out
/// of the path and drawn as pictures (``GlyphPictures``).
public protocol GlyphOutlines: Sendable {
    /// An outliner for one document, used from one thread, on `scene`'s fonts (``Scene/fonts``)
    /// and at its scale.
    func outliner(for scene: Scene) throws -> any GlyphOutliner
}

/// Outlines lines of text, from one thread.
public protocol GlyphOutliner {
    /// `run`'s line as the PNG draws it: its glyphs as one path in page points, and its emoji apart.
    func outline(of run: TextRun) throws -> TextOutline
}

/// A line of text as a path, and its emoji.
public struct TextOutline: Sendable, Equatable {
    /// The SVG path data (`d`) of the line's glyphs but its emoji, in page points, where the PNG
    /// draws them; empty when no glyph has an outline (spaces only, or only emoji).
    public var pathData: String
    /// Where the line starts, in page points: its frame's left edge, or its right edge less the
    /// line's width when right-aligned.
    public var left: Double
    /// Each emoji, a piece placed from ``left``, to be drawn as a picture of its glyph.
    public var emoji: [TextPiece]

    /// Creates an outline.
    public init(pathData: String, left: Double, emoji: [TextPiece]) {
        self.pathData = pathData
        self.left = left
        self.emoji = emoji
    }
}
