import ArgumentParser
import Foundation
import WaterfallRender

/// `waterfall` with no arguments: renders every example into `Output/` with a gallery page.
struct ExamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examples",
        abstract: "Render every spec in a folder in every format, with an index.html gallery (the default).")

    @Option(help: "The folder of example specs.")
    var examples = "Examples"

    @OptionGroup var options: RenderOptions

    func run() throws {
        let specs = try Self.specs(in: examples)
        let job = try options.job()
        let outcomes = BatchRenderer(job: job).run(specs)
        let templates: TemplateSet
        do {
            templates = try TemplateSet(directory: options.templates)
        } catch {
            throw CLIError.badArgument(error.description)
        }
        let page = try Gallery.page(outcomes, templates: templates)
        try AtomicFile.write(Array(page.utf8), to: (options.output as NSString).appendingPathComponent("index.html"))
        let failed = outcomes.filter { $0.error != nil }.count
        Output.standardError(
            "rendered \(outcomes.count - failed) of \(outcomes.count) specs into \(options.output)/ (gallery: \(options.output)/index.html)"
        )
        if failed > 0 { throw ExitCode(2) }
    }

    /// The `.yaml`, `.yml` and `.json` files of `folder`, sorted by name.
    static func specs(in folder: String) throws(CLIError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw CLIError.io(path: folder, message: "the examples folder cannot be read")
        }
        let specs = names.filter { [".yaml", ".yml", ".json"].contains(where: $0.hasSuffix) }.sorted()
        guard !specs.isEmpty else { throw CLIError.io(path: folder, message: "has no .yaml, .yml or .json specs") }
        return specs.map { (folder as NSString).appendingPathComponent($0) }
    }
}

/// The gallery page: every rendered spec with a preview and links to its files.
enum Gallery {
    static func page(_ outcomes: [BatchRenderer.Outcome], templates: TemplateSet) throws(CLIError) -> String {
        let entries: [[String: Any]] = outcomes.map { outcome in
            let preview = outcome.files.first { $0.hasSuffix(".png") } ?? outcome.files.first { $0.hasSuffix(".svg") }
            return [
                "name": RenderJob.baseName(outcome.spec),
                "spec": outcome.spec,
                "description": description(of: outcome.spec),
                "failed": outcome.error != nil,
                "error": outcome.error ?? "",
                "preview": preview ?? "",
                "hasPreview": preview != nil,
                "files": outcome.files.map { ["file": $0] },
            ]
        }
        do {
            return try templates.render("gallery", ["title": "Waterfall examples", "examples": entries])
        } catch {
            throw CLIError.badArgument(error.description)
        }
    }

    /// The first comment line of a spec, which the examples use as their caption.
    static func description(of spec: String) -> String {
        guard let text = try? String(contentsOfFile: spec, encoding: .utf8) else { return "" }
        let comments = text.split(separator: "\n").prefix { $0.hasPrefix("#") }
        return comments.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
