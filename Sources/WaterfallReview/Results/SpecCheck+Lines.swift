import Foundation
import WaterfallCore

extension SpecCheck {
    /// How many new findings ``resultLines(verbose:)`` lists without `verbose`.
    public static let findingsShown = 5

    /// The lines `waterfall check` prints for this check, each escaped for a terminal.
    ///
    /// The verdict, then the causes (the input values that changed and what they did, as the
    /// report shows them), the new findings and the fixed ones, then the changed frames: folded
    /// into one line, and each on its own with `verbose`.
    public func resultLines(verbose: Bool) -> [String] {
        let verdict =
            switch status {
            case .passed: "ok       \(title)"
            case .recorded: "recorded \(title): \(reason)"
            case .new: "NEW      \(title): \(reason)"
            case .changed: "CHANGED  \(title): \(reason)"
            case .failed: "ERROR    \(title): \(reason)"
            }
        var lines = [verdict]
        for cause in causes.prefix(Cause.shownBeforeFold) { lines.append("  cause  \(cause.line.escapedForMessage)") }
        if causes.count > Cause.shownBeforeFold {
            lines.append("  cause  … \(causes.count - Cause.shownBeforeFold) more in the report")
        }
        lines += findingLines(verbose: verbose)
        guard status == .changed, let diff = layoutDiff, !diff.changes.isEmpty else { return lines }
        if verbose { return lines + diff.changes.map { "         \($0)" } }
        let count = diff.changes.count
        return lines + ["         \(count) frame\(count == 1 ? "" : "s") changed: --verbose lists them"]
    }

    /// The picture's new findings, each with its place and numbers, and how many recorded ones
    /// are no longer found.
    private func findingLines(verbose: Bool) -> [String] {
        let new = status == .recorded ? [] : newFindings
        var lines = new.prefix(verbose ? .max : Self.findingsShown).map { finding in
            let cause = cause(of: finding)?.input.map { " (after \($0))" } ?? ""
            return "  NEW    \((finding.line + cause).escapedForMessage)"
        }
        if new.count > Self.findingsShown, !verbose {
            lines.append("  NEW    … \(new.count - Self.findingsShown) more: --verbose lists them")
        }
        let fixed = fixedFindings.count
        if fixed > 0 {
            lines.append("  fixed  \(fixed) recorded finding\(fixed == 1 ? " is" : "s are") no longer found")
        }
        return lines
    }
}

extension StaleBaselines {
    /// The lines `check --prune` prints of the `stale` files of `folder`: one a file, then how
    /// many there were when there were any or they were `removed`.
    public static func lines(_ stale: [String], in folder: String, removed: Bool) -> [String] {
        var lines = stale.map {
            (removed ? "removed  " : "STALE    ") + (folder as NSString).appendingPathComponent($0)
        }
        if removed || !stale.isEmpty {
            lines.append(
                "prune: \(stale.count) stale baseline\(stale.count == 1 ? "" : "s")\(removed ? " removed" : "")")
        }
        return lines
    }
}
