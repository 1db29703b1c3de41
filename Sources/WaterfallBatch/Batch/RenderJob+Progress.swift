import WaterfallPipeline

extension RenderJob {
    /// Renders `specs` on every core, counting them on standard error; each error is said, and
    /// each spec's files too when `listingFiles` (always for `render`, off a terminal for
    /// `examples`), in the specs' order whatever order they finish in, through `say`.
    public func runShowingProgress(
        _ specs: [String], listingFiles: Bool? = nil, say: @escaping @Sendable (String) -> Void
    ) -> [Outcome] {
        let progress = ProgressCounter(total: specs.count, sink: say)
        let lists = listingFiles ?? !progress.isTerminal
        let folder = output.hasSuffix("/") ? output : output + "/"
        let outcomes = run(specs) { index, outcome in
            var message = outcome.error.map { "error: \($0)" }
            if message == nil, lists {
                message = "rendered \(outcome.spec) into \(folder): \(outcome.files.joined(separator: ", "))"
            }
            progress.finished(outcome.spec, at: index, message: message)
        }
        progress.end()
        return outcomes
    }
}
