import WaterfallCore
import WaterfallPipeline
import WaterfallReview

/// The results of the last review, kept for their pictures and for the next look at the review
/// page: they stay until a file changes or a baseline is approved.
final class ReviewStore: Sendable {
    /// Every check by its name (a variant's: `shop@375.dark`).
    private let checks = Locked([String: SpecCheck]())
    /// The names of each spec's checks, by the spec's name, in order.
    private let variants = Locked([String: [String]]())

    func store(_ results: [SpecCheck]) {
        checks.withLock { stored in
            stored = [:]
            for check in results { stored[check.name] = check }
        }
        variants.withLock { names in
            names = [:]
            for check in results { names[RenderPipeline.baseName(check.spec), default: []].append(check.name) }
        }
    }

    /// The stored results for the specs named `names`, in that order, each spec's variants
    /// together; `nil` unless every one is stored.
    func results(for names: [String]) -> [SpecCheck]? {
        let grouped = variants.withLock { stored in names.compactMap { stored[$0] } }
        guard grouped.count == names.count else { return nil }
        return checks.withLock { stored in grouped.flatMap { $0.compactMap { stored[$0] } } }
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
