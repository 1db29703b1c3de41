import ArgumentParser
import Foundation
import WaterfallBatch
import WaterfallMotion
import WaterfallPages
import WaterfallPipeline
import WaterfallRender
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
    @OptionGroup var drawing: DrawingOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var read: ReadOptions
    @OptionGroup var variants: VariantOptions
    @OptionGroup var animation: AnimationOptions

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("give at least one spec file") }
        try validateRendering()
    }

    func run() throws {
        let job = try job(appearance: .light)
        // The files and the folder they went to, on a terminal too: a first render says where to look.
        let outcomes = job.runShowingProgress(specs, listingFiles: true, say: Output.standardErrorLines)
        if outcomes.contains(where: { $0.error != nil }) { throw ExitCode.badInput }
    }
}

/// The formats, the folder and the templates: the options `render` and the default command share.
///
/// The commands hold the drawing, variant and clip options beside them (``RendersSpecs``).
struct RenderOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Formats to write, comma-separated (html-grid-lanes, CSS grid-lanes itself, only when asked for); "
                + "with --animate: apng,webp,gif,mp4 (default apng).",
            valueName: "svg,html,png,pdf,json"))
    var format: String?

    @Option(name: .shortAndLong, help: "The folder to write into.")
    var output = "Output"

    @Option(help: "A folder of Mustache templates for HTML pages (default: the built-in ones).")
    var templates: String?

    @Option(
        help: ArgumentHelp(
            "How SVG files write text: as text, or as the outlines of its glyphs, which every viewer draws "
                + "in the spec's fonts without installing them (librsvg reads no @font-face).",
            valueName: "text|outlines"))
    var svgText: SVGTextChoice = .text
}

/// A command that renders specs into files: `render` and the default command.
protocol RendersSpecs: DrawsSpecs {
    var options: RenderOptions { get }
    var variants: VariantOptions { get }
    var animation: AnimationOptions { get }
}

extension RendersSpecs {
    /// The checks of the render options that look at several groups at once.
    func validateRendering() throws {
        guard !formats.names.isEmpty else {
            throw ValidationError("--format needs at least one of \(OutputFormats.stillNames)")
        }
        if animation.animate != nil {
            do { _ = try formats.clipFormats() } catch { throw ValidationError(error.description) }
            if variants.offset != nil || variants.screens != nil {
                throw ValidationError("--animate draws its own screens: give --viewport without --offset or --screens")
            }
        }
    }

    var formats: OutputFormats { OutputFormats(options.format, clip: animation.animate != nil) }

    func job(appearance defaultAppearance: AppearanceChoice) throws -> RenderJob {
        let animating = animation.animate != nil
        var renderers =
            animating ? [] : try formats.renderers(templates: options.templates, required: PageTemplates.required)
        if options.svgText != .text {
            renderers = renderers.map { $0.format == .svg ? .svg(text: options.svgText.svgText) : $0 }
        }
        try CreatedFolders.make(options.output)
        var job = RenderJob(pipeline: pipeline(renderers: renderers), output: options.output)
        job.variants = try variants.variants(defaultAppearance: defaultAppearance)
        job.pages = animating ? 0 : animation.pages ?? 0
        if animating {
            job.clip = animation.request(viewport: variants.viewport ?? 0, formats: try formats.clipFormats())
        }
        return job
    }
}
