import Foundation
import Mustache
import WaterfallCore
import WaterfallLayout

extension Renderer {
    /// A static page, no script needed: each element a `div` absolutely positioned at its frame
    /// in CSS pixels, from the `page` template of `templates`.
    public static func html(templates: TemplateSet, title: String = "Waterfall") -> Renderer {
        Renderer(format: .html) { scene, emit in
            try HTMLPage.write(scene, title: title, templates: templates) {
                try emit(RenderedFile(bytes: Array($0.utf8)))
            }
        }
    }
}

/// What the page template is given: numbers as CSS-ready text, styles precomputed.
enum HTMLPage {
    static let elementsPerPiece = 4096

    /// Writes the page in pieces.
    ///
    /// When the page template draws its elements through the
    /// `element` partial (as `Templates/page.mustache` does), elements are rendered a few thousand
    /// at a time and memory stays bounded; other templates are rendered whole.
    static func write(_ scene: Scene, title: String, templates: TemplateSet, emit: (String) throws -> Void) throws {
        // One allowance for the whole page, however many renders write it.
        let budget = RenderBudget()
        var context = context(scene, title: title)
        context["fontFaces"] = try scene.fonts?.embeddedFaces(in: scene).map(FontFaceContext.init) ?? []
        let drawer = lineDrawer(scene)
        if templates.has("element") {
            // Render the page once with a single stand-in element to find where elements go.
            context["elements"] = [[String: Any]()]
            let marker = "\u{1}waterfall-elements-\(scene.elements.count)\u{1}"
            let frame = try templates.render("page", context, replacingPartial: "element", with: marker, budget: budget)
            let parts = frame.components(separatedBy: marker)
            if parts.count == 2 {
                var out = parts[0]
                // The built-in element template is written directly, the same bytes as Mustache
                // renders it (`HTMLElementWriterTests`), without Mustache or element contexts; custom ones are rendered.
                let isBuiltIn = templates.origin == TemplateSet.bundled.origin
                let newline = TemplateSet.bundledText("element")?.hasSuffix("\n") ?? false
                for start in stride(from: 0, to: scene.elements.count, by: elementsPerPiece) {
                    let end = min(start + elementsPerPiece, scene.elements.count)
                    for element in scene.elements[start..<end] {
                        if isBuiltIn {
                            writeBuiltIn(element, fonts: scene.fonts, drawer: drawer, to: &out)
                            if newline { out += "\n" }
                        } else {
                            out += try templates.render(
                                "element", self.element(element, fonts: scene.fonts, drawer: drawer), budget: budget)
                        }
                    }
                    try emit(out)
                    out = ""
                }
                try emit(out + parts[1])
                return
            }
        }
        context["elements"] = scene.elements.map { element($0, fonts: scene.fonts, drawer: drawer) }
        try emit(try templates.render("page", context, budget: budget))
    }

    static func context(_ scene: Scene, title: String) -> [String: Any] {
        let n = ShortestNumber.text
        return [
            "title": title,
            "width": n(scene.size.width),
            "height": n(scene.size.height),
            "background": scene.background.hexString,
            "images": scene.images.map { image in
                ImageContext(name: ImageContext.className(image), src: ImageContext.dataURI(image))
            },
        ]
    }

    private static func element(_ element: SceneElement, fonts: SceneFonts?, drawer: (any GlyphDrawer)?)
        -> ElementContext
    {
        let n = ShortestNumber.text
        let frame = element.frame
        let (left, top, width, height) = (n(frame.minX), n(frame.minY), n(frame.width), n(frame.height))
        let style = self.style(element, left: left, top: top, width: width, height: height)
        // The page's style sheet holds each image once, as a class; `src` is there for templates
        // that want an `<img>` per element instead.
        let image = element.image.map { picture in
            ImageContext(
                name: ImageContext.className(picture), src: ImageContext.dataURI(picture), style: imageArea(element))
        }
        return ElementContext(
            kind: element.kind.rawValue, section: String(element.section), hasItem: element.item != nil,
            item: element.item.map(String.init) ?? "", left: left, top: top, width: width, height: height,
            style: style, image: image, scrims: element.scrims.map { ScrimContext(style: scrimStyle($0, in: frame)) },
            texts: element.texts.map { text($0, in: frame, fonts: fonts, drawer: drawer) })
    }

    private static func text(_ run: TextRun, in frame: Rect, fonts: SceneFonts?, drawer: (any GlyphDrawer)?)
        -> TextContext
    {
        TextContext(
            text: run.text, html: content(run, drawer: drawer), style: style(run, in: frame, fonts: fonts),
            role: run.role)
    }

    /// The element's inline style: its frame, corners, fill and stroke.
    private static func style(
        _ element: SceneElement, left: String, top: String, width: String, height: String
    ) -> String {
        position(left: left, top: top, width: width, height: height) + appearance(element)
    }

    /// Where an element goes: its frame's `left`, `top`, `width` and `height` in CSS pixels.
    ///
    /// Each name follows `prefix`: the grid-lanes page writes the same declarations as custom
    /// properties (`--left`, …) that its fallback reads where `display: grid-lanes` is unsupported.
    static func position(left: String, top: String, width: String, height: String, prefix: String = "") -> String {
        "\(prefix)left: \(left)px; \(prefix)top: \(top)px; \(prefix)width: \(width)px; \(prefix)height: \(height)px;"
    }

    /// ``position(left:top:width:height:prefix:)`` of `frame`, its numbers written shortest.
    static func position(_ frame: Rect, prefix: String = "") -> String {
        let n = ShortestNumber.text
        return position(
            left: n(frame.minX), top: n(frame.minY), width: n(frame.width), height: n(frame.height), prefix: prefix)
    }

    /// The element's corners, fill and stroke as inline style, each declaration after a space.
    static func appearance(_ element: SceneElement) -> String {
        let n = ShortestNumber.text
        let frame = element.frame
        let radius = max(0, min(element.cornerRadius, frame.width / 2, frame.height / 2))
        var style = ""
        if radius > 0 { style += " border-radius: \(n(radius))px;" }
        if element.fill.alpha > 0 { style += " background: \(element.fill.cssText);" }
        if element.image == nil, let fill = element.imageFill, let area = element.imageFrame {
            // The image area's color as a background layer of its own size, at the top of the box.
            style +=
                " background-image: linear-gradient(\(fill.cssText), \(fill.cssText));"
                + " background-size: \(n(area.width))px \(n(area.height))px;"
                + " background-position: \(n(area.minX - frame.minX))px \(n(area.minY - frame.minY))px;"
                + " background-repeat: no-repeat;"
        }
        if let stroke = element.stroke, stroke.width > 0 {
            style += " box-shadow: inset 0 0 0 \(n(stroke.width))px \(stroke.color.cssText);"
        }
        return style
    }

    /// Where the element's image sits in it when it covers only part of it; empty otherwise.
    static func imageArea(_ element: SceneElement) -> String {
        let n = ShortestNumber.text
        let frame = element.frame
        guard let imageFrame = element.imageFrame, imageFrame != frame else { return "" }
        return "left: \(n(imageFrame.minX - frame.minX))px; top: \(n(imageFrame.minY - frame.minY))px; "
            + "width: \(n(imageFrame.width))px; height: \(n(imageFrame.height))px;"
    }

    /// A text run's inline style, relative to its element's frame.
    ///
    /// The font size is the run's own, fractions as they are (`16.25px`), and nothing scales
    /// the text: checkers (axe-core), browser text zoom, find and copy read the size the run is
    /// set at. `--baseline` is how far below the box's top the PNG's baseline sits; the page's
    /// style sheet makes the line that tall above its baseline with a strut (a `::before` box of
    /// that height on a line of `line-height: 0`), so the line sits where Pango sets it whatever
    /// the browser makes of the fonts' line gaps: Firefox's `line-height: normal` adds half of
    /// DejaVu Sans's OS/2 line gap above the ascent (its 40 px line 48 px tall, the baseline at
    /// 38 px, Pango's at 37.13).
    static func style(_ run: TextRun, in frame: Rect, fonts: SceneFonts?) -> String {
        let n = ShortestNumber.text
        let box = run.frame
        var style = "left: \(n(box.minX - frame.minX))px; top: \(n(box.minY - frame.minY))px;"
        style += " width: \(n(box.width))px; height: \(n(box.height))px;"
        style += " font-family: \(FontList.css(run.fontFamilies, fonts: fonts)); font-size: \(n(run.fontSize))px;"
        style += " font-weight: \(run.weight == .bold ? "bold" : "normal"); color: \(run.color.cssText);"
        style += " --baseline: \(n(run.baseline))px;"
        if run.alignment == .right { style += " text-align: right;" }
        if let shadow = run.shadow {
            style += " text-shadow: \(n(shadow.offset.x))px \(n(shadow.offset.y))px 0px \(shadow.color.cssText);"
        }
        return style
    }

    /// A run's text content: escaped, emoji in spans as wide as the PNG sets them, and words
    /// between them in `line` spans as wide as the PNG sets them.
    ///
    /// The page's style sheet sets a `line` justified with its spaces narrowed (`word-spacing:
    /// -0.2em`), so that justifying widens them back to end the words where the PNG does. Chromium
    /// and Firefox, whose advances are Pango's, give each space back what it lost; WebKitGTK, which
    /// advances each glyph by its hinted, whole-pixel advance and sets a fractional size at whole
    /// pixels (DejaVu Sans Bold's "n" at 14 px 10 px, not 9.97; 16.25 px as 16), shares its error
    /// among the spaces instead of adding it up along the line (the end of 12-tablet's 14 px bold
    /// title was 11 px right of the PNG's). A space keeps at least a third of its width (DejaVu
    /// Sans's is 0.32 em); a line WebKitGTK sets wider than that allows runs on past the PNG's end.
    /// Each `line` holds words between emoji, without the spaces at its ends: a browser justifies
    /// no space beside an emoji's box. The text stays text at its own size, for find, copy and
    /// checkers.
    static func content(_ run: TextRun, drawer: (any GlyphDrawer)?) -> String {
        guard let drawer, lineIsJustified(run) else {
            return FontList.htmlContent(run.text, emojiAdvance: run.emojiAdvance)
        }
        var out = ""
        var words = ""
        func flush() {
            guard !words.isEmpty else { return }
            let leading = words.prefix { $0.isWhitespace }
            let trailing = String(words.dropFirst(leading.count).reversed().prefix { $0.isWhitespace }.reversed())
            let core = String(words.dropFirst(leading.count).dropLast(trailing.count))
            if core.contains(" "), let width = width(of: core, in: run, drawer: drawer) {
                out += Markup.mustacheEscaped(String(leading))
                out += "<span class=\"line\" style=\"width: \(ShortestNumber.text(width))px\">"
                out += FontList.htmlContent(core) + "</span>"
                out += Markup.mustacheEscaped(trailing)
            } else {
                out += FontList.htmlContent(words)
            }
            words = ""
        }
        for character in run.text {
            if character.isEmojiGlyph {
                flush()
                out += FontList.htmlContent(String(character), emojiAdvance: run.emojiAdvance)
            } else {
                words.append(character)
            }
        }
        flush()
        return out
    }

    /// Whether `run`'s words are set in `line` spans: a line with a space, left to right.
    private static func lineIsJustified(_ run: TextRun) -> Bool {
        run.text.contains(" ") && !run.text.contains(where: \.isNewline)
            && (run.text.allSatisfy(\.isASCII) || SVGGlyphs.drawsInPieces(run))
    }

    /// How wide the PNG's text engine sets `words` in `run`'s font.
    private static func width(of words: String, in run: TextRun, drawer: any GlyphDrawer) -> Double? {
        var alone = run
        alone.text = words
        alone.shadow = nil
        guard let piece = try? drawer.pieces(of: alone).last else { return nil }
        let width = piece.x + piece.width
        return width.isFinite && width > 0 ? width : nil
    }

    /// The drawer that measures lines as the PNG sets them; `nil` for a scene made by hand.
    static func lineDrawer(_ scene: Scene) -> (any GlyphDrawer)? {
        try? scene.glyphPictures?.drawer(fonts: scene.fonts)
    }

    /// A scrim's inline style: an absolutely placed box, relative to its element's frame (whose
    /// rounded, overflow-hidden box clips it), filled with a vertical `linear-gradient`.
    static func scrimStyle(_ scrim: Scrim, in frame: Rect) -> String {
        let n = ShortestNumber.text
        let box = scrim.frame
        return "position: absolute; left: \(n(box.minX - frame.minX))px; top: \(n(box.minY - frame.minY))px;"
            + " width: \(n(box.width))px; height: \(n(box.height))px;"
            + " background: linear-gradient(\(scrim.top.cssText), \(scrim.bottom.cssText));"
    }

    /// Appends what the built-in `element` template renders for `element`, straight from the scene.
    ///
    /// `<div class="element" data-kind="{{kind}}" …>…</div>` without its final line break, the
    /// image's `{{#areaStyle}}` included. A change to `Templates/element.mustache` must be made
    /// here too; `HTMLElementWriterTests` fails until it is.
    ///
    /// The same text as `ElementContext` through Mustache, without building the context (the
    /// data URI of an image included, which the built-in template never shows).
    static func writeBuiltIn(
        _ element: SceneElement, fonts: SceneFonts?, drawer: (any GlyphDrawer)?, to out: inout String
    ) {
        let n = ShortestNumber.text
        let frame = element.frame
        // Kinds and whole numbers have nothing to escape.
        out += "<div class=\"element\" data-kind=\""
        out += element.kind.rawValue
        out += "\" data-section=\""
        out += String(element.section)
        out += "\""
        if let item = element.item {
            out += " data-item=\""
            out += String(item)
            out += "\""
        }
        out += " style=\""
        let style = self.style(
            element, left: n(frame.minX), top: n(frame.minY), width: n(frame.width), height: n(frame.height))
        Markup.appendMustacheEscaped(style, to: &out)
        out += "\">"
        writeContent(element, fonts: fonts, drawer: drawer, to: &out)
        out += "</div>"
    }

    /// The element's image, scrims and text, each a `div` placed inside it: what `element.mustache`
    /// writes inside an element, and what the grid-lanes page writes inside each of its items.
    static func writeContent(
        _ element: SceneElement, fonts: SceneFonts?, drawer: (any GlyphDrawer)?, to out: inout String
    ) {
        if let image = element.image {
            out += "<div class=\"image "
            Markup.appendMustacheEscaped(ImageContext.className(image), to: &out)
            out += "\""
            let area = imageArea(element)
            if !area.isEmpty {
                out += " style=\""
                Markup.appendMustacheEscaped(area, to: &out)
                out += "\""
            }
            out += "></div>"
        }
        for scrim in element.scrims {
            out += "<div class=\"scrim\" style=\""
            Markup.appendMustacheEscaped(scrimStyle(scrim, in: element.frame), to: &out)
            out += "\"></div>"
        }
        for run in element.texts {
            out += "<div class=\"text\""
            if let role = run.role {
                out += " data-role=\""
                Markup.appendMustacheEscaped(role, to: &out)
                out += "\""
            }
            out += " style=\""
            Markup.appendMustacheEscaped(Self.style(run, in: element.frame, fonts: fonts), to: &out)
            out += "\">"
            out += content(run, drawer: drawer)
            out += "</div>"
        }
    }
}

// MARK: - Contexts

// An element's context is a struct that names its own children, not a dictionary, and its text
// values render themselves: swift-mustache then finds a value with a `switch` instead of hashing,
// and renders it without trying it against each protocol a value may take.

/// Text for a template: rendered as it is, then HTML-escaped by `{{…}}`.
struct TemplateText: MustacheCustomRenderable {
    let renderText: String
    var isNull: Bool { false }
}

struct ElementContext: MustacheParent {
    let kind: String
    let section: String
    let hasItem: Bool
    let item: String
    let left: String
    let top: String
    let width: String
    let height: String
    let style: String
    let image: ImageContext?
    let scrims: [ScrimContext]
    let texts: [TextContext]

    func child(named name: String) -> Any? {
        switch name {
        case "kind": TemplateText(renderText: kind)
        case "section": TemplateText(renderText: section)
        case "hasItem": hasItem
        case "item": TemplateText(renderText: item)
        case "left": TemplateText(renderText: left)
        case "top": TemplateText(renderText: top)
        case "width": TemplateText(renderText: width)
        case "height": TemplateText(renderText: height)
        case "style": TemplateText(renderText: style)
        case "image": image.map { $0 as Any }
        case "scrims": scrims
        case "texts": texts
        default: nil
        }
    }
}

struct ImageContext: MustacheParent {
    let name: String
    let src: String
    /// Where the image sits in its element when it covers only part of it; empty otherwise.
    var style = ""

    func child(named name: String) -> Any? {
        switch name {
        case "name": TemplateText(renderText: self.name)
        case "src": TemplateText(renderText: src)
        case "areaStyle": style.isEmpty ? nil : TemplateText(renderText: style)
        default: nil
        }
    }

    static func className(_ image: SceneImage) -> String { "image-\(image.id)" }

    static func dataURI(_ image: SceneImage) -> String {
        "data:\(image.mediaType);base64,\(Data(image.data).base64EncodedString())"
    }
}

struct ScrimContext: MustacheParent {
    let style: String

    func child(named name: String) -> Any? {
        name == "style" ? TemplateText(renderText: style) : nil
    }
}

/// One `@font-face` rule's parts, for the page template.
struct FontFaceContext: MustacheParent {
    let face: EmbeddedFontFace

    func child(named name: String) -> Any? {
        switch name {
        case "family": TemplateText(renderText: face.family)
        case "weights": TemplateText(renderText: face.weights)
        case "src": TemplateText(renderText: face.dataURL)
        case "format": TemplateText(renderText: face.format)
        default: nil
        }
    }
}

struct TextContext: MustacheParent {
    let text: String
    /// The text as HTML: escaped, emoji in spans of the emoji font.
    let html: String
    let style: String
    /// What the text is in its element (`title`, `subtitle`, …), for `data-role`; `nil` when not said.
    let role: String?

    func child(named name: String) -> Any? {
        switch name {
        case "role": role.map { TemplateText(renderText: $0) as Any }
        case "text": TemplateText(renderText: text)
        case "html": TemplateText(renderText: html)
        case "style": TemplateText(renderText: style)
        default: nil
        }
    }
}
