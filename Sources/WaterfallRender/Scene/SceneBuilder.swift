import WaterfallCore
import WaterfallLayout
import WaterfallSpec

/// Turns a spec and its computed layout into the scene every renderer draws.
public struct SceneBuilder {
    public var measurer: any TextMeasuring
    public var missingImages: MissingImagePolicy
    /// Decodes an image once to prove it whole, so that a corrupt file is reported at its item
    /// before anything is drawn; `nil` checks only the header.
    public var imageValidator: (@Sendable (SceneImage) throws -> Void)?

    /// Inner padding of a card's text, in points.
    static let padding = 8.0
    /// Line box height as a multiple of the font size.
    static let lineHeight = 1.25
    static let placeholderFill = Color(hex: "#d5d9df")!
    static let placeholderStroke = Color(hex: "#9aa1ab")!
    static let footerFill = Color(hex: "#e3e6ea")!

    public init(
        measurer: any TextMeasuring, missingImages: MissingImagePolicy = .error,
        imageValidator: (@Sendable (SceneImage) throws -> Void)? = nil
    ) {
        self.measurer = measurer
        self.missingImages = missingImages
        self.imageValidator = imageValidator
    }

    /// The scene for `spec` laid out as `layout`, at `scale` device pixels per point.
    public func scene(for spec: Spec, layout: Layout, scale: Double? = nil) throws(SceneError) -> Scene {
        let style = spec.style
        var elements: [SceneElement] = []
        var cardIndex = 0
        var images = ImageStore(base: spec.baseDirectory, validator: imageValidator)
        for attributes in layout.layoutAttributesForAllElements() {
            let section = spec.sections[attributes.indexPath.section]
            let frame = attributes.frame
            switch attributes.kind {
            case .background:
                elements.append(
                    SceneElement(
                        kind: .background, section: attributes.indexPath.section, item: nil, frame: frame,
                        fill: section.background ?? Color(red: 0, green: 0, blue: 0, alpha: 0), cornerRadius: 0))
            case .header, .footer:
                let content = (attributes.kind == .header ? section.header : section.footer)!
                let isHeader = attributes.kind == .header
                var element = SceneElement(
                    kind: attributes.kind, section: attributes.indexPath.section, item: nil, frame: frame,
                    fill: content.color ?? (isHeader ? Color(red: 0, green: 0, blue: 0, alpha: 0) : Self.footerFill),
                    cornerRadius: isHeader ? 0 : style.cornerRadius)
                if let title = content.title {
                    let size = style.fontSize * (isHeader ? 1.25 : 1)
                    element.texts = line(
                        title, in: frame, size: size, weight: isHeader ? .bold : .regular, color: style.textColor,
                        style: style, centered: true)
                }
                elements.append(element)
            case .cell:
                let item = section.items[attributes.indexPath.item]
                let fill = item.color ?? style.palette[cardIndex % style.palette.count]
                cardIndex += 1
                var element = SceneElement(
                    kind: .cell, section: attributes.indexPath.section, item: attributes.indexPath.item, frame: frame,
                    fill: fill, cornerRadius: style.cornerRadius)
                var textColor = style.textColor
                if let path = item.image {
                    let location = "sections[\(attributes.indexPath.section)].items[\(attributes.indexPath.item)].image"
                    do {
                        element.image = try images.image(path)
                        textColor = .white
                    } catch {
                        guard missingImages == .placeholder else {
                            throw SceneError(file: spec.source, location: location, message: "\(path) \(error)")
                        }
                        element.fill = Self.placeholderFill
                        element.stroke = Stroke(color: Self.placeholderStroke, width: 1)
                    }
                }
                element.texts = cardTexts(item, frame: frame, color: textColor, style: style)
                elements.append(element)
            }
        }
        return Scene(
            size: layout.contentSize, background: style.background, scale: scale ?? spec.scale, elements: elements)
    }

    /// A title at the top and a subtitle at the bottom of a card, when they fit.
    private func cardTexts(_ item: SpecItem, frame: Rect, color: Color, style: SpecStyle) -> [TextRun] {
        let padding = min(Self.padding, frame.width / 4)
        let inner = Rect(
            x: frame.minX + padding, y: frame.minY + padding, width: frame.width - 2 * padding,
            height: frame.height - 2 * padding)
        let titleHeight = style.fontSize * Self.lineHeight
        let subtitleSize = style.fontSize * 0.92
        let subtitleHeight = subtitleSize * Self.lineHeight
        var runs: [TextRun] = []
        if let title = item.title, inner.height >= titleHeight {
            runs += line(
                title, in: Rect(x: inner.minX, y: inner.minY, width: inner.width, height: titleHeight),
                size: style.fontSize, weight: .bold, color: color, style: style, centered: false)
        }
        if let subtitle = item.subtitle, inner.height >= titleHeight + subtitleHeight + 2 {
            runs += line(
                subtitle,
                in: Rect(x: inner.minX, y: inner.maxY - subtitleHeight, width: inner.width, height: subtitleHeight),
                size: subtitleSize, weight: .regular, color: color, style: style, centered: false)
        }
        return runs
    }

    /// One line of text fitted to `box` (vertically centered in it when `centered`).
    private func line(
        _ text: String, in box: Rect, size: Double, weight: TextRun.Weight, color: Color, style: SpecStyle,
        centered: Bool
    ) -> [TextRun] {
        let height = size * Self.lineHeight
        let horizontal = centered ? min(12, box.width / 4) : 0
        let width = box.width - 2 * horizontal
        guard width > 0, box.height >= height || !centered else { return [] }
        let top = centered ? box.minY + (box.height - height) / 2 : box.minY
        let fitted = measurer.fitting(
            Self.displayable(text), width: width, fontFamilies: style.font, fontSize: size, weight: weight)
        guard !fitted.isEmpty else { return [] }
        return [
            TextRun(
                text: fitted, frame: Rect(x: box.minX + horizontal, y: top, width: width, height: height),
                fontFamilies: style.font, fontSize: size, weight: weight, color: color,
                baseline: measurer.baseline(of: fitted, fontFamilies: style.font, fontSize: size, weight: weight))
        ]
    }

    /// The text as every renderer draws it: control characters and bidirectional overrides or
    /// embeddings removed, so a title cannot reorder or hide the text around it.
    static func displayable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x09 || value == 0x0A || value == 0x0D {
                scalars.append(" ")
                continue
            }
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            let isBidiControl = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            if !isControl && !isBidiControl { scalars.append(scalar) }
        }
        return String(scalars)
    }
}
