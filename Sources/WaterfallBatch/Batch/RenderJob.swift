import Foundation
import WaterfallAudit
import WaterfallCore
import WaterfallMotion
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// Renders specs in several formats into a folder through the one pipeline, and writes their
/// files all or nothing: what `render` and `examples` run.
public struct RenderJob: Sendable {
    /// How each spec is read and drawn, and into which formats.
    public var pipeline: RenderPipeline
    /// The folder written into.
    public var output: String
    /// The variants to draw each spec at: its own (`variants:`) unless `--appearance`, `--widths`,
    /// `--viewport` say otherwise.
    public var variants = Variants()
    /// The files each spec of this run claimed, so two specs never write one file.
    public let claims = OutputClaims()
    /// How many pages of the specs' paged sections (`pageSize`) to draw loaded.
    public var pages = 0
    /// The clip to write instead of pictures (`--animate`); its viewport is 0 when `--viewport`
    /// was not given, for the spec's own (`variants.viewport`).
    public var clip: ClipRequest?
    /// Whether each picture is audited for accessibility (see `Audit` in WaterfallAudit), its
    /// findings in ``Outcome/audits`` and written beside it (`NAME.findings.json`, as `check
    /// --record` writes them): `examples` shows them in the gallery.
    public var audits = false

    /// A job that writes what `pipeline` renders into `output`.
    ///
    /// - Parameters:
    ///   - pipeline: How each spec is read and drawn, and into which formats.
    ///   - output: The folder written into; it must exist.
    public init(pipeline: RenderPipeline, output: String) {
        self.pipeline = pipeline
        self.output = output
    }

    /// What became of one spec of a run.
    public struct Outcome: Sendable {
        /// The spec's path, as given.
        public var spec: String
        /// The files written, by name.
        public var files: [String]
        /// Why nothing was written, as one line; `nil` when the spec rendered.
        public var error: String?
        /// The widths the spec declares (`variants.widths`), for a page that shows them side by side.
        public var declaredWidths: [Double] = []
        /// The accessibility findings of each picture, in the order drawn, when the job audits.
        public var audits: [PictureAudit] = []
    }

    /// Renders `specs` on every core, one outcome a spec in their order: a bad spec is an
    /// outcome with its error and does not stop the others.
    ///
    /// - Parameters:
    ///   - specs: The specs' paths.
    ///   - finished: Called with each spec's index in `specs` and its outcome as the spec
    ///     finishes, in the order they finish, from any thread.
    public func run(_ specs: [String], finished: @escaping @Sendable (Int, Outcome) -> Void) -> [Outcome] {
        WorkerPool.map(count: specs.count) { index in
            var outcome = Outcome(spec: specs[index], files: [])
            do {
                let loaded = try pipeline.loadSpec(at: specs[index])
                outcome.declaredWidths = loaded.variants?.widths ?? []
                outcome.files = try run(loaded, specPath: specs[index], audits: &outcome.audits)
            } catch {
                outcome.error = "\(error)"
            }
            finished(index, outcome)
            return outcome
        }
    }

    /// Renders the spec at `specPath` into the output folder; returns the files written.
    ///
    /// Every variant is laid out and drawn before any file is written, so a spec that fails in
    /// one leaves nothing.
    func run(_ loaded: Spec, specPath: String, audits: inout [PictureAudit]) throws -> [String] {
        let name = RenderPipeline.baseName(specPath)
        if let clip { return try writeClips(clip, of: loaded, name: name) }
        if pages > 0, pages > loaded.pagesToLoad {
            throw ClipError.badRequest(
                file: specPath, problem: .tooFewPages(available: loaded.pagesToLoad, asked: pages))
        }
        let spec = loaded.loadingPages(pages)
        let prepared = try variants.of(spec).map { variant in
            (
                name: variant.name(name), spec: try pipeline.prepare(variant.apply(to: spec), screens: variant.screens),
                screens: variant.screens
            )
        }
        // The clips the spec declares (`variants: {animate: scroll}`) go with its PNG pictures;
        // they are planned, and refused, before any picture is written.
        let drawsClips = pipeline.renderers.contains(where: { $0.format == .png }) && pages == 0
        let clips = try (drawsClips ? variants.clips(of: loaded) : []).map { clip in
            let writer = ClipWriter(pipeline: pipeline, request: clip.request)
            let file = clip.variant.name(name)
            return (writer: writer, clip: try writer.prepare(clip.variant.apply(to: loaded), name: file), name: file)
        }
        if self.audits {
            for variant in prepared {
                audits += try SpecAudit.audits(
                    of: variant.spec, name: variant.name, screens: variant.screens, spec: specPath, pipeline: pipeline)
            }
        }
        var files: [String] = []
        for (name, spec, screens) in prepared {
            files += try pipeline.write(spec, name: name, into: output, claims: claims, screens: screens)
        }
        for (writer, clip, name) in clips {
            files += try writer.write(clip, name: name, into: output, claims: claims)
        }
        // Each picture's findings beside it, as `check --record` records them: the folder is a set
        // of baselines `check` passes.
        if self.audits, audits.contains(where: { !$0.findings.isEmpty }) {
            var recorded = SpecFiles(folder: output, name: name, spec: specPath)
            defer { recorded.discard() }
            for audit in audits where !audit.findings.isEmpty {
                try recorded.add(
                    RecordedFindings.encode(audit.findings), file: RecordedFindings.fileName(for: audit.picture))
            }
            files += try recorded.commit(claims: claims)
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
                    throw ClipError.badRequest(file: spec.source ?? name, problem: .noViewport)
                }
                request.viewport = viewport
            }
            let writer = ClipWriter(pipeline: pipeline, request: request)
            files += try writer.write(variant.apply(to: spec), name: variant.name(name), into: output, claims: claims)
        }
        return files
    }
}
