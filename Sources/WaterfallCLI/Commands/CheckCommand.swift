import ArgumentParser
import Foundation
import WaterfallAudit
import WaterfallCore
import WaterfallDiff
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallServe

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

    @Flag(name: .shortAndLong, help: "Print every moved or resized frame under its spec's causes.")
    var verbose = false

    @Flag(name: .shortAndLong, help: "Print only the summary line (errors and warnings still go to stderr).")
    var quiet = false

    @OptionGroup var pixels: PixelOptions

    @OptionGroup var drawing: DrawingOptions

    @OptionGroup var variants: VariantOptions

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("give at least one spec file") }
        if verbose && quiet { throw ValidationError("--verbose and --quiet cannot be given together") }
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, not \(jobs)") }
        if let value = RecordMode.unknownValue(in: Array(CommandLine.arguments.dropFirst())) {
            throw ValidationError("--record must be missing, changed or all, not '\(value)'")
        }
    }

    func run() throws {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: baselines, isDirectory: &isDirectory) {
            guard record != nil else { throw FileError(path: baselines, message: "no such baselines folder") }
        } else if !isDirectory.boolValue {
            throw FileError(path: baselines, message: "is not a folder")
        }
        if record != nil { try AtomicFile.makeFolder(baselines) }
        if let error = BaselineFingerprint.linkError(baselines: baselines) { throw error }
        let reportTemplates = try outputs.reportTemplates()
        try outputs.checkTargets()
        let specs = try SpecFolder.expand(self.specs, skipped: Output.standardError)
        let positions = shard.map { $0.select(specs) } ?? Array(specs.indices)
        let chosen = positions.map { specs[$0] }
        var results = try checkAll(chosen)
        // One line before the results when the baselines were made on a different renderer, or
        // with other bytes of a spec's own font files.
        if let warning = BaselineFingerprint.warning(baselines: baselines, results: results) {
            Output.standardError("check: \(warning)")
        }
        var fingerprintError: String?
        if let record {
            fingerprintError = results.record(into: baselines, mode: record)
        }
        let annotate = GitHubAnnotation.isEnabled(environment: ProcessInfo.processInfo.environment)
        for check in results.checks { printResult(check, annotate: annotate) }
        if let fingerprintError { Output.standardError("error: \(fingerprintError)") }
        try outputs.write(results, baselines: baselines, templates: reportTemplates)
        if let blob {
            let whole = try Shard(parsing: "1/1")
            try ResultsBlob(
                shard: shard ?? whole, specs: specs, positions: positions, baselines: baselines, results: results
            ).write(to: blob)
        }
        // Against every spec given, not this shard's: the other shards' specs still produce theirs.
        let stale = prune ? try pruneBaselines(specs: specs, variants: try variants.variants()) : []
        Output.standardOutput(results.summary + "\n")
        if results.count(.failed) > 0 || fingerprintError != nil { throw ExitCode.badInput }
        if results.count(.changed) + results.count(.new) > 0 || (!stale.isEmpty && record == nil) {
            throw ExitCode.different
        }
    }

    /// Renders and compares `specs` on `jobs` threads; the results are in the order of `specs`.
    private func checkAll(_ specs: [String]) throws -> CheckResults {
        var checker = BaselineChecker(
            baselines: baselines,
            pipeline: drawing.pipeline(),
            options: pixels.options(defaults: DiffOptions(threshold: 0, includeAntialiasing: true)))
        checker.keepsUnchangedPictures = record == .all
        checker.variants = try variants.variants()
        checker.audit = audit
        let progress = ProgressCounter(total: specs.count)
        let results = checker.check(specs, workers: jobs) { progress.finished($0) }
        progress.end()
        return results
    }

    /// The result lines of one spec, and its annotation in a GitHub Actions job.
    ///
    /// A summary by default: the verdict and the causes, the frames folded into one line that
    /// `--verbose` unfolds; nothing but errors and annotations with `--quiet`.
    private func printResult(_ check: SpecCheck, annotate: Bool) {
        if check.status == .failed { Output.standardError("error: \(check.reason)") }
        if annotate, [.changed, .new, .failed].contains(check.status) {
            Output.standardOutput(GitHubAnnotation.error(for: check) + "\n")
        }
        if annotate, check.status != .recorded {
            for finding in check.newFindings {
                let line = GitHubAnnotation.annotation(for: finding, of: check, isError: audit == .fail)
                Output.standardOutput(line + "\n")
            }
        }
        guard !quiet else { return }
        let line =
            switch check.status {
            case .passed: "ok       \(check.title)"
            case .recorded: "recorded \(check.title): \(check.reason)"
            case .new: "NEW      \(check.title): \(check.reason)"
            case .changed: "CHANGED  \(check.title): \(check.reason)"
            case .failed: "ERROR    \(check.title): \(check.reason)"
            }
        Output.standardOutput(line + "\n")
        // Causes first, as the report shows them: the input values that changed and what they did.
        for cause in check.causes.prefix(Cause.shownBeforeFold) {
            Output.standardOutput("  cause  \(cause.line.escapedForMessage)\n")
        }
        if check.causes.count > Cause.shownBeforeFold {
            Output.standardOutput("  cause  … \(check.causes.count - Cause.shownBeforeFold) more in the report\n")
        }
        printFindings(check)
        guard check.status == .changed, let diff = check.layoutDiff, !diff.changes.isEmpty else { return }
        if verbose {
            for change in diff.changes { Output.standardOutput("         \(change)\n") }
        } else {
            let count = diff.changes.count
            Output.standardOutput("         \(count) frame\(count == 1 ? "" : "s") changed: --verbose lists them\n")
        }
    }

    /// The picture's new findings, each with its place and numbers, and how many accepted ones
    /// were found again or fixed.
    private func printFindings(_ check: SpecCheck) {
        let new = check.status == .recorded ? [] : check.newFindings
        for finding in new.prefix(verbose ? .max : Self.findingsShown) {
            let cause = check.cause(of: finding)?.input.map { " (after \($0))" } ?? ""
            Output.standardOutput("  NEW    \((finding.line + cause).escapedForMessage)\n")
        }
        if new.count > Self.findingsShown, !verbose {
            Output.standardOutput("  NEW    … \(new.count - Self.findingsShown) more: --verbose lists them\n")
        }
        let fixed = check.fixedFindings.count
        if fixed > 0 {
            Output.standardOutput("  fixed  \(fixed) recorded finding\(fixed == 1 ? " is" : "s are") no longer found\n")
        }
    }

    /// How many new findings a picture prints without --verbose.
    static let findingsShown = 5

    /// Lists the stale baselines, and removes them when recording; returns them.
    private func pruneBaselines(specs: [String], variants: Variants) throws -> [String] {
        let stale = StaleBaselines.find(
            in: baselines, specs: specs, variants: variants, allowing: drawing.read.allowRead)
        if record != nil { try StaleBaselines.remove(stale, from: baselines) }
        for file in stale {
            let path = (baselines as NSString).appendingPathComponent(file)
            Output.standardOutput((record != nil ? "removed  " : "STALE    ") + path + "\n")
        }
        if record != nil || !stale.isEmpty {
            Output.standardOutput(
                "prune: \(stale.count) stale baseline\(stale.count == 1 ? "" : "s")\(record != nil ? " removed" : "")\n"
            )
        }
        return stale
    }
}
