import Foundation
import WaterfallPipeline
import WaterfallRender

/// Renders specs in several formats into a folder through the one pipeline, and writes their
/// files all or nothing.
struct RenderJob: Sendable {
    var pipeline: RenderPipeline
    var output: String
    /// The files each spec of this run claimed, so two specs never write one file.
    let claims = OutputClaims()

    /// Renders the spec at `specPath` into the output folder; returns the files written.
    func run(specPath: String) throws -> [String] {
        try pipeline.write(
            pipeline.prepare(specAt: specPath), name: Self.baseName(specPath), into: output, claims: claims)
    }

    /// The output name of a spec: its file name without the extension (`-` reads as `stdin`).
    static func baseName(_ specPath: String) -> String { RenderPipeline.baseName(specPath) }
}
