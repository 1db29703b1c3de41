import Foundation
import WaterfallCairo
import WaterfallPipeline

/// `check`'s use of the renderer fingerprint beside the baselines (see ``RendererFingerprint``).
enum BaselineFingerprint {
    /// Prints one line on standard error when the fingerprint in `baselines` differs from this
    /// machine's, or cannot be read; nothing when they agree or there is none.
    ///
    /// This machine's fingerprint (every font file hashed) is only made when there is one to
    /// compare with. A font that cannot be used is not reported here: the renders report it.
    static func warnIfDifferent(baselines: String) {
        let path = (baselines as NSString).appendingPathComponent(RendererFingerprint.fileName)
        let recorded: RendererFingerprint?
        do {
            recorded = try RendererFingerprint.recorded(inBaselines: baselines)
        } catch {
            Output.standardError(
                "check: \(path): \(error), so pixel changes cannot be told from a changed machine; --record writes it")
            return
        }
        guard let recorded, let current = try? RendererFingerprint.current(),
            let differences = current.differences(fromRecorded: recorded)
        else { return }
        Output.standardError("check: \(differences); pixel changes may come from that")
    }

    /// Writes this machine's fingerprint into `baselines` after recording with `mode`.
    ///
    /// With `missing` only when there is none (baselines it did not re-record may still be
    /// another machine's), otherwise always, as every baseline now matches this machine.
    /// Returns the error line when it cannot be written.
    static func record(baselines: String, mode: RecordMode) -> String? {
        do {
            if mode == .missing, (try? RendererFingerprint.recorded(inBaselines: baselines)) != nil { return nil }
            try RendererFingerprint.current().record(inBaselines: baselines)
            return nil
        } catch {
            return "\(error)"
        }
    }
}
