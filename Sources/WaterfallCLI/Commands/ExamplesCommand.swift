import ArgumentParser
import Foundation
import WaterfallCore
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

    func run() throws {
        guard let examples = examples ?? Self.defaultFolder() else {
            Output.standardOutput(Self.gettingStarted)
            return
        }
        let specs = try SpecFolder.expand([examples], skipped: Output.standardError)
        let job = try options.job(appearance: .both)
        let galleryPath = (options.output as NSString).appendingPathComponent("index.html")
        try job.claims.claim(galleryPath, for: "the gallery")
        let outcomes = BatchRenderer(job: job).run(specs)
        let templates: TemplateSet
        do {
            templates = try PageTemplates.named(options.templates)
        } catch {
            throw CLIError.badArgument(error.description)
        }
        let page = try Gallery.page(
            outcomes, templates: templates, widths: try options.variants.deviceWidths() ?? [],
            allowing: options.drawing.read.allowRead)
        try AtomicFile.write(Array(page.utf8), to: galleryPath)
        let failed = outcomes.filter { $0.error != nil }.count
        // What shaped these pictures, for `check` with this folder as its baselines: every
        // picture is this machine's when every spec rendered, otherwise an existing one is kept.
        let fingerprintError = BaselineFingerprint.record(
            baselines: options.output, mode: failed == 0 ? .changed : .missing,
            appFonts: BaselineFingerprint.appFonts(ofSpecsAt: specs, allowing: options.drawing.read.allowRead))
        Output.standardError(
            "rendered \(outcomes.count - failed) of \(outcomes.count) specs into \(options.output)/ (gallery: \(options.output)/index.html)"
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

          waterfall render feed.yaml --output out        # out/feed.svg, .html, .png, .pdf, .layout.json
          waterfall layout feed.yaml --pretty            # the frames as JSON
          waterfall check feed.yaml --baselines out      # compare with what was rendered before
          waterfall examples --examples DIR              # render a folder of specs with a gallery page

        'waterfall help' lists every command and its options.

        """

}

/// The gallery page: every rendered spec with a preview and links to its files.
enum Gallery {
    /// - Parameter widths: The widths each spec was drawn at (`--widths`), shown side by side;
    ///   empty when each spec was drawn at its own width or the widths it declares.
    static func page(
        _ outcomes: [BatchRenderer.Outcome], templates: TemplateSet, widths: [Double] = [], allowing: [String] = []
    ) throws(CLIError) -> String {
        let entries: [[String: Any]] = outcomes.map { outcome in
            let name = RenderJob.baseName(outcome.spec)
            // Without --widths, the widths a spec declares (`variants:`) are its matrix.
            let widths =
                widths.isEmpty
                ? ((try? Spec.load(path: outcome.spec, allowing: allowing))?.variants?.widths ?? []) : widths
            // `NAME.dark.png`, `NAME@375.dark.png`: what follows the name says the appearance.
            func isDark(_ file: String) -> Bool { file.dropFirst(name.count).contains(".dark.") }
            // `NAME.scroll.png`, `NAME.dark.load-more.png`: the clips the spec declares.
            let clips = outcome.files.filter(Self.isClip)
            let light = outcome.files.filter { !isDark($0) && !Self.isClip($0) }
            let dark = outcome.files.filter { isDark($0) && !Self.isClip($0) }
            func picture(_ files: [String]) -> String? {
                files.first { $0.hasSuffix(".png") } ?? files.first { $0.hasSuffix(".svg") }
            }
            func page(_ files: [String]) -> String? {
                files.first { $0.hasSuffix(".html") && !$0.hasSuffix(".grid-lanes.html") }
            }
            let preview = picture(light)
            let darkPreview = picture(dark)
            return [
                "name": RenderJob.baseName(outcome.spec),
                "spec": outcome.spec,
                "description": description(of: outcome.spec),
                "failed": outcome.error != nil,
                "error": outcome.error ?? "",
                "preview": preview.map(link) ?? "",
                "hasPreview": preview != nil,
                "page": link(page(light) ?? name + ".html"),
                "darkPreview": darkPreview.map(link) ?? "",
                "hasDarkPreview": darkPreview != nil,
                "darkPage": link(page(dark) ?? name + ".dark.html"),
                "files": outcome.files.map { ["file": $0, "link": link($0)] },
                "hasWidths": !widths.isEmpty && outcome.error == nil,
                "widths": matrix(name, files: outcome.files.filter { !Self.isClip($0) }, widths: widths),
                "clips": clips.map { clip in
                    [
                        "clip": link(clip),
                        "label": String(clip.dropFirst(name.count).dropFirst().dropLast(".png".count)),
                    ]
                },
                "hasClips": !clips.isEmpty,
            ]
        }
        do {
            return try templates.render("gallery", ["title": "Waterfall examples", "examples": entries])
        } catch {
            throw CLIError.badArgument(error.description)
        }
    }

    /// Whether `file` is a clip a spec declares: an animated PNG named after its animation.
    static func isClip(_ file: String) -> Bool {
        Animation.allCases.contains { file.hasSuffix(".\($0.rawValue).png") }
    }

    /// The device matrix of a spec drawn at `widths`: for each width its label, its light picture
    /// (the first screen, with `--viewport`) and its page, drawn at 40 % of its width in points so
    /// the widths compare.
    static func matrix(_ name: String, files: [String], widths: [Double]) -> [[String: Any]] {
        widths.compactMap { width in
            let stem = DeviceWidths.name(name, width: width)
            let own = files.filter { file in
                file.hasPrefix(stem) && [".", "-"].contains(file.dropFirst(stem.count).prefix(1))
                    && !file.hasPrefix(stem + ".dark")
            }
            guard let picture = own.first(where: { $0.hasSuffix(".png") }) ?? own.first(where: { $0.hasSuffix(".svg") })
            else { return nil }
            let page = own.first { $0.hasSuffix(".html") }
            return [
                "label": DeviceWidths.label(width), "preview": link(picture), "page": link(page ?? picture),
                "displayWidth": ShortestNumber.text((width * 0.4).rounded()),
            ]
        }
    }

    /// A link to a file beside the gallery: relative, percent-encoded, and starting with `./`
    /// so that no file name (`javascript:alert(1).svg`) can read as a URL scheme.
    static func link(_ file: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return "./" + (file.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    /// The first comment line of a spec, which the examples use as their caption.
    static func description(of spec: String) -> String {
        guard case .success(let bytes) = RegularFile.read(atPath: spec, limit: SpecLimits.maximumFileBytes),
            let text = String(validating: bytes, as: UTF8.self)
        else { return "" }
        let comments = text.split(separator: "\n").prefix { $0.hasPrefix("#") }
        return comments.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
