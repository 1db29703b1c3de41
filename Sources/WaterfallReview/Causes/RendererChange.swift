import WaterfallCore

/// The renderer's change since a folder of baselines was recorded, as a cause: `renderer
/// fingerprint changed: Pango 1.50.12 → 1.52.0`.
///
/// Found once a run, and only when a check changed: this machine's fingerprint hashes every
/// pinned font file.
final class RendererChange: Sendable {
    private let found = Locked<[String: InputChange?]>([:])

    /// The change of the renderer since `baselines` were recorded; `nil` when there is none, or
    /// no fingerprint was recorded, or one cannot be made.
    func change(since baselines: String) -> InputChange? {
        if let known = found.withLock({ $0[baselines] }) { return known }
        var change: InputChange?
        if let recorded = try? RendererFingerprint.recorded(inBaselines: baselines),
            let current = try? RendererFingerprint.current()
        {
            let changes = current.changes(fromRecorded: recorded)
            if !changes.isEmpty {
                change = InputChange(
                    text: "renderer fingerprint changed: " + ProseList.joined(changes, atMost: 4),
                    path: "renderer fingerprint", scope: .renderer)
            }
        }
        found.withLock { $0[baselines] = change }
        return change
    }
}
