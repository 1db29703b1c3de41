import Foundation
import WaterfallBatch
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// The renderer fingerprint beside a folder of baselines (see ``RendererFingerprint``): what
/// `check` warns about and what recording writes.
public enum BaselineFingerprint {
    /// One line saying that the fingerprint in `baselines` differs from this machine's and the
    /// checked specs' font files, or cannot be read; `nil` when they agree or there is none.
    ///
    /// The specs of `results` are named by their files, each font file once however many of a
    /// spec's variants were checked: `feed.yaml's font fonts/Brand.ttf changed since the
    /// baselines were recorded (sha256 ab12cd34ef56… → 9f8e7d6c5b4a…); pixel changes may come
    /// from that`.
    ///
    /// - Parameters:
    ///   - baselines: The baselines folder.
    ///   - results: What the check found: its specs and their font files.
    public static func warning(baselines: String, results: CheckResults) -> String? {
        var specFiles: [String: String] = [:]
        for check in results.checks where specFiles[check.name] == nil { specFiles[check.name] = check.spec }
        return warning(baselines: baselines, appFonts: results.appFonts, specFiles: specFiles)
    }

    /// One line saying that the fingerprint in `baselines` differs from this machine's, or cannot
    /// be read; `nil` when they agree or there is none.
    ///
    /// This machine's fingerprint (every font file hashed) is only made when there is one to
    /// compare with. A font that cannot be used is not reported here: the renders report it.
    /// The specs' own font files are compared for the specs `appFonts` names, and said as the
    /// spec's (the file `specFiles` gives for its name), not this machine's.
    ///
    /// - Parameters:
    ///   - baselines: The baselines folder.
    ///   - appFonts: The checked specs' own font files.
    ///   - specFiles: The spec file of each name baselines are named after, for the message.
    public static func warning(
        baselines: String, appFonts: [RendererFingerprint.AppFont] = [], specFiles: [String: String] = [:]
    ) -> String? {
        let path = Path.join(baselines, RendererFingerprint.fileName)
        let recorded: RendererFingerprint?
        do {
            recorded = try RendererFingerprint.recorded(inBaselines: baselines)
        } catch {
            return "\(path): \(error), so pixel changes cannot be told from a changed machine; --record writes it"
        }
        guard let recorded, let current = try? RendererFingerprint.current(appFonts: appFonts) else { return nil }
        let clauses =
            [current.differences(fromRecorded: recorded)].compactMap { $0 }
            + current.appFontDifferences(fromRecorded: recorded, specFiles: specFiles)
        guard !clauses.isEmpty else { return nil }
        return clauses.joined(separator: "; ") + "; pixel changes may come from that"
    }

    /// The error when the fingerprint in `baselines` is a symbolic link, which is never followed
    /// (see ``ReviewError/baselineLink(_:)``); `nil` otherwise.
    public static func linkError(baselines: String) -> ReviewError? {
        do {
            try BaselineChecker.refuseLink(
                at: Path.join(baselines, RendererFingerprint.fileName))
            return nil
        } catch {
            return error
        }
    }

    /// Writes this machine's fingerprint into `baselines` after recording with `mode`.
    ///
    /// With `missing` only when there is none (baselines it did not re-record may still be
    /// another machine's), otherwise always, as every baseline now matches this machine.
    /// The specs' own font files are those of `appFonts`, and those recorded for the specs it
    /// says nothing of. Returns the error line when it cannot be written.
    public static func record(
        baselines: String, mode: RecordMode, appFonts: [RendererFingerprint.AppFont] = []
    ) -> String? {
        do {
            let recorded = try? RendererFingerprint.recorded(inBaselines: baselines)
            if mode == .missing, recorded != nil { return nil }
            try RendererFingerprint.current(appFonts: appFonts).keepingAppFonts(of: recorded ?? nil)
                .record(inBaselines: baselines)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Writes this machine's fingerprint into the folder a job rendered its `outcomes` into.
    ///
    /// It is for `check` with that folder as its baselines: every picture is this machine's when
    /// every spec rendered, otherwise an existing fingerprint is kept. Returns the error line when
    /// it cannot be written.
    ///
    /// `allowing` widens each spec's root as `--allow-read` does, for its font files.
    public static func record(rendered outcomes: [RenderJob.Outcome], into folder: String, allowing: [String])
        -> String?
    {
        let failed = outcomes.contains { $0.error != nil }
        let fonts = appFonts(ofSpecsAt: outcomes.map(\.spec), allowing: allowing)
        return record(baselines: folder, mode: failed ? .missing : .changed, appFonts: fonts)
    }

    /// The font files the specs at `paths` name, hashed; a spec or font that cannot be read is
    /// left out (its render reports it), and so is one outside the spec's root widened by `allowing`.
    public static func appFonts(ofSpecsAt paths: [String], allowing: [String] = []) -> [RendererFingerprint.AppFont] {
        var fonts: [RendererFingerprint.AppFont] = []
        for path in paths {
            guard let spec = try? Spec.load(path: path, allowing: allowing), !spec.fonts.isEmpty else { continue }
            let name = RenderPipeline.baseName(path)
            for font in spec.fonts {
                guard let digest = try? FileDigest.sha256(ofFileAt: font.file) else { continue }
                fonts.append(RendererFingerprint.AppFont(spec: name, path: font.path, sha256: digest))
            }
        }
        return fonts
    }
}
