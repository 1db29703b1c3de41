import Foundation
import WaterfallCore
import WaterfallLayout

/// Lines beyond ASCII in an SVG document, written as the PNG draws them: the text in pieces placed
/// where the PNG's text engine sets them, each as wide as there (`textLength`, which librsvg
/// ignores), and each emoji as a picture of its glyph, defined once where it is first used.
///
/// librsvg reads no colour glyphs (it draws an emoji as a black shape); a picture looks the same
/// in every viewer. The picture's `aria-label` keeps the emoji's text.
struct SVGGlyphs {
    /// Pictures are drawn at twice the scene's device pixels, so that a viewer zoomed in twice
    /// still has a pixel for each of its own.
    static let oversampling = 2.0

    let drawer: any GlyphDrawer
    let pixelsPerPoint: Double
    private var pictures: [Key: (id: Int, frame: Rect)?] = [:]

    private struct Key: Hashable {
        var text: String
        var fontSize: Double
        var silhouette: Color?
    }

    init?(scene: Scene) throws {
        guard let source = scene.glyphPictures else { return nil }
        drawer = try source.drawer(fonts: scene.fonts)
        pixelsPerPoint = max(1, scene.scale) * Self.oversampling
    }

    /// Whether `run` is written in pieces: it has characters beyond ASCII (emoji, CJK, accents,
    /// where viewers' fonts and fallbacks differ most) and no right-to-left text, whose order on
    /// the line is the viewer's to set.
    static func drawsInPieces(_ run: TextRun) -> Bool {
        var beyondASCII = false
        for scalar in run.text.unicodeScalars where scalar.value > 0x7F {
            if isRightToLeft(scalar) { return false }
            beyondASCII = true
        }
        return beyondASCII
    }

    /// Whether the scalar is in a block of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana,
    /// N'Ko and their presentation forms, and the historic ones).
    private static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// Writes `run` in pieces, its shadow first, clipped to `clip`; `false` when nothing was
    /// written because the text engine could not measure it.
    mutating func write(_ run: TextRun, clip: String, attributes: String, to out: inout String) -> Bool {
        guard let pieces = try? drawer.pieces(of: run) else { return false }
        let lineWidth = pieces.last.map { $0.x + $0.width } ?? 0
        let left = run.alignment == .right ? run.frame.maxX - lineWidth : run.frame.minX
        let baseline = run.frame.minY + run.baseline
        if let shadow = run.shadow {
            var fill = " fill=\"\(shadow.color.hexString)\""
            if shadow.color.alpha < 255 { fill += " fill-opacity=\"\(shadow.color.opacityText)\"" }
            writePieces(
                pieces, of: run, left: left + shadow.offset.x, baseline: baseline + shadow.offset.y,
                silhouette: shadow.color, clip: clip, attributes: attributes + fill, to: &out)
        }
        writePieces(
            pieces, of: run, left: left, baseline: baseline, silhouette: nil, clip: clip,
            attributes: attributes + " fill=\"\(run.color.hexString)\"", to: &out)
        return true
    }

    private mutating func writePieces(
        _ pieces: [TextPiece], of run: TextRun, left: Double, baseline: Double, silhouette: Color?, clip: String,
        attributes: String, to out: inout String
    ) {
        let n = ShortestNumber.text
        var uses = ""
        var text = ""
        for piece in pieces {
            if piece.isEmoji {
                guard let picture = picture(of: piece.text, in: run, silhouette: silhouette, to: &out) else {
                    // No ink to draw (or no picture to be had): the text engine's own glyph.
                    text += "<tspan x=\"\(n(left + piece.x))\" font-family=\"'\(PinnedFamilies.emoji)'\">"
                    text += Markup.escape(piece.text) + "</tspan>"
                    continue
                }
                // A rectangle filled with the picture as a pattern, not a `<use>` of an `<image>`:
                // WebKit loads a `<use>`'s copy of an image on its own and sometimes painted the
                // page before it.
                let x = left + piece.x + picture.frame.minX
                let y = baseline + picture.frame.minY
                uses += "<rect width=\"\(n(picture.frame.width))\" height=\"\(n(picture.frame.height))\""
                uses += " fill=\"url(#glyph\(picture.id))\" transform=\"translate(\(n(x)) \(n(y)))\""
                uses += " role=\"img\" aria-label=\"\(Markup.escape(piece.text))\"/>"
            } else {
                text += "<tspan x=\"\(n(left + piece.x))\""
                // As wide as the PNG's: WebKit sets mixed Latin and CJK bold up to 3 pt narrower.
                if piece.width > 0, piece.text.count > 1 {
                    text += " textLength=\"\(n(piece.width))\" lengthAdjust=\"spacing\""
                }
                text += ">\(Markup.escape(piece.text))</tspan>"
            }
        }
        if !text.isEmpty {
            out += "<text y=\"\(n(baseline))\" clip-path=\"url(#\(clip))\"\(attributes) xml:space=\"preserve\">"
            out += text + "</text>\n"
        }
        if !uses.isEmpty { out += "<g clip-path=\"url(#\(clip))\">\(uses)</g>\n" }
    }

    /// Writes each emoji of an outlined line (``TextOutline/emoji``) as its picture.
    ///
    /// Each is placed from `left` on `baseline`, in its colours or as its silhouette in
    /// `silhouette`; as text in the emoji font in `fill` when there is no picture (or no
    /// `glyphs`). The line's group names them.
    static func writeEmoji(
        _ pieces: [TextPiece], of run: TextRun, left: Double, baseline: Double, silhouette: Color?, fill: String,
        glyphs: inout SVGGlyphs?, to out: inout String
    ) {
        let n = ShortestNumber.text
        for piece in pieces {
            if let picture = glyphs?.picture(of: piece.text, in: run, silhouette: silhouette, to: &out) {
                let x = left + piece.x + picture.frame.minX
                let y = baseline + picture.frame.minY
                out += "<rect width=\"\(n(picture.frame.width))\" height=\"\(n(picture.frame.height))\""
                out += " fill=\"url(#glyph\(picture.id))\" transform=\"translate(\(n(x)) \(n(y)))\"/>\n"
            } else {
                out += "<text x=\"\(n(left + piece.x))\" y=\"\(n(baseline))\" font-family=\"'\(PinnedFamilies.emoji)'\""
                out += " font-size=\"\(n(run.fontSize))\"\(fill)>\(Markup.escape(piece.text))</text>\n"
            }
        }
    }

    /// The id and frame of the emoji's picture, written into `out` the first time; `nil` when it
    /// has none.
    private mutating func picture(of text: String, in run: TextRun, silhouette: Color?, to out: inout String)
        -> (id: Int, frame: Rect)?
    {
        let key = Key(text: text, fontSize: run.fontSize, silhouette: silhouette)
        if let known = pictures[key] { return known }
        guard
            let picture = try? drawer.picture(
                of: text, in: run, silhouette: silhouette, pixelsPerPoint: pixelsPerPoint)
        else {
            pictures[key] = .some(nil)
            return nil
        }
        let id = pictures.count
        pictures[key] = (id, picture.frame)
        let n = ShortestNumber.text
        let frame = picture.frame
        let size = "width=\"\(n(frame.width))\" height=\"\(n(frame.height))\""
        out += "<defs><pattern id=\"glyph\(id)\" patternUnits=\"userSpaceOnUse\" \(size)><image \(size)"
        out += " href=\"data:image/png;base64," + Data(picture.png).base64EncodedString() + "\"/></pattern></defs>\n"
        return (id, picture.frame)
    }
}
