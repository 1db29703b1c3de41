import ArgumentParser
import WaterfallBatch
import WaterfallPipeline
import WaterfallReview
import WaterfallSpec

/// The options that choose the variants each spec is drawn at, over what the spec declares
/// (`variants:`): `render`, `examples` and `check` share them.
struct VariantOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Which colors to draw: both writes NAME.dark.* beside NAME.* for specs with a style.dark "
                + "(default: the spec's variants.appearance, else light for render, both for check, examples and serve).",
            valueName: "light|dark|both"))
    var appearance: AppearanceChoice?

    // MARK: Screens and device widths

    // Every number is read as a value, a negative one too (`--viewport -5`), and refused by
    // validate() naming the option and the value, not taken for an unknown flag.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Draw screens this many points long along the scroll axis (a height; a width in a horizontal "
                + "feed) instead of the whole page: NAME.screen-1.png… with --screens, NAME.offset-Y.png with --offset.",
            valueName: "length"))
    var viewport: Double?

    @Option(
        parsing: .unconditional,  // `--offset -5` is a value, not a flag
        help: ArgumentHelp(
            "With --viewport: one screen at this content offset (clamped to the content), pinned headers in place.",
            valueName: "offset"))
    var offset: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "With --viewport: this many screens, at offsets 0, length, 2 × length… (default 1; fewer when the "
                + "content ends first).",
            valueName: "count"))
    var screens: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Render each spec once per width into NAME@WIDTH.*: numbers, or the presets "
                + DeviceWidths.presets.map(\.name).joined(separator: ", ") + " and the groups "
                + DeviceWidths.groups.map(\.name).joined(separator: ", ") + ".",
            valueName: "w,w,…"))
    var widths: String?

    @Option(
        name: .customLong("content-size"),
        help: ArgumentHelp(
            "Draw each spec at these Dynamic Type sizes: "
                + ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
                + " (default: the spec's variants.contentSize, else large). Another size than large adds "
                + ".NAME after the width: NAME@375.accessibility3.dark.png.",
            valueName: "size,size,…"))
    var contentSize: String?

    /// The screens asked for, `nil` for whole pages.
    var screenRequest: Screens? {
        guard let viewport else { return nil }
        return Screens(viewport: viewport, position: offset.map { .offset($0 + 0) } ?? .count(screens ?? 1))
    }

    /// The widths asked for; `nil` for what each spec declares.
    func deviceWidths() throws -> [Double]? {
        guard let widths else { return nil }
        do {
            return try DeviceWidths(parsing: widths).widths
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The content sizes asked for; `nil` for what each spec declares.
    func contentSizes() throws -> [ContentSizeCategory]? { try ContentSizeCategory.option(contentSize) }

    func validate() throws {
        if let problem = Screens.problem(viewport: viewport, offset: offset, count: screens) {
            throw ValidationError(problem)
        }
        _ = try deviceWidths()
        _ = try contentSizes()
    }

    /// The variants these options ask for: each spec's own where they say nothing, and
    /// `defaultAppearance` for a spec that declares no appearance either.
    func variants(defaultAppearance: AppearanceChoice = .both) throws -> Variants {
        Variants(
            appearances: appearance?.appearances, widths: try deviceWidths(), screens: screenRequest,
            defaultAppearances: defaultAppearance.appearances, contentSizes: try contentSizes())
    }
}

/// `--appearance`: the light colors, the dark ones, or both.
enum AppearanceChoice: String, ExpressibleByArgument, CaseIterable {
    case light, dark, both

    var appearances: [Appearance] {
        switch self {
        case .light: [.light]
        case .dark: [.dark]
        case .both: [.light, .dark]
        }
    }
}
