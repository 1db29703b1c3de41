import ArgumentParser
import Foundation
import WaterfallCore
import WaterfallPages
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallServe
import WaterfallSpec

/// `waterfall` with no arguments: renders every example into `Output/` with a gallery page.
struct ExamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examples",
        abstract: "Render every spec in a folder in every format, with an index.html gallery (the default).")

    @Option(help: "The folder of example specs (default: Examples).")
    var examples: String?

    @OptionGroup var options: RenderOptions
    @OptionGroup var drawing: DrawingOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var read: ReadOptions
    @OptionGroup var variants: VariantOptions
    @OptionGroup var animation: AnimationOptions

    func validate() throws { try validateRendering() }

    func run() throws {
        guard let examples = examples ?? Self.defaultFolder() else {
            Output.standardOutput(Self.gettingStarted)
            return
        }
        let specs = try SpecFolder.expand([examples], skipped: Output.standardError)
        var job = try job(appearance: .both)
        // The gallery shows each picture's accessibility findings beside it.
        job.audits = true
        let galleryPath = Path.join(options.output, "index.html")
        try job.claims.claim(galleryPath, for: "the gallery")
        // The gallery's templates are read before any spec is drawn: a bad one writes nothing.
        let templates = try PageTemplates.named(options.templates)
        let widths = try variants.deviceWidths() ?? []
        let outcomes = job.runShowingProgress(specs, say: Output.standardErrorLines)
        let failed = outcomes.filter { $0.error != nil }.count
        // A spec that failed has said so in its line; no gallery or fingerprint is written for a
        // set with a hole in it.
        if failed > 0 { throw ExitCode.badInput }
        let page = try GalleryPage.render(outcomes, templates: templates, widths: widths)
        try AtomicFile.write(Array(page.utf8), to: galleryPath)
        // What shaped these pictures, for `check` with this folder as its baselines.
        let fingerprintError = BaselineFingerprint.record(
            rendered: outcomes, into: options.output, allowing: read.allowRead)
        Output.standardError(
            "rendered \(outcomes.count - failed) of \(outcomes.count) specs into \(options.output)/ (gallery: \(galleryPath))"
        )
        if let fingerprintError { Output.standardError("error: \(fingerprintError)") }
        if failed > 0 || fingerprintError != nil { throw ExitCode.badInput }
    }

    /// `Examples` when the current folder has one.
    static func defaultFolder() -> String? {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: "Examples", isDirectory: &isDirectory)
        return exists && isDirectory.boolValue ? "Examples" : nil
    }

    /// What `waterfall` with no arguments says where there is no `Examples/` folder.
    static let gettingStarted = """
        Waterfall computes waterfall (masonry) layouts and renders them to SVG, HTML, PNG and PDF.

        Start with a spec file, for example feed.yaml:

          width: 375
          sections:
            - columns: 2
              items:
                - {height: 120, title: Linen shirt}
                - {size: {width: 1080, height: 1350}}
              generate: {count: 20, minHeight: 80, maxHeight: 240, seed: 1}

        then:

          waterfall render feed.yaml                                # Output/feed.svg, .html, .png, .pdf, .layout.json
          waterfall layout feed.yaml --pretty                       # the frames as JSON
          waterfall check feed.yaml --baselines baselines --record  # the pictures later runs are held to

        change feed.yaml (a height, a column count) and compare:

          waterfall check feed.yaml --baselines baselines           # what changed, and which value did it

        'waterfall examples --examples DIR' renders a folder of specs with a gallery page;
        'waterfall help' lists every command and its options.

        """
}
