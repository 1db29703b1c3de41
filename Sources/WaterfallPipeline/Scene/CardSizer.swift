import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Sizes the cards whose height comes from their content: an image's aspect ratio from its
/// file's header, and text measured at the card's width with the fonts every renderer then draws.
///
/// Each distinct (text, width, style) is measured once: a feed of many cards with the same
/// titles at one column width costs what its distinct titles cost.
public final class CardSizer: CardSizing {
    /// Measures the cards' text, with the fonts the renderers draw.
    public let measurer: any TextMeasuring
    /// The spec's images, read once and shared with the scene.
    public let images: SceneImages
    /// What to do about an image that cannot be read.
    public let missingImages: MissingImagePolicy
    /// The spec file, for messages.
    public let source: String?
    /// Pixel sizes taken for images instead of their files', by the path the spec names them:
    /// how a layout is told with the images it was recorded with (see
    /// `RenderPipeline.layout(_:imageSizes:)`).
    public var imageSizes: [String: Size] = [:]
    private var measured: [Key: CardLayout] = [:]

    private struct Key: Hashable {
        var item: SpecItem
        var style: SpecStyle
        var width: Double
        var imageSize: Size?
        /// Whether the card has an image, which sets its title's line limit over the card.
        var hasImage: Bool
    }

    /// Creates a sizer that measures with `measurer` and reads images from `images`.
    public init(
        measurer: any TextMeasuring, images: SceneImages, missingImages: MissingImagePolicy = .error,
        source: String? = nil
    ) {
        self.measurer = measurer
        self.images = images
        self.missingImages = missingImages
        self.source = source
    }

    /// The card's sizing at `width`: its image's aspect ratio and its text, measured.
    public func sizing(of item: SpecItem, style: SpecStyle, width: Double, at path: ItemPath) throws -> ItemSizing {
        let imageSize = try naturalImageSize(of: item, at: path)
        if style.card.content == .overlay, let imageSize { return .size(imageSize) }
        return .height(layout(of: item, style: style, width: width, imageSize: imageSize).height)
    }

    /// The height of a header or footer sized by its title: every line of its title (at most
    /// ``CardLayout/allLines``) and ``CardLayout/supplementaryPadding`` above and below.
    public func height(of supplementary: SpecSupplementary, role: TextRole, style: SpecStyle, width: Double) -> Double {
        CardLayout.supplementary(
            title: supplementary.title ?? "", role: role, style: style, width: width, maxLines: CardLayout.allLines,
            measurer: measurer
        ).height
    }

    /// The card's layout, measured once for each distinct item, style, width and image size.
    public func layout(of item: SpecItem, style: SpecStyle, width: Double, imageSize: Size?) -> CardLayout {
        var text = item
        // Only what the text block depends on makes the key.
        let hasImage = item.image != nil || item.imageSize != nil
        text.image = nil
        text.color = nil
        text.textColor = nil
        text.cornerRadius = nil
        let key = Key(
            item: text, style: style, width: width, imageSize: style.card.content == .below ? imageSize : nil,
            hasImage: hasImage)
        if let known = measured[key] { return known }
        let layout = CardLayout.make(
            item, style: style, width: width, imageSize: style.card.content == .below ? imageSize : nil,
            measurer: measurer)
        measured[key] = layout
        return layout
    }

    /// The image's natural size: `size` when given, else its file's pixel size; a square for an
    /// image that cannot be read when placeholders are asked for; `nil` without an image.
    func naturalImageSize(of item: SpecItem, at path: ItemPath) throws -> Size? {
        if let size = item.imageSize { return size }
        guard let file = item.image else { return nil }
        if let size = imageSizes[file] { return size }
        do {
            let image = try images.image(
                file, file: source, location: "sections[\(path.section)].items[\(path.item)].image")
            return Size(width: Double(image.pixelWidth), height: Double(image.pixelHeight))
        } catch {
            guard missingImages == .placeholder else { throw error }
            return Size(width: 1, height: 1)
        }
    }
}
