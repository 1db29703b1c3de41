import Foundation
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

    /// The findings in a file's `bytes`, read from `path`.
    ///
    /// - Throws: ``ReviewError`` naming the file when it is not a findings file.
    public static func decode(_ bytes: [UInt8], path: String) throws(ReviewError) -> [Finding] {
        do {
            return try JSONDecoder().decode(File.self, from: Data(bytes)).findings
        } catch {
            throw ReviewError(
                reason: "\(path.escapedForMessage): is not a findings file (record it again with check --record)")
        }
    }

    /// The findings of `current` whose key is not among `recorded`'s, in `current`'s order.
    public static func new(_ current: [Finding], recorded: [Finding]) -> [Finding] {
        let keys = Set(recorded.map(\.key))
        return current.filter { !keys.contains($0.key) }
    }

    private struct File: Codable {
        var findings: [Finding]
    }
}
