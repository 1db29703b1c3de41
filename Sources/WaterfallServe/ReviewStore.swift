import WaterfallCore
import WaterfallPipeline
import WaterfallReview

/// The results of the last review, kept for their pictures and for the next look at the review
/// page: they stay until a file changes or a baseline is approved.
final class ReviewStore: Sendable {
    /// Every check by its name (a variant's: `shop@375.dark`), and the names of each spec's
    /// checks, in order, by the spec's name.
    private struct Stored {
        var checks: [String: SpecCheck] = [:]
        var variants: [String: [String]] = [:]
        /// How many times the results were forgotten: a review keeps its results only when no
        /// file changed while it was made.
        var generation = 0
    }

    private let stored = Locked(Stored())

    /// The generation a review starting now belongs to; pass it to ``store(_:generation:)``.
    var generation: Int { stored.withLock { $0.generation } }

    /// Keeps `results` for the pictures and the next look, unless a file changed since the review
    /// of `generation` started (its results may be older than the files).
    func store(_ results: [SpecCheck], generation: Int) {
        stored.withLock { stored in
            guard stored.generation == generation else { return }
            stored = Stored(generation: generation)
            for check in results {
                stored.checks[check.name] = check
                stored.variants[RenderPipeline.baseName(check.spec), default: []].append(check.name)
            }
        }
    }

    /// The stored results for the specs named `names`, in that order, each spec's variants
    /// together; `nil` unless every one is stored.
    func results(for names: [String]) -> [SpecCheck]? {
        stored.withLock { stored in
            let grouped = names.compactMap { stored.variants[$0] }
            guard grouped.count == names.count else { return nil }
            let found = grouped.flatMap { $0 }.compactMap { stored.checks[$0] }
            return found.count == grouped.reduce(0) { $0 + $1.count } ? found : nil
        }
    }

    /// Forgets every result: a file changed, or baselines were approved.
    func clear() { stored.withLock { $0 = Stored(generation: $0.generation + 1) } }

    /// Tile `tile`'s `reference.png`, `actual.png` or `diff.png` of the check named `name`.
    func image(name: String, tile: Int, kind: String) -> [UInt8]? {
        stored.withLock { stored in
            guard let check = stored.checks[name], check.tiles.indices.contains(tile) else { return nil }
            let found = check.tiles[tile]
            switch kind {
            case "reference.png": return found.reference
            case "actual.png": return try? found.actualPNG()
            case "diff.png": return found.diffImage
            default: return nil
            }
        }
    }
}
