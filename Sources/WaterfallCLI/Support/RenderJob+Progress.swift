import WaterfallReview

extension RenderJob {
    /// Renders `specs` on every core, counting them on standard error; each error is said, and
    /// off a terminal each spec's files too.
    func runShowingProgress(_ specs: [String]) -> [Outcome] {
        let progress = ProgressCounter(total: specs.count)
        let outcomes = run(specs) { outcome in
            var message = outcome.error.map { "error: \($0)" }
            if message == nil, !progress.isTerminal {
                message = "rendered \(outcome.spec): \(outcome.files.joined(separator: ", "))"
            }
            progress.finished(outcome.spec, message: message)
        }
        progress.end()
        return outcomes
    }
}
