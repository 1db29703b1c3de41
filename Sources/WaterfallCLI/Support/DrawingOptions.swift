import ArgumentParser
import WaterfallCore
import WaterfallPipeline
import WaterfallRender

/// The options of every command that draws specs (`render`, `examples`, `check`, `audit`,
/// `serve`): the raster scale and what to draw for an image that cannot be read.
///
/// How images named by URL are fetched (``FetchOptions``) and which folders besides its root a
/// spec may read (``ReadOptions``) are groups of their own beside this one in each command
/// (``DrawsSpecs``), not inside it: in a debug build the parser checks every nested group again
/// for each check of the group around it, and three levels of groups cost half a second a parse.
struct DrawingOptions: ParsableArguments {
    // `--scale -1` is a value, refused by validate(), not an unknown flag.
    @Option(parsing: .unconditional, help: "Device pixels per point in PNG output (overrides the spec's scale).")
    var scale: Double?

    @Option(help: ArgumentHelp("What to draw for an image that cannot be read.", valueName: "error|placeholder"))
    var missingImages: MissingImagePolicy = .error

    /// `--scale`, bounded as a spec's `scale` is (SpecLimits.scale).
    func validate() throws {
        if let scale, !(scale >= 0.01 && scale <= 16) {
            throw ValidationError("--scale must be a number from 0.01 to 16, not \(ShortestNumber.text(scale))")
        }
    }

}

/// A command that draws specs: its drawing, fetch and read options, side by side.
///
/// It needs the pinned fonts (``FontSet/pinned``), which `waterfall` checks before running it, so
/// a missing font file is one line and exit status 2, not an error for every spec. `layout`
/// checks them only when a spec has cards sized by their text; `diff` never needs them.
protocol DrawsSpecs {
    var drawing: DrawingOptions { get }
    var fetch: FetchOptions { get }
    var read: ReadOptions { get }
}

extension DrawsSpecs {
    /// The pipeline these options describe, rendering `renderers`.
    ///
    /// - Parameter remembersFailures: Whether an image URL that failed once is not asked for again
    ///   in this process (a long-running server asks again).
    func pipeline(renderers: [Renderer] = [], remembersFailures: Bool = true) -> RenderPipeline {
        var pipeline = RenderPipeline(
            renderers: renderers, scale: drawing.scale, missingImages: drawing.missingImages,
            remoteImages: fetch.remoteImages(remembersFailures: remembersFailures))
        pipeline.allowedFolders = read.allowRead
        return pipeline
    }
}

extension MissingImagePolicy: ExpressibleByArgument {}

extension RenderCommand: RendersSpecs {}
extension CheckCommand: DrawsSpecs {}
extension AuditCommand: DrawsSpecs {}
extension ExamplesCommand: RendersSpecs {}
extension ServeCommand: DrawsSpecs {}
