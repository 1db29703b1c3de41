import Foundation
import WaterfallMotion
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
    /// How many pages of the specs' paged sections (`pageSize`) to draw loaded.
    var pages = 0
    /// The clip to write instead of pictures (`--animate`); its viewport is 0 when `--viewport`
    /// was not given, for the spec's own (`variants.viewport`).
    var clip: ClipRequest?

    /// Renders the spec at `specPath` into the output folder; returns the files written.
    ///
    /// Every variant is laid out and drawn before any file is written, so a spec that fails in
    /// one leaves nothing.
    func run(specPath: String) throws -> [String] {
        let loaded = try pipeline.loadSpec(at: specPath)
        let name = Self.baseName(specPath)
        if let clip { return try writeClips(clip, of: loaded, name: name) }
        if pages > 0, pages > loaded.pagesToLoad {
            throw ClipError(
                reason: "\(specPath): has \(loaded.pagesToLoad) pages of cards to load, not \(pages) (--pages)")
        }
        let spec = loaded.loadingPages(pages)
        let prepared = try variants.of(spec).map { variant in
            (name: variant.name(name), spec: try pipeline.prepare(variant.apply(to: spec)), screens: variant.screens)
        }
        var files: [String] = []
        for (name, spec, screens) in prepared {
            files += try pipeline.write(spec, name: name, into: output, claims: claims, screens: screens)
        }
        // The clips the spec declares (`variants: {animate: scroll}`) go with its PNG pictures.
        guard pipeline.renderers.contains(where: { $0.format == .png }), pages == 0 else { return files }
        for clip in try variants.clips(of: loaded) {
            let writer = ClipWriter(pipeline: pipeline, request: clip.request)
            files += try writer.write(
                clip.variant.apply(to: loaded), name: clip.variant.name(name), into: output, claims: claims)
        }
        return files
    }

    /// Writes the clips of each variant of `spec` (its appearances and widths; the clip draws
    /// its own screens).
    private func writeClips(_ request: ClipRequest, of spec: Spec, name: String) throws -> [String] {
        var files: [String] = []
        for variant in try variants.of(spec) {
            var request = request
            if request.viewport == 0 {
                guard let viewport = variant.screens?.viewport else {
                    throw ClipError(
                        reason: "\(spec.source ?? name): --animate needs --viewport LENGTH (or the spec's "
                            + "variants.viewport)")
                }
                request.viewport = viewport
            }
            let writer = ClipWriter(pipeline: pipeline, request: request)
            files += try writer.write(variant.apply(to: spec), name: variant.name(name), into: output, claims: claims)
        }
        return files
    }

    /// The output name of a spec: its file name without the extension (`-` reads as `stdin`).
    static func baseName(_ specPath: String) -> String { RenderPipeline.baseName(specPath) }
}
