import WaterfallCore
import WaterfallLayout

/// Everything a renderer draws: the page and its elements, in points, in drawing order.
///
/// The scene is the one render model every output format consumes, so that SVG, HTML, PNG and
/// PDF show the same picture.
public struct Scene: Sendable {
    /// The page size in points: the layout's content size.
    public var size: Size
    /// The opaque page color.
    public var background: Color
    /// How many device pixels a point is in raster output.
    public var scale: Double
    /// Elements in document order: by section, then header, cells by item, footer.
    public var elements: [SceneElement]
    /// The content size as the layout computed it, when pixel snapping changed `size`; `nil` when
    /// they are the same.
    public var layoutSize: Size?
    /// Whether every edge is on the device pixel grid (`pixelSnapping: device`), so that a scene
    /// made from this one (a screen) is snapped too.
    public var isSnappedToDevicePixels = false
    /// What the native grid-lanes page is written from: the spec's sections as CSS sees them.
    public var grid: SceneGrid?
    /// The app's font files the text may be drawn in, beside the pinned fonts; `nil` when the
    /// spec names none.
    public var fonts: SceneFonts?
    /// Pictures of the emoji, for formats whose viewers may not draw colour glyphs (SVG); `nil`
    /// writes them as text in the emoji font.
    public var glyphPictures: (any GlyphPictures)?

    /// Creates a scene of a page size and color, at a scale, with its elements.
    public init(size: Size, background: Color, scale: Double, elements: [SceneElement]) {
        self.size = size
        self.background = background
        self.scale = scale
        self.elements = elements
    }
}

extension Scene {
    /// Each distinct image once, in order of `id`.
    public var images: [SceneImage] {
        var seen: [SceneImage?] = []
        for element in elements {
            guard let image = element.image else { continue }
            if image.id >= seen.count { seen += [SceneImage?](repeating: nil, count: image.id - seen.count + 1) }
            if seen[image.id] == nil { seen[image.id] = image }
        }
        return seen.compactMap { $0 }
    }
}

/// One laid-out element: a card with an optional image and text.
public struct SceneElement: Sendable {
    /// What the element is: a cell, a header, a footer or a background.
    public var kind: ElementKind
    /// The section the element belongs to.
    public var section: Int
    /// The item index; `nil` for headers and footers.
    public var item: Int?
    /// Where the element is drawn, in points.
    public var frame: Rect
    /// The frame as the layout computed it, when pixel snapping moved `frame`.
    ///
    /// `nil` when they are the same. The layout JSON reports this one.
    public var layoutFrame: Rect?
    /// The rounded rectangle's fill.
    public var fill: Color
    /// The corner radius, in points.
    public var cornerRadius: Double
    /// A line along the inside of the rounded rectangle, if any.
    public var stroke: Stroke?
    /// The image drawn in ``imageFrame``, if any.
    public var image: SceneImage?
    /// Where the image is drawn, aspect-fill and clipped to the element's rounded rectangle; the
    /// whole frame when `nil`.
    public var imageFrame: Rect?
    /// The color of an image area with no image to show (`imageFrame` without `image`).
    public var imageFill: Color?
    /// Gradients drawn over the image, behind the text, clipped to the rounded rectangle.
    public var scrims: [Scrim] = []
    /// The text runs drawn over the element, in order.
    public var texts: [TextRun]
    /// How opaque the whole element is, from 0 to 1.
    ///
    /// Less than 1 while a card inserted into a feed fades in (a clip's frames); the raster
    /// renderers draw the element as a group at this opacity.
    public var opacity = 1.0
    /// Whether a person taps the element: a card, a footer with a title, or what the spec marks
    /// `tappable`; the accessibility audit holds a target to 44 × 44 points.
    public var isTarget = false
    /// The texts of the element drawn cut short, each with how much of it shows; empty when every
    /// text shows whole.
    public var cuts: [TextCut] = []
    /// The roles of the texts drawn past the element's edges: a header or footer of a given
    /// height shorter than one line of its title (at an accessibility size) draws the line
    /// anyway, centered on it, rather than leave it out.
    public var overflowingTexts: [String] = []

    /// Creates an element with its frame and fill, and optionally a stroke, an image and text.
    public init(
        kind: ElementKind, section: Int, item: Int?, frame: Rect, fill: Color,
        cornerRadius: Double, stroke: Stroke? = nil, image: SceneImage? = nil, texts: [TextRun] = []
    ) {
        self.kind = kind
        self.section = section
        self.item = item
        self.frame = frame
        self.fill = fill
        self.cornerRadius = cornerRadius
        self.stroke = stroke
        self.image = image
        self.texts = texts
    }
}

/// A line drawn along the inside of an element's rounded rectangle.
public struct Stroke: Sendable, Hashable {
    /// The line's color.
    public var color: Color
    /// The line's width, in points.
    public var width: Double

    /// Creates a stroke of a color and width.
    public init(color: Color, width: Double) {
        self.color = color
        self.width = width
    }
}

/// A vertical gradient over an element's image, behind its text, so that light text reads on a
/// light photo.
///
/// Every renderer draws it the same way: the colour goes linearly, in straight (not premultiplied)
/// RGBA, from `top` at the frame's top edge to `bottom` at its bottom edge; the frame is clipped
/// to its element's rounded rectangle. With a single colour at two opacities, as a card's scrim
/// has, straight and premultiplied interpolation are the same picture.
public struct Scrim: Sendable, Hashable {
    /// Where the gradient is drawn, in points.
    public var frame: Rect
    /// The colour at the frame's top edge.
    public var top: Color
    /// The colour at the frame's bottom edge.
    public var bottom: Color

    /// Creates a gradient from `top` to `bottom` over `frame`.
    public init(frame: Rect, top: Color, bottom: Color) {
        self.frame = frame
        self.top = top
        self.bottom = bottom
    }
}

/// An image drawn aspect-fill into its element's frame and clipped to it.
///
/// A scene holds each distinct image file once, whatever the spelling of its path: every card
/// that shows it carries the same `id`, the same bytes and the same decoded pixels, so SVG and
/// HTML embed it once and the raster renderers decode it once.
public struct SceneImage: Sendable {
    /// The image file's format.
    public enum Format: String, Sendable {
        /// A PNG file.
        case png
        /// A JPEG file.
        case jpeg
    }

    /// The path as the spec gave it, for messages.
    public var path: String
    /// Which distinct image of its scene this is: 0, 1, 2… in order of first use.
    public var id: Int
    /// Whether the file is a PNG or a JPEG.
    public var format: Format
    /// The file's bytes, embedded as they are by SVG and HTML.
    public var data: [UInt8]
    /// The image's width in pixels, from its header.
    public var pixelWidth: Int
    /// The image's height in pixels, from its header.
    public var pixelHeight: Int
    /// The decoded pixels, filled by whoever decodes the image first and shared by every copy.
    public let decoded: DecodedPixels

    /// Creates an image from its file's bytes and pixel size.
    public init(
        path: String, id: Int = 0, format: Format, data: [UInt8], pixelWidth: Int, pixelHeight: Int,
        decoded: DecodedPixels = DecodedPixels()
    ) {
        self.path = path
        self.id = id
        self.format = format
        self.data = data
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.decoded = decoded
    }

    /// The MIME type of `data`.
    public var mediaType: String { format == .png ? "image/png" : "image/jpeg" }
}

/// A run of text laid out inside a box: wrapped to the box's width and clipped to the box.
public struct TextRun: Sendable, Hashable {
    /// A font weight: regular or bold.
    public enum Weight: String, Sendable {
        /// The regular weight, as subtitles use.
        case regular
        /// The bold weight, as titles and meta lines use.
        case bold
    }
    /// Which edge of its frame a line keeps to: left, or right (the trailing edge of a
    /// right-to-left layout, or a trailing title).
    public enum Alignment: String, Sendable {
        /// Lines start at the frame's left edge.
        case left
        /// Lines end at the frame's right edge.
        case right
    }

    /// The text, wrapped to the frame's width.
    public var text: String
    /// The box the text is laid out in; its top-left is where the first line starts.
    public var frame: Rect
    /// Font families in order of preference, the last a generic such as `sans-serif`.
    public var fontFamilies: [String]
    /// The font size, in points.
    public var fontSize: Double
    /// Regular or bold.
    public var weight: Weight
    /// The text's color.
    public var color: Color
    /// How far below the frame's top the first baseline sits, as the text engine lays it out;
    /// SVG, which places text by its baseline, needs it.
    public var baseline: Double
    /// Which edge of the frame the line keeps to: every renderer draws a right-aligned line so
    /// that it ends at the frame's right edge.
    public var alignment: Alignment
    /// A copy of the text drawn under it, moved and in its own colour, inside the same frame.
    public var shadow: TextShadow?
    /// How far each emoji advances the line as the text engine sets it, in points.
    ///
    /// `nil` when the text has none or the engine does not say. HTML gives each emoji that width,
    /// so that the text after it starts where it does in the PNG.
    public var emojiAdvance: Double?
    /// What the text is in its element (`title`, `subtitle`, `meta`, `header`, `footer`), for
    /// naming it in findings; `nil` when not said.
    public var role: String?

    /// Creates a run; its baseline is estimated from the font size unless given, and `role` says
    /// what the text is in its element.
    public init(
        text: String, frame: Rect, fontFamilies: [String], fontSize: Double, weight: Weight,
        color: Color, baseline: Double? = nil, alignment: Alignment = .left, role: String? = nil
    ) {
        self.baseline = baseline ?? fontSize * 0.928
        self.role = role
        self.alignment = alignment
        self.text = text
        self.frame = frame
        self.fontFamilies = fontFamilies
        self.fontSize = fontSize
        self.weight = weight
        self.color = color
    }
}

/// A text drawn cut short: ended with an ellipsis, or with lines left out (past a line limit or
/// the element's edge), or not drawn at all for want of room.
public struct TextCut: Sendable, Hashable {
    /// What the text is in its element: `title`, `subtitle`, `meta`, `header` or `footer`.
    public var role: String
    /// The lines drawn, as they show; empty when none is.
    public var shownLines: [String]
    /// How many of the text's characters (grapheme clusters) show, spaces included: those of
    /// ``shownText`` before its "…".
    public var shownCharacters: Int
    /// How many characters (grapheme clusters) the whole text has, spaces included.
    public var totalCharacters: Int
    /// Whether the last line drawn ends in an ellipsis the text does not have.
    public var endsInEllipsis: Bool
    /// The part of the text that shows, as the text writes it (its spaces where it has them,
    /// none where a line broke inside a word), ended with "…" when the lines are.
    public var shownText: String

    /// The cut of `text` drawn as `shownLines`, or `nil` when every character of it shows.
    ///
    /// - Parameters:
    ///   - text: The whole text, as it would be drawn.
    ///   - shownLines: The lines drawn of it, the last perhaps ended with "…".
    ///   - role: What the text is in its element.
    public init?(text: String, shownLines: [String], role: String) {
        let whole = text.filter { !$0.isWhitespace }
        var shown = shownLines.joined().filter { !$0.isWhitespace }
        guard shown != whole else { return nil }
        let ellipsis = shown.last == "…" && !whole.hasPrefix(shown)
        if ellipsis { shown.removeLast() }
        self.role = role
        self.shownLines = shownLines
        self.endsInEllipsis = ellipsis
        var prefix = ""
        var counted = 0
        for character in text where counted < shown.count {
            prefix.append(character)
            if !character.isWhitespace { counted += 1 }
        }
        // Counted as people read them, one count everywhere: characters (grapheme clusters) of
        // the text as written, its spaces among them.
        self.shownCharacters = prefix.count
        self.totalCharacters = text.count
        self.shownText = prefix + (ellipsis ? "…" : "")
    }
}

/// A sharp shadow under a run of text: the same glyphs, moved by `offset` and drawn in `color`
/// first, clipped to the run's frame as the text is.
public struct TextShadow: Sendable, Hashable {
    /// How far the shadow is moved from the text, in points.
    public var offset: Point
    /// The shadow's colour, usually translucent black.
    public var color: Color

    /// Creates a shadow moved by `offset`, in `color`.
    public init(offset: Point, color: Color) {
        self.offset = offset
        self.color = color
    }
}

/// A layout's sections as settings, for writing them as CSS grid-lanes containers
/// (``Renderer/htmlGridLanes(title:)``).
public struct SceneGrid: Sendable {
    /// The fixed extent across the scroll direction.
    public var width: Double
    /// Whether the frames run left to right or are mirrored.
    public var layoutDirection: LayoutDirection
    /// Whether the feed grows downwards or sideways.
    public var scrollDirection: ScrollDirection
    /// The sections, in order.
    public var sections: [Section]

    /// One section's settings and spans, as CSS sees them.
    public struct Section: Sendable {
        /// The settings with the column count chosen for this width.
        public var settings: SectionSettings
        /// The span of each item, in item order.
        public var spans: [ItemSpan]
        /// The section's font size: what CSS's `1em` is in it.
        public var fontSize: Double

        /// Creates a section from its settings, item spans and font size.
        public init(settings: SectionSettings, spans: [ItemSpan], fontSize: Double) {
            self.settings = settings
            self.spans = spans
            self.fontSize = fontSize
        }
    }

    /// Creates a grid from the layout's width, directions and sections.
    public init(width: Double, layoutDirection: LayoutDirection, scrollDirection: ScrollDirection, sections: [Section])
    {
        self.width = width
        self.layoutDirection = layoutDirection
        self.scrollDirection = scrollDirection
        self.sections = sections
    }
}
