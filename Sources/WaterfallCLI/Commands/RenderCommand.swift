import ArgumentParser
import Foundation
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallSpec

/// `waterfall render SPEC...`: SVG, HTML, PNG and PDF files named after each spec.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render specs to SVG, HTML, PNG and PDF.",
        discussion: """
            Files are named after each spec (shop.yaml -> shop.svg, shop.html, shop.png, shop.pdf). A PNG taller \
            than 32,767 device pixels is written as tiles shop-1.png, shop-2.png, … Specs render in parallel; \
            a bad spec is reported and the others still render.
            """)

    @Argument(help: "Spec files (JSON or YAML), or - for standard input.")
    var specs: [String]

    @OptionGroup var options: RenderOptions

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("give at least one spec file") }
    }

    func run() throws {
        let job = try options.job()
        let outcomes = BatchRenderer(job: job).run(specs)
        if outcomes.contains(where: { $0.error != nil }) { throw ExitCode(2) }
    }
}

/// The options `render` and the default command share.
struct RenderOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Formats to write, comma-separated (html-grid-lanes, CSS grid-lanes itself, only when asked for).",
            valueName: "svg,html,png,pdf,json"))
    var format = Renderers.defaults.map(\.rawValue).joined(separator: ",")

    @Option(name: .shortAndLong, help: "The folder to write into.")
    var output = "Output"

    @Option(help: "A folder of Mustache templates for HTML pages (default: the built-in ones).")
    var templates: String?

    @OptionGroup var drawing: DrawingOptions

    @Option(
        help: ArgumentHelp(
            "Which colors to draw: both writes NAME.dark.* beside NAME.* for specs with a style.dark "
                + "(default: light for render, both for examples).",
            valueName: "light|dark|both"))
    var appearance: AppearanceChoice?

    // MARK: Screens and device widths

    @Option(
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
        help: ArgumentHelp(
            "With --viewport: this many screens, at offsets 0, length, 2 × length… (default 1; fewer when the "
                + "content ends first).",
            valueName: "count"))
    var screens: Int?

    @Option(
        help: ArgumentHelp(
            "Render each spec once per width into NAME@WIDTH.*: numbers, or the presets "
                + DeviceWidths.presets.map(\.name).joined(separator: ", ") + " and the groups "
                + DeviceWidths.groups.map(\.name).joined(separator: ", ") + ".",
            valueName: "w,w,…"))
    var widths: String?

    /// The screens asked for, `nil` for whole pages.
    var screenRequest: Screens? {
        guard let viewport else { return nil }
        return Screens(viewport: viewport, position: offset.map { .offset($0 + 0) } ?? .count(screens ?? 1))
    }

    /// The widths asked for; empty for each spec's own.
    func deviceWidths() throws -> [Double] {
        guard let widths else { return [] }
        do {
            return try DeviceWidths(parsing: widths).widths
        } catch {
            throw ValidationError(error.description)
        }
    }

    // MARK: -

    func validate() throws {
        guard !formats.isEmpty else {
            throw ValidationError("--format needs at least one of \(Renderers.names)")
        }
        if let problem = Screens.problem(viewport: viewport, offset: offset, count: screens) {
            throw ValidationError(problem)
        }
        _ = try deviceWidths()
    }

    /// The formats named, each once, in the order first given.
    var formats: [String] {
        var seen = Set<String>()
        return format.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    func job(appearance defaultAppearance: AppearanceChoice = .light) throws -> RenderJob {
        let renderers = try Renderers.named(formats, templates: templates)
        try AtomicFile.makeFolder(output)
        var job = RenderJob(
            pipeline: drawing.pipeline(renderers: renderers), output: output)
        job.variants = Variants(
            appearances: (appearance ?? defaultAppearance).appearances, widths: try deviceWidths(),
            screens: screenRequest)
        return job
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
