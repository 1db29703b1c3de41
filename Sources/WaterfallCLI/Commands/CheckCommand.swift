import ArgumentParser
import Dispatch
import Foundation
import WaterfallDiff
import WaterfallPipeline
import WaterfallRender

/// `waterfall check SPEC... --baselines DIR`: visual regression tests against recorded baselines.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Render specs and compare them with their baselines (PNG pixels, SVG text, layout).",
        discussion: """
            Baselines are NAME.png (or NAME-1.png… tiles), NAME.svg and NAME.layout.json in the baselines folder, \
            as `waterfall render --format png,svg,json` writes them. The exit status is 1 when anything changed \
            or a baseline is missing, 2 on an error, 0 otherwise. --record writes missing and changed baselines, \
            and nothing else; every file is written to a temporary file and renamed into place.
            """)

    @Argument(help: "Spec files to check.")
    var specs: [String]

    @Option(help: "The folder of baseline files.")
    var baselines: String

    @Flag(help: "Write missing or changed baselines instead of failing.")
    var record = false

    @Option(help: "Write a review page (index.html) with reference, actual and diff images into this folder.")
    var report: String?

    @Option(
        help: """
            How different two colors must be to count, from 0 to 1, as in pixelmatch: the share of the largest \
            YIQ color distance. The default 0 counts any changed pixel: renders are deterministic.
            """)
    var threshold = 0.0

    @Flag(name: .customLong("ignore-aa"), help: "Do not count pixels on anti-aliased edges (counted by default).")
    var ignoreAntialiasing = false

    @Option(help: "Device pixels per point in PNG output (overrides the spec's scale).")
    var scale: Double?

    @Option(help: ArgumentHelp("What to draw for an image that cannot be read.", valueName: "error|placeholder"))
    var missingImages: MissingImagePolicy = .error

    @Option(help: "A folder of Mustache templates for the report page (default: the built-in ones).")
    var templates: String?

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("give at least one spec file") }
        guard threshold >= 0, threshold <= 1 else { throw ValidationError("--threshold must be from 0 to 1") }
    }

    func run() throws {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: baselines, isDirectory: &isDirectory) {
            guard record else { throw CLIError.io(path: baselines, message: "no such baselines folder") }
        } else if !isDirectory.boolValue {
            throw CLIError.io(path: baselines, message: "is not a folder")
        }
        if record { try AtomicFile.makeFolder(baselines) }
        var reportTemplates: TemplateSet?
        if report != nil {
            do {
                reportTemplates = try TemplateSet.named(templates)
            } catch {
                throw CLIError.badArgument(error.description)
            }
        }
        let options = DiffOptions(threshold: threshold, includeAntialiasing: !ignoreAntialiasing)
        let pipeline = RenderPipeline(renderers: [], scale: scale, missingImages: missingImages)
        let claims = OutputClaims()
        let results = Locked([SpecCheck?](repeating: nil, count: specs.count))
        DispatchQueue.concurrentPerform(iterations: specs.count) { index in
            let check = SpecCheck.run(spec: specs[index], pipeline: pipeline, baselines: baselines, options: options)
            results.withLock { $0[index] = check }
        }
        var checks = results.withLock { $0.map { $0! } }
        for index in checks.indices where record && [.new, .changed].contains(checks[index].status) {
            do {
                try checks[index].record(into: baselines, claims: claims)
            } catch {
                checks[index].status = .failed
                checks[index].error = "\(error)"
            }
        }
        for check in checks {
            let line =
                switch check.status {
                case .passed: "ok       \(check.spec)"
                case .recorded: "recorded \(check.spec): \(check.reason)"
                case .new: "NEW      \(check.spec): \(check.reason)"
                case .changed: "CHANGED  \(check.spec): \(check.reason)"
                case .failed: "ERROR    \(check.spec): \(check.reason)"
                }
            if check.status == .failed { Output.standardError("error: \(check.reason)") }
            Output.standardOutput(line + "\n")
            if check.status == .changed, let diff = check.layoutDiff, diff.isDifferent {
                for change in diff.changes.prefix(20) { Output.standardOutput("         \(change)\n") }
                if diff.changes.count > 20 { Output.standardOutput("         … \(diff.changes.count - 20) more\n") }
            }
        }
        if let report, let reportTemplates {
            try CheckReport.write(checks, to: report, templates: reportTemplates)
            Output.standardOutput("review page: \((report as NSString).appendingPathComponent("index.html"))\n")
        }
        let count = { (status: SpecCheck.Status) in checks.filter { $0.status == status }.count }
        Output.standardOutput(
            "check: \(count(.passed)) unchanged, \(count(.changed)) changed, \(count(.new)) without baseline, "
                + "\(count(.recorded)) recorded, \(count(.failed)) errors\n")
        if count(.failed) > 0 { throw ExitCode(2) }
        if count(.changed) + count(.new) > 0 { throw ExitCode(1) }
    }
}
