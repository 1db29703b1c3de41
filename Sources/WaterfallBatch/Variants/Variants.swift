import WaterfallCore
import WaterfallPipeline
import WaterfallSpec

/// The variants a run draws each spec at: widths × content sizes × appearances, and the screens
/// of each.
///
/// What a spec declares (`variants:`, `SpecVariants`) is drawn unless an option
/// overrides it: each of ``appearances``, ``widths``, ``contentSizes`` and ``screens`` set here
/// replaces the spec's. `render --appearance --widths --content-size --viewport`, `examples`,
/// `serve` and `check` expand a spec through this one type, so a file name means the same
/// variant everywhere.
public struct Variants: Sendable, Hashable {
    /// The appearances to draw, light before dark, over the spec's; `nil` for the spec's.
    ///
    /// A spec without a dark style is drawn light only.
    public var appearances: [Appearance]?
    /// The widths to draw each spec at, in points, each once, over the spec's; `nil` for the
    /// spec's, empty for each spec's own width.
    public var widths: [Double]?
    /// The Dynamic Type sizes to draw each spec at, each once, over the spec's; `nil` for the
    /// spec's (`large` when it declares none).
    public var contentSizes: [ContentSizeCategory]?
    /// The screens to draw of each variant instead of its whole page, over the spec's; `nil`
    /// for the spec's.
    public var screens: Screens?
    /// The appearances of a spec that declares none and is given none: both by default, so that
    /// `examples` and `serve` show and `check` guards the same pictures; `render` asks for light.
    ///
    /// A spec without a dark style is drawn light only whatever this says.
    public var defaultAppearances: [Appearance]

    /// Creates a set of variants; by default what each spec declares, else both appearances (light
    /// only without a dark style) at the spec's own width and the `large` content size, whole pages.
    ///
    /// - Parameters:
    ///   - appearances: The appearances over the spec's; `nil` for the spec's.
    ///   - widths: The widths over the spec's, in points; `nil` for the spec's.
    ///   - screens: The screens over the spec's; `nil` for the spec's.
    ///   - defaultAppearances: The appearances of a spec that declares none and is given none.
    ///   - contentSizes: The Dynamic Type sizes over the spec's; `nil` for the spec's.
    public init(
        appearances: [Appearance]? = nil, widths: [Double]? = nil, screens: Screens? = nil,
        defaultAppearances: [Appearance] = [.light, .dark], contentSizes: [ContentSizeCategory]? = nil
    ) {
        self.appearances = appearances
        self.widths = widths
        self.screens = screens
        self.defaultAppearances = defaultAppearances
        self.contentSizes = contentSizes
    }

    /// The variants of `spec`: width by width, content size by content size, light before dark.
    ///
    /// - Parameter spec: The spec, as decoded.
    ///
    /// - Throws: ``VariantError`` when only the dark appearance is asked of a spec that has no
    ///   dark style, widths of a horizontal feed, which gives a height instead, or more pictures
    ///   than `SpecLimits.maximumPictures`.
    public func of(_ spec: Spec) throws(VariantError) -> [Variant] {
        let declared = spec.variants
        let appearances = appearances ?? declared?.appearances ?? defaultAppearances
        if appearances == [.dark], !spec.hasDarkAppearance {
            throw VariantError(file: spec.source, reason: "has no dark style (style.dark) to draw")
        }
        let widths = widths ?? declared?.widths ?? []
        if !widths.isEmpty, spec.scrollDirection == .horizontal {
            throw VariantError(
                file: spec.source,
                reason: "is a horizontal feed: it gives a height, not a width, so --widths cannot set it")
        }
        let screens = screens ?? declared?.viewport.map(Self.screens)
        let drawn = appearances.filter { $0 == .light || spec.hasDarkAppearance }
        let sizes: [Double?] = widths.isEmpty ? [nil] : widths.map(Optional.some)
        let contentSizes = (self.contentSizes ?? declared?.contentSizes ?? []).map { $0 == .standard ? nil : $0 }
        let categories: [ContentSizeCategory?] = contentSizes.isEmpty ? [nil] : contentSizes
        let screenCount: Int =
            switch screens?.position {
            case nil, .offset: 1
            case .count(let count): count
            }
        if let problem = SpecVariants.picturesProblem(
            widths: sizes.count, contentSizes: categories.count, appearances: drawn.count, screens: screenCount,
            clips: screens == nil ? 0 : declared?.animations.count ?? 0)
        {
            let options = [
                ("--widths", self.widths != nil), ("--content-size", self.contentSizes != nil),
                ("--appearance", self.appearances != nil), ("--viewport", self.screens != nil),
            ].filter(\.1).map(\.0)
            let given = options.isEmpty ? "" : " (with \(options.joined(separator: ", ")))"
            throw VariantError(file: spec.source, reason: "variants\(given): \(problem)")
        }
        return sizes.flatMap { width in
            categories.flatMap { category in
                drawn.map { Variant(appearance: $0, width: width, screens: screens, contentSize: category) }
            }
        }
    }

    /// The screens a declared viewport asks for: one at its offset, or its count (one by default).
    static func screens(_ viewport: SpecVariants.Viewport) -> Screens {
        Screens(
            viewport: viewport.length,
            position: viewport.offset.map { .offset($0) } ?? .count(viewport.screens ?? 1))
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
