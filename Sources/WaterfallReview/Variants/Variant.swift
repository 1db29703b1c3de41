import WaterfallCore
import WaterfallSpec

/// One way a spec is drawn: in an appearance, at its own width or another.
///
/// Its files are named after the spec with the variant's parts added: `shop`, `shop.dark`,
/// `shop@375`, `shop@375.dark`.
public struct Variant: Sendable, Hashable {
    /// The appearance the spec's colors are taken in.
    public var appearance: Appearance
    /// The width the spec is laid out at, in points; the spec's own when `nil`.
    public var width: Double?

    /// Creates a variant: light at the spec's own width unless told otherwise.
    public init(appearance: Appearance = .light, width: Double? = nil) {
        self.appearance = appearance
        self.width = width
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
