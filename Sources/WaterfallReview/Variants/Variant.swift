import WaterfallCore
import WaterfallPipeline
import WaterfallSpec

/// One way a spec is drawn: in an appearance, at its own width or another.
///
/// Its files are named after the spec with the variant's parts added: `shop`, `shop.dark`,
/// `shop@375`, `shop@375.dark`; with screens, each screen's files add its suffix
/// (`shop@375.dark.screen-2`).
public struct Variant: Sendable, Hashable {
    /// The appearance the spec's colors are taken in.
    public var appearance: Appearance
    /// The width the spec is laid out at, in points; the spec's own when `nil`.
    public var width: Double?
    /// The screens drawn instead of the whole page; `nil` for the whole page.
    public var screens: Screens?

    /// Creates a variant: light at the spec's own width, the whole page, unless told otherwise.
    public init(appearance: Appearance = .light, width: Double? = nil, screens: Screens? = nil) {
        self.appearance = appearance
        self.width = width
        self.screens = screens
    }

    /// The name of the files of a spec named `name` drawn this way.
    public func name(_ name: String) -> String {
        let sized = width.map { DeviceWidths.name(name, width: $0) } ?? name
        return appearance == .dark ? sized + ".dark" : sized
    }

    /// `spec` drawn this way: its colors in the appearance, its width replaced when one is given.
    public func apply(to spec: Spec) -> Spec {
        var drawn = spec.inAppearance(appearance)
        if let width { drawn.width = width }
        return drawn
    }
}
