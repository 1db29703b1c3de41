import WaterfallCore
import WaterfallLayout

/// Pictures of the glyphs a viewer may not draw from the font, and where each piece of a line of
/// text starts, from the text engine that draws the PNG.
///
/// librsvg reads no colour glyphs and draws an emoji as a black shape, so the SVG carries each
/// emoji as a picture of its glyph, drawn by the engine that draws the PNG, and places the text
/// around it where that engine does. A scene without them (one made by hand) writes emoji as text
/// in the emoji font.
public protocol GlyphPictures: Sendable {
    /// A drawer for one document, used from one thread; `fonts` are the app's font files the
    /// scene's text is drawn in.
    func drawer(fonts: SceneFonts?) throws -> any GlyphDrawer
}

/// Measures the pieces of lines and draws glyph pictures, from one thread.
public protocol GlyphDrawer {
    /// `run`'s text in pieces, each emoji (a character drawn as one) a piece of its own, with where
    /// each starts on the line.
    func pieces(of run: TextRun) throws -> [TextPiece]

    /// The emoji `text` as it is drawn in `run`'s size, in its colours, or as its silhouette in
    /// `silhouette`, at `pixelsPerPoint` pixels a point.
    func picture(of text: String, in run: TextRun, silhouette: Color?, pixelsPerPoint: Double) throws
        -> GlyphPicture
}

/// A piece of a line of text: a run of text, or one emoji.
public struct TextPiece: Sendable, Equatable {
    /// The characters of the piece.
    public var text: String
    /// Whether the piece is one emoji, drawn as a picture.
    public var isEmoji: Bool
    /// Where the piece starts, in points from the line's left end.
    public var x: Double
    /// How far the piece advances the line, in points.
    public var width: Double

    /// Creates a piece.
    public init(text: String, isEmoji: Bool, x: Double, width: Double) {
        self.text = text
        self.isEmoji = isEmoji
        self.x = x
        self.width = width
    }
}

/// A glyph drawn as a PNG, and where it sits.
public struct GlyphPicture: Sendable, Equatable {
    /// The PNG's bytes.
    public var png: [UInt8]
    /// The picture's box in points, from where its glyph starts on the baseline.
    public var frame: Rect

    /// Creates a picture.
    public init(png: [UInt8], frame: Rect) {
        self.png = png
        self.frame = frame
    }
}
