import WaterfallAudit
import WaterfallCore
import WaterfallLayout
import WaterfallReview

extension CheckReport {
    /// The template context of a picture's accessibility findings: the new ones, then those
    /// recorded beside the baselines under a fold; `nil` when the audit found none.
    package static func findings(of check: SpecCheck) -> [String: Any]? {
        guard !check.findings.isEmpty || !check.fixedFindings.isEmpty else { return nil }
        let new = Set(check.newFindings.map(\.key))
        func entry(_ finding: Finding) -> [String: Any] {
            [
                "kind": finding.kind.rawValue, "title": finding.kind.title, "place": finding.place,
                "message": finding.message,
            ]
        }
        let fresh = check.findings.filter { new.contains($0.key) }.map(entry)
        let accepted = check.findings.filter { !new.contains($0.key) }.map(entry)
        let fixed = check.fixedFindings.map(entry)
        func count(_ value: Int, _ what: String) -> String { "\(value) \(what)\(value == 1 ? "" : "s")" }
        return [
            "new": fresh, "hasNew": !fresh.isEmpty, "accepted": accepted, "hasAccepted": !accepted.isEmpty,
            "acceptedSummary": count(accepted.count, "recorded finding"), "fixed": fixed, "hasFixed": !fixed.isEmpty,
            "fixedSummary": count(fixed.count, "recorded finding") + " no longer found",
        ]
    }

    /// Outlines around the new findings over each actual tile of `check`, in percent of the tile.
    package static func findingBoxes(of check: SpecCheck) -> [[Box]] {
        let new = check.newFindings
        let width =
            check.layoutDiff?.newContentSize.width
            ?? (try? LayoutDump.decode(String(decoding: check.actualLayout, as: UTF8.self), file: check.name))?.0.width
        guard !new.isEmpty, let width, check.findings.allSatisfy({ $0.frame.count == 4 }) else {
            return check.tiles.map { _ in [] }
        }
        let frames = new.map { finding in
            (
                rect: Rect(x: finding.frame[0], y: finding.frame[1], width: finding.frame[2], height: finding.frame[3]),
                kind: "finding", label: finding.line
            )
        }
        return boxes(tiles: check.tiles.map { try? $0.actualPNG() }, contentWidth: width, frames: frames)
    }
}
