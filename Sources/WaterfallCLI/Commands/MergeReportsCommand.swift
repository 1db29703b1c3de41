import ArgumentParser
import Foundation
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallServe

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

    @OptionGroup var outputs: ResultFiles

    func validate() throws {
        guard !blobs.isEmpty else { throw ValidationError("give at least one blob folder") }
    }

    func run() throws {
        let templates = try outputs.reportTemplates()
        try outputs.targets.check()
        var budget = ResultsBlob.maximumPictureBytes
        var read: [(blob: ResultsBlob, folder: String)] = []
        for folder in blobs { read.append((try ResultsBlob.read(from: folder, budget: &budget), folder)) }
        let (results, baselines) = try ResultsBlob.merge(read)
        try outputs.write(results, baselines: baselines, templates: templates)
        Output.standardOutput(results.summary + "\n")
        if results.count(.failed) > 0 { throw ExitCode.badInput }
        if results.count(.changed) + results.count(.new) > 0 { throw ExitCode.different }
    }
}
