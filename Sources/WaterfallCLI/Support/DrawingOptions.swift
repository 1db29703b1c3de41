import ArgumentParser
import WaterfallCore
import WaterfallPipeline
import WaterfallRender

/// The options of every command that draws specs (`render`, `examples`, `check`, `serve`): the
/// raster scale, what to draw for an image that cannot be read, how images named by URL are
/// fetched, and which folders besides its root a spec may read.
struct DrawingOptions: ParsableArguments {
    // `--scale -1` is a value, refused by validate(), not an unknown flag.
    @Option(parsing: .unconditional, help: "Device pixels per point in PNG output (overrides the spec's scale).")
    var scale: Double?

    @Option(help: ArgumentHelp("What to draw for an image that cannot be read.", valueName: "error|placeholder"))
    var missingImages: MissingImagePolicy = .error

    @OptionGroup var fetch: FetchOptions

    @OptionGroup var read: ReadOptions

    /// `--scale`, bounded as a spec's `scale` is (SpecLimits.scale).
    func validate() throws {
        if let scale, !(scale >= 0.01 && scale <= 16) {
            throw ValidationError("--scale must be a number from 0.01 to 16, not \(ShortestNumber.text(scale))")
        }
    }

    /// The pipeline these options describe, rendering `renderers`.
    ///
    /// - Parameter remembersFailures: Whether an image URL that failed once is not asked for again
    ///   in this process (a long-running server asks again).
    func pipeline(renderers: [Renderer] = [], remembersFailures: Bool = true) -> RenderPipeline {
        var pipeline = RenderPipeline(
            renderers: renderers, scale: scale, missingImages: missingImages,
            remoteImages: fetch.remoteImages(remembersFailures: remembersFailures))
        pipeline.allowedFolders = read.allowRead
        return pipeline
    }
}

extension MissingImagePolicy: ExpressibleByArgument {}
