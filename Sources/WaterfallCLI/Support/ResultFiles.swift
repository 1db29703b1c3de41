import ArgumentParser
import Foundation
import WaterfallPipeline
import WaterfallRender
import WaterfallReview

/// Where `check` and `merge-reports` write a run's results: the review page, JUnit and JSON.
struct ResultFiles: ParsableArguments {
    @Option(help: "Write a review page (index.html) with reference, actual and diff images into this folder.")
    var report: String?

    @Option(help: ArgumentHelp("Write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write every spec's outcome as JSON to this file.", valueName: "file"))
    var json: String?

    @Option(help: "A folder of Mustache templates for the report page (default: the built-in ones).")
    var templates: String?

    /// The report page's templates, read before anything is checked so a bad folder fails first;
    /// `nil` without `--report`.
    func reportTemplates() throws -> TemplateSet? {
        guard report != nil else { return nil }
        do {
            return try CommandTemplates.named(templates)
        } catch {
            throw CLIError.badArgument(error.description)
        }
    }

    /// Writes the files asked for: the page with `templates` (from ``reportTemplates()``).
    func write(_ results: CheckResults, baselines: String, templates: TemplateSet?) throws {
        if let report, let templates {
            try CheckReport.write(results.checks, to: report, baselines: baselines, templates: templates)
            Output.standardOutput("review page: \((report as NSString).appendingPathComponent("index.html"))\n")
        }
        if let junit { try AtomicFile.write(Array(results.junit.utf8), to: junit) }
        if let json { try AtomicFile.write(Array(results.json.utf8), to: json) }
    }
}
