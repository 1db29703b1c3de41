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

    @OptionGroup var variants: VariantOptions

    // MARK: -

    func validate() throws {
        guard !formats.isEmpty else {
            throw ValidationError("--format needs at least one of \(Renderers.names)")
        }
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
        job.variants = try variants.variants(defaultAppearance: defaultAppearance)
        return job
    }
}
