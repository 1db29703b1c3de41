import ArgumentParser
import Foundation
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallReview

/// `waterfall merge-reports DIR...`: the blobs of a sharded `check` run merged into the report,
/// JUnit and JSON one run of every spec gives.
struct MergeReportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-reports",
        abstract: "Merge the blobs of a sharded check (check --shard K/N --blob DIR) into one report.",
        discussion: """
            Give every shard's blob folder. The report page, JUnit and JSON are those one unsharded run of the \
            same specs writes (apart from times). The exit status is check's: 1 when anything changed or a \
            baseline is missing, 2 on an error (a blob missing, damaged, of another run or another version), \
            0 otherwise.
            """)

    @Argument(help: "The blob folders, one a shard.")
    var blobs: [String]

    @Option(help: "Write the review page (index.html) with its pictures into this folder.")
    var report: String?

    @Option(help: ArgumentHelp("Write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write every spec's outcome as JSON to this file.", valueName: "file"))
    var json: String?

    @Option(help: "A folder of Mustache templates for the report page (default: the built-in ones).")
    var templates: String?

    func validate() throws {
        guard !blobs.isEmpty else { throw ValidationError("give at least one blob folder") }
    }

    func run() throws {
        var budget = ResultsBlob.maximumPictureBytes
        var read: [(blob: ResultsBlob, folder: String)] = []
        for folder in blobs { read.append((try ResultsBlob.read(from: folder, budget: &budget), folder)) }
        let (results, baselines) = try ResultsBlob.merge(read)
        if let report {
            let templates: TemplateSet
            do {
                templates = try CommandTemplates.named(self.templates)
            } catch {
                throw CLIError.badArgument(error.description)
            }
            try CheckReport.write(results.checks, to: report, baselines: baselines, templates: templates)
            Output.standardOutput("review page: \((report as NSString).appendingPathComponent("index.html"))\n")
        }
        if let junit { try AtomicFile.write(Array(results.junit.utf8), to: junit) }
        if let json { try AtomicFile.write(Array(results.json.utf8), to: json) }
        Output.standardOutput(results.summary + "\n")
        if results.count(.failed) > 0 { throw ExitCode(2) }
        if results.count(.changed) + results.count(.new) > 0 { throw ExitCode(1) }
    }
}
