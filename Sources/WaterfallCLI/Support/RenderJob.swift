import Foundation
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallSpec

/// Renders specs in several formats into a folder through the one pipeline, and writes their
/// files all or nothing.
struct RenderJob: Sendable {
    var pipeline: RenderPipeline
    var output: String
    /// The variants to draw each spec at: its own (`variants:`) unless `--appearance`, `--widths`,
    /// `--viewport` say otherwise.
    var variants = Variants()
    /// The files each spec of this run claimed, so two specs never write one file.
    let claims = OutputClaims()

    /// Renders the spec at `specPath` into the output folder; returns the files written.
    ///
    /// Every variant is laid out and drawn before any file is written, so a spec that fails in
    /// one leaves nothing.
    func run(specPath: String) throws -> [String] {
        let spec = try Spec.load(path: specPath)
        let name = Self.baseName(specPath)
        let prepared = try variants.of(spec).map { variant in
            (name: variant.name(name), spec: try pipeline.prepare(variant.apply(to: spec)), screens: variant.screens)
        }
        var files: [String] = []
        for (name, spec, screens) in prepared {
            files += try pipeline.write(spec, name: name, into: output, claims: claims, screens: screens)
        }
        return files
    }

    /// The output name of a spec: its file name without the extension (`-` reads as `stdin`).
    static func baseName(_ specPath: String) -> String { RenderPipeline.baseName(specPath) }
}
