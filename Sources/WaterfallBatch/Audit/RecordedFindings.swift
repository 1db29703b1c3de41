import WaterfallAudit
import WaterfallCore

/// A picture's accessibility findings as recorded beside its baselines: `NAME.findings.json`.
///
/// The file lists the findings the team has accepted, in the audit's order, as sorted JSON. A
/// finding found again is told apart by its `key` (its kind and place), so a ratio that
/// moves keeps it accepted, and one at a new place, or of a new kind, is new.
public enum RecordedFindings {
    /// The name of the findings file of the picture `name`: `shop@375.dark.findings.json`.
    public static func fileName(for name: String) -> String { name + ".findings.json" }

    /// The largest findings file read.
    public static let maximumBytes = 16 << 20

    /// The file's bytes for `findings`: the same findings give the same bytes every run.
    public static func encode(_ findings: [Finding]) throws -> [UInt8] {
        try JSONOutput.encode(File(findings: findings), layout: .pretty)
    }

    /// The findings of `current` whose key is not among `recorded`'s, in `current`'s order.
    public static func new(_ current: [Finding], recorded: [Finding]) -> [Finding] {
        let keys = Set(recorded.map(\.key))
        return current.filter { !keys.contains($0.key) }
    }

    /// The file's layout, which the review library reads back.
    package struct File: Codable {
        package var findings: [Finding]
    }
}
