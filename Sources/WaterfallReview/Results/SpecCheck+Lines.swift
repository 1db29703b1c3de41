import Foundation
import WaterfallAudit
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

    /// The picture's new findings, each with its place and numbers and the input change that
    /// made it; each recorded one no longer found; and, once recorded, each finding recording
    /// accepted and each it dropped: none is accepted without a line saying so.
    private func findingLines(verbose: Bool) -> [String] {
        let new = status == .recorded ? [] : newFindings
        let shown = verbose ? .max : Self.findingsShown
        var lines = new.prefix(shown).map { "  NEW    " + findingText($0) }
        if new.count > Self.findingsShown, !verbose {
            lines.append("  NEW    … \(new.count - Self.findingsShown) more: --verbose lists them")
        }
        let fixed = fixedFindings
        lines += fixed.prefix(shown).map { "  fixed  " + findingText($0, note: "no longer found") }
        if fixed.count > Self.findingsShown, !verbose {
            lines.append("  fixed  … \(fixed.count - Self.findingsShown) more: --verbose lists them")
        }
        // Recording lists every finding it wrote or dropped, folded or not.
        lines += newlyRecordedFindings.map { "  recorded finding  " + findingText($0) }
        lines += droppedFindings.map {
            "  fixed  " + findingText($0, note: "no longer found; dropped from the record")
        }
        return lines
    }

    /// `finding`'s line, then in brackets `note` and the input change that made or removed it,
    /// escaped for a terminal.
    private func findingText(_ finding: Finding, note: String? = nil) -> String {
        let after = cause(of: finding)?.input.map { "after \($0)" }
        let said = [note, after].compactMap { $0 }.joined(separator: ", ")
        return (finding.line + (said.isEmpty ? "" : " (\(said))")).escapedForMessage
    }
}

extension StaleBaselines {
    /// The lines `check --prune` prints of the `stale` files of `folder`: one a file, then how
    /// many there were when there were any or they were `removed`.
    public static func lines(_ stale: [String], in folder: String, removed: Bool) -> [String] {
        var lines = stale.map {
            (removed ? "removed  " : "STALE    ") + Path.join(folder, $0)
        }
        if removed || !stale.isEmpty {
            lines.append(
                "prune: \(stale.count) stale baseline\(stale.count == 1 ? "" : "s")\(removed ? " removed" : "")")
        }
        return lines
    }
}
