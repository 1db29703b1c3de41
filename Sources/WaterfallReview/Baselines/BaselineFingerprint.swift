import Foundation
import WaterfallPipeline

/// The renderer fingerprint beside a folder of baselines (see ``RendererFingerprint``): what
/// `check` warns about and what recording writes.
public enum BaselineFingerprint {
    /// One line saying that the fingerprint in `baselines` differs from this machine's, or cannot
    /// be read; `nil` when they agree or there is none.
    ///
    /// This machine's fingerprint (every font file hashed) is only made when there is one to
    /// compare with. A font that cannot be used is not reported here: the renders report it.
    public static func warning(baselines: String) -> String? {
        let path = (baselines as NSString).appendingPathComponent(RendererFingerprint.fileName)
        let recorded: RendererFingerprint?
        do {
            recorded = try RendererFingerprint.recorded(inBaselines: baselines)
        } catch {
            return "\(path): \(error), so pixel changes cannot be told from a changed machine; --record writes it"
        }
        guard let recorded, let current = try? RendererFingerprint.current(),
            let differences = current.differences(fromRecorded: recorded)
        else { return nil }
        return "\(differences); pixel changes may come from that"
    }

    /// Writes this machine's fingerprint into `baselines` after recording with `mode`.
    ///
    /// With `missing` only when there is none (baselines it did not re-record may still be
    /// another machine's), otherwise always, as every baseline now matches this machine.
    /// Returns the error line when it cannot be written.
    public static func record(baselines: String, mode: RecordMode) -> String? {
        do {
            if mode == .missing, (try? RendererFingerprint.recorded(inBaselines: baselines)) != nil { return nil }
            try RendererFingerprint.current().record(inBaselines: baselines)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
