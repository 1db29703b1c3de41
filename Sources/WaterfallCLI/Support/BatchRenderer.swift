import Dispatch
import Foundation
import WaterfallCore
import WaterfallPipeline
import WaterfallRender

/// Renders many specs on all cores; one bad spec is reported and does not stop the others.
struct BatchRenderer {
    var job: RenderJob

    struct Outcome {
        var spec: String
        var files: [String]
        var error: String?
    }

    /// Renders `specs`, reporting progress on standard error, and returns one outcome a spec, in order.
    func run(_ specs: [String]) -> [Outcome] {
        let outcomes = Locked([Outcome?](repeating: nil, count: specs.count))
        let progress = Progress(total: specs.count)
        DispatchQueue.concurrentPerform(iterations: specs.count) { index in
            let spec = specs[index]
            let outcome: Outcome
            do {
                outcome = Outcome(spec: spec, files: try job.run(specPath: spec), error: nil)
            } catch {
                outcome = Outcome(spec: spec, files: [], error: "\(error)")
            }
            outcomes.withLock { $0[index] = outcome }
            progress.finished(outcome)
        }
        progress.end()
        return outcomes.withLock { $0.map { $0! } }
    }

    /// A line that updates in place on a terminal, plain lines otherwise.
    final class Progress: Sendable {
        private let total: Int
        private let done = Locked(0)
        private let line = ProgressLine()

        init(total: Int) { self.total = total }

        func finished(_ outcome: Outcome) {
            done.withLock { done in
                done += 1
                if let error = outcome.error {
                    line.clear()
                    Output.standardError("error: \(error)")
                } else if !line.isTerminal {
                    Output.standardError("rendered \(outcome.spec): \(outcome.files.joined(separator: ", "))")
                }
                line.draw("[\(done)/\(total)] \(outcome.spec)")
            }
        }

        func end() { line.clear() }
    }
}
