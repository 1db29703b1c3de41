import ArgumentParser
import Foundation
import WaterfallCore
import WaterfallPages
import WaterfallRender
import WaterfallReview
import WaterfallServe

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
            return try PageTemplates.named(templates)
        } catch {
            throw CLIError.badArgument(error.description)
        }
    }

    /// The targets these options name.
    var targets: ResultTargets { ResultTargets(report: report, junit: junit, json: json) }

    /// Writes the files asked for (see ``ResultTargets``), the page with `templates` (from
    /// ``reportTemplates()``), and says where the page is.
    func write(_ results: CheckResults, baselines: String, templates: TemplateSet?) throws {
        let page = try targets.write(results, baselines: baselines, templates: templates)
        if let page { Output.standardOutput("review page: \(page)\n") }
    }
}
