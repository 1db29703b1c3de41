import WaterfallCore
import WaterfallPipeline
import WaterfallSpec

/// One way a spec is drawn: in an appearance, at its own width or another, at a Dynamic Type size.
///
/// Its files are named after the spec with the variant's parts added: `shop`, `shop.dark`,
/// `shop@375`, `shop@375.dark`; a content size other than `large` follows the width
/// (`shop.accessibility3`, `shop@375.accessibility3.dark`); with screens, each screen's files add
/// its suffix (`shop@375.accessibility3.dark.screen-2`).
public struct Variant: Sendable, Hashable {
    /// The appearance the spec's colors are taken in.
    public var appearance: Appearance
    /// The width the spec is laid out at, in points; the spec's own when `nil`.
    public var width: Double?
    /// The Dynamic Type size the text is drawn at; `large` when `nil`.
    public var contentSize: ContentSizeCategory?
    /// The screens drawn instead of the whole page; `nil` for the whole page.
    public var screens: Screens?

    /// Creates a variant: light at the spec's own width and the `large` content size, the whole
    /// page, unless told otherwise.
    ///
    /// - Parameters:
    ///   - appearance: The appearance the spec's colors are taken in.
    ///   - width: The width to lay out at, in points; the spec's own when `nil`.
    ///   - screens: The screens drawn instead of the whole page; `nil` for the whole page.
    ///   - contentSize: The Dynamic Type size; `large` when `nil`.
    public init(
        appearance: Appearance = .light, width: Double? = nil, screens: Screens? = nil,
        contentSize: ContentSizeCategory? = nil
    ) {
        self.appearance = appearance
        self.width = width
        self.screens = screens
        self.contentSize = contentSize
    }

    /// The name of the files of a spec named `name` drawn this way.
    ///
    /// The default content size, `large`, adds nothing, so a spec that declares no content sizes
    /// keeps its names.
    ///
    /// - Parameter name: The spec's name: its file name without the extension.
    public func name(_ name: String) -> String {
        var named = width.map { DeviceWidths.name(name, width: $0) } ?? name
        if let contentSize, contentSize != .standard { named += "." + contentSize.rawValue }
        return appearance == .dark ? named + ".dark" : named
    }

    /// `spec` drawn this way: its colors in the appearance, its width replaced when one is given,
    /// its text at the content size, so that cards sized by their text are measured again.
    ///
    /// - Parameter spec: The spec as decoded.
    public func apply(to spec: Spec) -> Spec {
        var drawn = spec.inAppearance(appearance)
        if let width { drawn.width = width }
        if let contentSize { drawn = drawn.atContentSize(contentSize) }
        return drawn
    }
}
