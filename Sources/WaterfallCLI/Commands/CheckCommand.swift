import ArgumentParser
import Foundation
import WaterfallAudit
import WaterfallCore
import WaterfallDiff
import WaterfallPipeline
import WaterfallReview

/// `waterfall check SPEC... --baselines DIR`: visual regression tests against recorded baselines.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render specs and compare them with their baselines (PNG pixels, SVG text, layout).",
        discussion: """
            Baselines are NAME.png (or NAME-1.png… tiles), NAME.svg and NAME.layout.json in the baselines folder, \
            as `waterfall render --format png,svg,json` writes them, for every variant a spec declares (variants:) \
            or --appearance, --widths and --viewport ask for (NAME@375.dark.screen-2.png). The exit status is 1 when anything changed \
            or a baseline is missing, 2 on an error, 0 otherwise. --record writes missing and changed baselines \
            (--record=missing only missing ones, --record=all every one), and nothing else; every file is written \
            to a temporary file and renamed into place. Each changed spec prints its verdict and causes; \
            --verbose adds every changed frame, --quiet prints only the summary line. For CI: --junit and \
            --json write the results, GITHUB_ACTIONS=true adds annotations, --shard K/N checks one part of \
            the specs (--blob DIR keeps its results for merge-reports), --jobs N sets the number of specs \
            rendered at once.
            """)

    @Argument(help: "Spec files to check, or folders of them.")
    var specs: [String]

    @Option(help: "The folder of baseline files.")
    var baselines: String

    @Option(
        name: .customLong("record"), defaultAsFlag: RecordMode.changed, parsing: .next,
        help: ArgumentHelp(
            "Write baselines instead of failing: missing ones, missing and changed ones (--record alone), or all.",
            valueName: "missing|changed|all"))
    var record: RecordMode? = nil

    @Flag(
        help: """
            List baselines no given spec produces any more (exit status 1 if there are any); with --record, \
            remove them.
            """)
    var prune = false

    @OptionGroup var outputs: ResultFiles

    @Option(
        help: ArgumentHelp(
            "Write this shard's results with their pictures into this folder, for merge-reports.",
            valueName: "folder"))
    var blob: String?

    // Numbers are read as values, negative ones too (`--jobs -1`), and refused by validate().
    @Option(parsing: .unconditional, help: "How many specs to render at once (default: the number of cores).")
    var jobs: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Check only part K of N of the specs, sorted by path (1/3, 2/3, 3/3 split a suite in three).",
            valueName: "k/n"),
        transform: { text in
            do {
                return try Shard(parsing: text)
            } catch {
                throw ValidationError("\(error)")
            }
        })
    var shard: Shard?

    @Option(
        help: ArgumentHelp(
            "The accessibility audit: fail on a finding not recorded beside the baselines (default), only "
                + "print it (warn), or do none (off). --record accepts the findings.",
            valueName: "off|warn|fail"))
    var audit: AuditMode = .fail

    @Option(
        help: ArgumentHelp(
            "The audit's reading of WCAG's large text: ios (18 pt, or 14 pt bold; the default) or wcag (24 px, "
                + "or 18.66 px bold).", valueName: "ios|wcag"))
    var largeText: LargeTextRule = .ios

    @Flag(name: .shortAndLong, help: "Print every moved or resized frame under its spec's causes.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Print only the summary line (errors and warnings still go to stderr).")
    var quiet = false

    @OptionGroup var pixels: PixelOptions
    @OptionGroup var drawing: DrawingOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var read: ReadOptions
    @OptionGroup var variants: VariantOptions

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("give at least one spec file") }
        if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be given together") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
        if let value = RecordMode.unknownValue(in: Waterfall.arguments) {
            throw ValidationError("--record must be missing, changed or all, not '\(value)'")
        }
    }

    func run() throws {
        let run = CheckRun(checker: try checker(), record: record, shard: shard)
        try run.prepareBaselines()
        let reportTemplates = try outputs.reportTemplates()
        try outputs.targets.check()
        let specs = try SpecFolder.expand(self.specs, skipped: Output.standardError)
        let positions = run.positions(in: specs)
        let progress = ProgressCounter(total: positions.count, sink: Output.standardErrorLines)
        let outcome = run.check(specs, at: positions, workers: jobs) { progress.finished($0) }
        progress.end()
        if let warning = outcome.fingerprintWarning { Output.standardError("check: \(warning)") }
        let annotate = GitHubAnnotation.isEnabled(environment: ProcessInfo.processInfo.environment)
        for check in outcome.results.checks { printResult(check, annotate: annotate) }
        if let error = outcome.fingerprintError { Output.standardError("error: \(error)") }
        try outputs.write(outcome.results, baselines: baselines, templates: reportTemplates)
        if let blob { try run.writeBlob(of: outcome, to: blob) }
        let stale = prune ? try run.prune(outcome, allowing: read.allowRead) : []
        for line in StaleBaselines.lines(stale, in: baselines, removed: prune && record != nil) {
            Output.standardOutput(line + "\n")
        }
        let results = outcome.results
        Output.standardOutput(results.summary + "\n")
        if results.count(.failed) > 0 || outcome.fingerprintError != nil { throw ExitCode.badInput }
        let isDifferent = results.count(.changed) + results.count(.new) > 0 || (!stale.isEmpty && record == nil)
        if isDifferent { throw ExitCode.different }
    }

    /// What draws and compares each spec, as the options say.
    private func checker() throws -> BaselineChecker {
        var checker = BaselineChecker(
            baselines: baselines,
            pipeline: pipeline(),
            options: pixels.options(defaults: DiffOptions(threshold: 0, includeAntialiasing: true)))
        checker.keepsUnchangedPictures = record == .all
        checker.variants = try variants.variants()
        checker.audit = audit
        checker.largeText = largeText
        return checker
    }

    /// The result lines of one spec (none but errors and annotations with `--quiet`), and its
    /// annotations in a GitHub Actions job.
    private func printResult(_ check: SpecCheck, annotate: Bool) {
        if check.status == .failed { Output.standardError("error: \(check.reason)") }
        if annotate {
            for line in GitHubAnnotation.annotations(for: check, findingsAreErrors: audit == .fail) {
                Output.standardOutput(line + "\n")
            }
        }
        guard !quiet else { return }
        for line in check.resultLines(verbose: verbose) { Output.standardOutput(line + "\n") }
    }
}
