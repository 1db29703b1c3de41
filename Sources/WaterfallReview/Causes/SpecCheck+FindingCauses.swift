import WaterfallAudit
import WaterfallCore

extension SpecCheck {
    /// The causes of a check whose findings changed and nothing drawn did: each input change
    /// that made a new finding or removed a recorded one, with what the audit finds now.
    ///
    /// `sections[0].items[2].tappable removed (was false) — It draws nothing different; the
    /// audit now finds a small tap target at sections[0].items[2].` Each finding is credited to
    /// one change, the one ``cause(of:)`` names. Empty when no change can explain any.
    func findingCauses(of changes: [InputChange]) -> [Cause] {
        var made: [InputChange: [Finding]] = [:]
        var removed: [InputChange: [Finding]] = [:]
        for finding in newFindings {
            if let change = InputChange.cause(of: finding, among: changes) { made[change, default: []].append(finding) }
        }
        for finding in fixedFindings {
            if let change = InputChange.cause(of: finding, among: changes) {
                removed[change, default: []].append(finding)
            }
        }
        return changes.compactMap { change in
            let made = made[change] ?? []
            let removed = removed[change] ?? []
            guard !made.isEmpty || !removed.isEmpty else { return nil }
            var parts = [change.changesOnlyTheAudit ? "it draws nothing different" : "no pixel, SVG or layout changed"]
            if !made.isEmpty { parts.append("the audit now finds " + Self.listed(made)) }
            if !removed.isEmpty { parts.append("the audit no longer finds " + Self.listed(removed)) }
            return Cause(input: change.text, consequence: CauseWriter.sentence(parts))
        }
    }

    /// How many findings a cause's sentence names before it counts the rest.
    static let findingsNamed = 3

    /// `a small tap target at sections[0].items[2] and low contrast at sections[0].items[1].title`.
    static func listed(_ findings: [Finding]) -> String {
        var names = findings.prefix(findingsNamed).map { "\(phrase($0.kind)) at \($0.place)" }
        if findings.count > findingsNamed {
            let more = findings.count - findingsNamed
            names.append("\(more) more finding\(more == 1 ? "" : "s")")
        }
        return ProseList.joined(names)
    }

    /// The kind of a finding as a sentence names it: `a small tap target`, `low contrast`.
    static func phrase(_ kind: Finding.Kind) -> String {
        switch kind {
        case .contrast: "low contrast"
        case .truncation: "text cut short"
        case .smallTarget: "a small tap target"
        case .blurryImage: "a blurry image"
        }
    }
}
