import Foundation
import WaterfallCore
import WaterfallLayout

extension Renderer {
    /// One self-contained SVG document: each element a `<g>` with `data-kind`, `data-section` and
    /// `data-item`, images embedded as data URIs, text escaped.
    public static let svg = Renderer.svg(text: .text)

    /// One self-contained SVG document, as ``svg``, its lines written as `text` says: as `<text>`,
    /// or as the outlines of their glyphs (``SVGText/outlines(_:)``).
    public static func svg(text: SVGText) -> Renderer {
        Renderer(format: .svg) { scene, emit in
            try SVGWriter.write(scene, text: text) { try emit(RenderedFile(bytes: Array($0.utf8))) }
        }
    }
}

/// Writes the SVG text of a scene.
enum SVGWriter {
    /// Elements written into one piece of output before it is handed on.
    static let elementsPerPiece = 4096

    /// Writes the document in pieces of a few thousand elements, so memory stays bounded.
    static func write(_ scene: Scene, text: SVGText = .text, emit: (String) throws -> Void) throws {
        let n = ShortestNumber.text
        let width = n(scene.size.width)
        let height = n(scene.size.height)
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <rect x="0" y="0" width="\(width)" height="\(height)" fill="\(scene.background.hexString)"/>

            """
        var outliner: (any GlyphOutliner)?
        if case .outlines(let outlines) = text { outliner = try outlines.outliner(for: scene) }
        // The app's fonts, cut down to what the document draws in them. A browser reads them;
        // librsvg has no @font-face and finds the families through fontconfig instead. Outlined
        // text needs none.
        if outliner == nil, let fonts = scene.fonts {
            let faces = try fonts.embeddedFaces(in: scene)
            if !faces.isEmpty {
                // The page's `@font-face` rules (`Templates/style-svg.mustache`).
                out += try TemplateSet.bundled.render("style-svg", ["fontFaces": faces.map(FontFaceContext.init)])
            }
        }
        var defined = Set<Int>()
        var glyphs = try SVGGlyphs(scene: scene)
        for (index, element) in scene.elements.enumerated() {
            if let image = element.image, defined.insert(image.id).inserted { define(image, to: &out) }
            write(element, id: index, fonts: scene.fonts, glyphs: &glyphs, outliner: outliner, to: &out)
            if index % elementsPerPiece == elementsPerPiece - 1 {
                try emit(out)
                out = ""
            }
        }
        out += "</svg>\n"
        try emit(out)
    }

    /// The whole document as one string.
    static func document(_ scene: Scene, text: SVGText = .text) -> String {
        var document = ""
        try? write(scene, text: text) { document += $0 }
        return document
    }

    /// An image's one copy in the document, as a symbol every card that shows it uses: its
    /// view box is the image's pixels, scaled to cover the card and centered (aspect-fill).
    private static func define(_ image: SceneImage, to out: inout String) {
        let size = "width=\"\(image.pixelWidth)\" height=\"\(image.pixelHeight)\""
        out += "<defs><symbol id=\"image\(image.id)\" viewBox=\"0 0 \(image.pixelWidth) \(image.pixelHeight)\""
        out += " preserveAspectRatio=\"xMidYMid slice\"><image \(size) href=\"data:\(image.mediaType);base64,"
        out += Data(image.data).base64EncodedString()
        out += "\"/></symbol></defs>\n"
    }

    private static func write(
        _ element: SceneElement, id: Int, fonts: SceneFonts?, glyphs: inout SVGGlyphs?,
        outliner: (any GlyphOutliner)?, to out: inout String
    ) {
        let n = ShortestNumber.text
        let frame = element.frame
        let radius = max(0, min(element.cornerRadius, frame.width / 2, frame.height / 2))
        let box =
            "x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" width=\"\(n(frame.width))\" height=\"\(n(frame.height))\""
        let corners = radius > 0 ? " rx=\"\(n(radius))\" ry=\"\(n(radius))\"" : ""
        out += "<g data-kind=\"\(element.kind.rawValue)\" data-section=\"\(element.section)\""
        if let item = element.item { out += " data-item=\"\(item)\"" }
        out += ">\n"
        if element.fill.alpha > 0 {
            out += "<rect \(box)\(corners) fill=\"\(element.fill.hexString)\""
            if element.fill.alpha < 255 { out += " fill-opacity=\"\(element.fill.opacityText)\"" }
            out += "/>\n"
        }
        if element.image == nil, let fill = element.imageFill, let area = element.imageFrame {
            out += "<clipPath id=\"clip\(id)\"><rect \(box)\(corners)/></clipPath>\n"
            out += "<rect x=\"\(n(area.minX))\" y=\"\(n(area.minY))\" width=\"\(n(area.width))\" "
            out += "height=\"\(n(area.height))\" fill=\"\(fill.hexString)\" clip-path=\"url(#clip\(id))\"/>\n"
        }
        if let image = element.image {
            out += "<clipPath id=\"clip\(id)\"><rect \(box)\(corners)/></clipPath>\n"
            var area = box
            var imageClip = ""
            if let imageFrame = element.imageFrame, imageFrame != frame {
                area =
                    "x=\"\(n(imageFrame.minX))\" y=\"\(n(imageFrame.minY))\" width=\"\(n(imageFrame.width))\" "
                    + "height=\"\(n(imageFrame.height))\""
                // The image's own area too: librsvg 2.54 does not clip a `slice` symbol to its
                // viewport, and drew a photo over the text block below it.
                out += "<clipPath id=\"image-clip\(id)\"><rect \(area)/></clipPath>\n"
                imageClip = " clip-path=\"url(#image-clip\(id))\""
            }
            // The clip on a group around the `use`, not on the `use`: SVG applies a `use`'s x and
            // y before its own clip-path (SVG 1.1 §5.6), which moves a page-space clip off the
            // picture in Chromium, Firefox and WebKit (librsvg 2.54 alone did it the other way).
            let use = "<use href=\"#image\(image.id)\" \(area)/>"
            out += "<g clip-path=\"url(#clip\(id))\">\(imageClip.isEmpty ? use : "<g\(imageClip)>\(use)</g>")</g>\n"
        }
        writeScrims(
            element, id: id,
            clipDefined: element.image != nil || (element.imageFill != nil && element.imageFrame != nil),
            to: &out)
        if let stroke = element.stroke, stroke.width > 0 {
            let inset = stroke.width / 2
            let inner = Rect(
                x: frame.minX + inset, y: frame.minY + inset, width: frame.width - stroke.width,
                height: frame.height - stroke.width)
            if inner.width > 0, inner.height > 0 {
                let innerRadius = max(0, min(radius - inset, inner.width / 2, inner.height / 2))
                out +=
                    "<rect x=\"\(n(inner.minX))\" y=\"\(n(inner.minY))\" width=\"\(n(inner.width))\" height=\"\(n(inner.height))\""
                if innerRadius > 0 { out += " rx=\"\(n(innerRadius))\" ry=\"\(n(innerRadius))\"" }
                out += " fill=\"none\" stroke=\"\(stroke.color.hexString)\" stroke-width=\"\(n(stroke.width))\"/>\n"
            }
        }
        for (runIndex, run) in element.texts.enumerated() {
            let clip = "text\(id)-\(runIndex)"
            let f = run.frame
            out +=
                "<clipPath id=\"\(clip)\"><rect x=\"\(n(f.minX))\" y=\"\(n(f.minY))\" width=\"\(n(f.width))\" height=\"\(n(f.height))\"/></clipPath>\n"
            if let outliner, let outline = try? outliner.outline(of: run) {
                writeOutline(outline, of: run, id: clip, glyphs: &glyphs, to: &out)
                continue
            }
            var attributes =
                " font-family=\"\(Markup.escape(FontList.css(run.fontFamilies, fonts: fonts, withEmoji: false)))\""
            attributes += " font-size=\"\(n(run.fontSize))\""
            if run.weight == .bold { attributes += " font-weight=\"bold\"" }
            if SVGGlyphs.drawsInPieces(run), glyphs?.write(run, clip: clip, attributes: attributes, to: &out) == true {
                continue
            }
            // A right-aligned line is anchored at its frame's right edge.
            let anchor = run.alignment == .right ? "\(n(f.maxX))\" text-anchor=\"end" : n(f.minX)
            if let shadow = run.shadow { writeShadow(shadow, of: run, clip: clip, to: &out) }
            out += "<text x=\"\(anchor)\" y=\"\(n(f.minY + run.baseline))\" clip-path=\"url(#\(clip))\"\(attributes)"
            out += " fill=\"\(run.color.hexString)\" xml:space=\"preserve\">\(FontList.svgContent(run.text))</text>\n"
        }
        out += "</g>\n"
    }

    /// A run as the outline of its glyphs, in a group clipped to `id`, named by the run's text.
    ///
    /// The name is `role="img"` and `aria-label`, not an invisible `<text>` over the path, which
    /// accessibility checkers read as text with no contrast and whose selection would not match the
    /// glyphs. The shadow is the same path (`outline-` `id`) moved, in its colour; emoji are pictures.
    private static func writeOutline(
        _ outline: TextOutline, of run: TextRun, id: String, glyphs: inout SVGGlyphs?, to out: inout String
    ) {
        let n = ShortestNumber.text
        let baseline = run.frame.minY + run.baseline
        let path = outline.pathData
        // Nothing to see, nothing to name: an image without a name is an accessibility finding.
        guard !path.isEmpty || !outline.emoji.isEmpty else { return }
        out += "<g clip-path=\"url(#\(id))\" role=\"img\" aria-label=\"\(Markup.escape(run.text))\">\n"
        let fill = " fill=\"\(run.color.hexString)\""
        if let shadow = run.shadow {
            var shadowFill = " fill=\"\(shadow.color.hexString)\""
            if shadow.color.alpha < 255 { shadowFill += " fill-opacity=\"\(shadow.color.opacityText)\"" }
            if !path.isEmpty {
                out += "<defs><path id=\"outline-\(id)\" d=\"\(path)\"/></defs>\n"
                let offset = "translate(\(n(shadow.offset.x)) \(n(shadow.offset.y)))"
                out += "<use href=\"#outline-\(id)\" transform=\"\(offset)\"\(shadowFill)/>\n"
            }
            SVGGlyphs.writeEmoji(
                outline.emoji, of: run, left: outline.left + shadow.offset.x, baseline: baseline + shadow.offset.y,
                silhouette: shadow.color, fill: shadowFill, glyphs: &glyphs, to: &out)
            if !path.isEmpty { out += "<use href=\"#outline-\(id)\"\(fill)/>\n" }
        } else if !path.isEmpty {
            out += "<path d=\"\(path)\"\(fill)/>\n"
        }
        SVGGlyphs.writeEmoji(
            outline.emoji, of: run, left: outline.left, baseline: baseline, silhouette: nil, fill: fill,
            glyphs: &glyphs, to: &out)
        out += "</g>\n"
    }

    /// A run's shadow: a copy of its text drawn before it, moved by the shadow's offset, in the
    /// shadow's colour, inside the run's clip.
    private static func writeShadow(_ shadow: TextShadow, of run: TextRun, clip: String, to out: inout String) {
        let n = ShortestNumber.text
        let f = run.frame
        let x = run.alignment == .right ? f.maxX + shadow.offset.x : f.minX + shadow.offset.x
        out += "<text x=\"\(n(x))\" y=\"\(n(f.minY + run.baseline + shadow.offset.y))\" clip-path=\"url(#\(clip))\""
        if run.alignment == .right { out += " text-anchor=\"end\"" }
        out += " font-family=\"\(Markup.escape(FontList.css(run.fontFamilies, withEmoji: false)))\""
        out += " font-size=\"\(n(run.fontSize))\""
        if run.weight == .bold { out += " font-weight=\"bold\"" }
        out += " fill=\"\(shadow.color.hexString)\""
        if shadow.color.alpha < 255 { out += " fill-opacity=\"\(shadow.color.opacityText)\"" }
        out += " xml:space=\"preserve\">\(FontList.svgContent(run.text))</text>\n"
    }

    /// The element's scrims: each a rectangle filled with a vertical `<linearGradient>` of its
    /// own (ids `scrimE-S`, element and scrim index), clipped to the rounded frame (`clipE`,
    /// written here unless `clipDefined`).
    private static func writeScrims(_ element: SceneElement, id: Int, clipDefined: Bool, to out: inout String) {
        let n = ShortestNumber.text
        let frame = element.frame
        var clipDefined = clipDefined
        for (index, scrim) in element.scrims.enumerated() where scrim.frame.width > 0 && scrim.frame.height > 0 {
            if !clipDefined {
                let radius = max(0, min(element.cornerRadius, frame.width / 2, frame.height / 2))
                out += "<clipPath id=\"clip\(id)\"><rect x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\" "
                out += "width=\"\(n(frame.width))\" height=\"\(n(frame.height))\""
                if radius > 0 { out += " rx=\"\(n(radius))\" ry=\"\(n(radius))\"" }
                out += "/></clipPath>\n"
                clipDefined = true
            }
            let gradient = "scrim\(id)-\(index)"
            out += "<linearGradient id=\"\(gradient)\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
            for (offset, color) in [("0", scrim.top), ("1", scrim.bottom)] {
                out += "<stop offset=\"\(offset)\" stop-color=\"\(color.hexString)\""
                if color.alpha < 255 { out += " stop-opacity=\"\(color.opacityText)\"" }
                out += "/>"
            }
            out += "</linearGradient>\n"
            let area = scrim.frame
            out += "<rect x=\"\(n(area.minX))\" y=\"\(n(area.minY))\" width=\"\(n(area.width))\" "
            out += "height=\"\(n(area.height))\" fill=\"url(#\(gradient))\" clip-path=\"url(#clip\(id))\"/>\n"
        }
    }
}
