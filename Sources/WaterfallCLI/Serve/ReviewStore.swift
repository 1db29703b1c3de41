import WaterfallCore
import WaterfallPipeline
import WaterfallReview

/// The results of the last review, kept for their pictures and for the next look at the review
/// page: they stay until a file changes or a baseline is approved.
final class ReviewStore: Sendable {
    private let checks = Locked([String: SpecCheck]())

    func store(_ results: [SpecCheck]) {
        checks.withLock { stored in
            stored = [:]
            for check in results { stored[check.name] = check }
        }
    }

    /// The stored results for the specs named `names`, in that order; `nil` unless every one is
    /// stored.
    func results(for names: [String]) -> [SpecCheck]? {
        checks.withLock { stored in
            let found = names.compactMap { stored[$0] }
            return found.count == names.count ? found : nil
        }
    }

    /// Forgets every result: a file changed, or baselines were approved.
    func clear() { checks.withLock { $0 = [:] } }

    /// Tile `tile`'s `reference.png`, `actual.png` or `diff.png` of the spec named `name`.
    func image(name: String, tile: Int, kind: String) -> [UInt8]? {
        checks.withLock { stored in
            guard let check = stored[name], check.tiles.indices.contains(tile) else { return nil }
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
