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

    /// The files written, relative to the output folder.
    ///
    /// Every file goes to a temporary file first; only when every format has rendered and every
    /// target is known to be free are they renamed into place, so a spec that fails leaves
    /// nothing behind.
    func run(specPath: String) throws -> [String] {
        let prepared = try pipeline.prepare(specAt: specPath)
        var files = SpecFiles(folder: output, name: Self.baseName(specPath), spec: specPath)
        defer { files.discard() }
        try pipeline.render(prepared) { renderer, piece in
            try files.add(piece, format: renderer.format, fileExtension: renderer.fileExtension)
        }
        return try files.commit(claims: claims)
    }

    /// The output name of a spec: its file name without the extension (`-` reads as `stdin`).
    static func baseName(_ specPath: String) -> String {
        specPath == "-" ? "stdin" : ((specPath as NSString).lastPathComponent as NSString).deletingPathExtension
    }
}
