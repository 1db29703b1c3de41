import WaterfallCore
import WaterfallPipeline
import WaterfallSpec

/// The variants a run draws each spec at: appearances × widths, and the screens of each.
///
/// `render --appearance --widths --viewport`, `examples`, `serve` and `check` expand a spec
/// through this one type, so a file name means the same variant everywhere.
public struct Variants: Sendable, Hashable {
    /// The appearances to draw, light before dark.
    ///
    /// A spec without a dark style is drawn light only.
    public var appearances: [Appearance]
    /// The widths to draw each spec at, in points, each once; empty for the spec's own.
    public var widths: [Double]
    /// The screens to draw of each variant instead of its whole page; `nil` for whole pages.
    public var screens: Screens?

    /// Creates a set of variants; by default light, at the spec's own width, whole pages.
    public init(appearances: [Appearance] = [.light], widths: [Double] = [], screens: Screens? = nil) {
        self.appearances = appearances
        self.widths = widths
        self.screens = screens
    }

    /// The variants of `spec`, width by width, light before dark.
    ///
    /// - Throws: ``VariantError`` when only the dark appearance is asked of a spec that has no
    ///   dark style, or widths of a horizontal feed, which gives a height instead.
    public func of(_ spec: Spec) throws(VariantError) -> [Variant] {
        if appearances == [.dark], !spec.hasDarkAppearance {
            throw VariantError(file: spec.source, reason: "has no dark style (style.dark) to draw")
        }
        if !widths.isEmpty, spec.scrollDirection == .horizontal {
            throw VariantError(
                file: spec.source,
                reason: "is a horizontal feed: it gives a height, not a width, so --widths cannot set it")
        }
        let drawn = appearances.filter { $0 == .light || spec.hasDarkAppearance }
        let sizes: [Double?] = widths.isEmpty ? [nil] : widths.map(Optional.some)
        return sizes.flatMap { width in drawn.map { Variant(appearance: $0, width: width) } }
    }
}

/// A variant that cannot be drawn of a spec.
public struct VariantError: UserFacingError {
    /// The spec file, when the spec came from one.
    public var file: String?
    /// Why the variant cannot be drawn.
    public var reason: String

    /// The file and the reason, on one line.
    public var description: String { "\(file ?? "the spec"): \(reason)" }
}
