import Foundation
import WaterfallCore

/// One shard's check results with their pictures, as `check --shard K/N --blob DIR` writes them
/// and `merge-reports` reads them back: the shards' blobs merge into the results one run of
/// every spec gives.
///
/// A blob is a folder: `blob.json` (the format's name and version, the shard, every spec of the
/// run in order, and each checked spec's results) and the pictures it names, `p0.png`, `p1.png`…
/// Only what a report shows is kept: the pictures of the checks that need review.
///
/// Reading is safe on a blob from an untrusted branch: only files named as the writer names them
/// are read, never through a link, each and all of them within limits, and every number is
/// checked before it is used; anything else is a ``ReviewError`` naming the file.
public struct ResultsBlob: Sendable {
    /// The format's version; a blob of another version is refused.
    public static let version = 1
    /// The name of the blob's index file.
    public static let indexFile = "blob.json"
    /// The largest index file read.
    public static let maximumIndexBytes = 32 << 20
    /// The most picture bytes one merge reads, over all its blobs.
    public static let maximumPictureBytes = 4 << 30
    /// The most specs a run may have.
    public static let maximumSpecs = 1_000_000

    /// The shard the blob holds (`1/3`).
    public var shard: Shard
    /// Every spec of the run, in the order given, not only this shard's.
    public var specs: [String]
    /// The baselines folder the shard checked against.
    public var baselines: String
    /// The specs this shard checked: each one's position in ``specs`` and its checks.
    public var checked: [(index: Int, checks: [SpecCheck])]

    /// Creates a blob of `results`, the results of the specs at `positions` of `specs`.
    public init(shard: Shard, specs: [String], positions: [Int], baselines: String, results: CheckResults) {
        self.shard = shard
        self.specs = specs
        self.baselines = baselines
        checked = zip(positions, results.specRanges).map { ($0, Array(results.checks[$1])) }
    }
}

extension ResultsBlob {
    /// Merges the blobs of a run's shards into the results of the whole run, in the order the first
    /// blob's shard was given the specs.
    ///
    /// - Throws: ``ReviewError`` when the blobs are not of one run (other specs, another count of
    ///   shards), a shard is given twice or is missing, or two blobs hold one spec.
    public static func merge(_ blobs: [(blob: ResultsBlob, folder: String)]) throws(ReviewError) -> (
        results: CheckResults, baselines: String
    ) {
        guard let (first, firstFolder) = blobs.first else { throw ReviewError(reason: "merge-reports: no blob given") }
        var seenShards = Set<Int>()
        var bySpec: [Int: [SpecCheck]] = [:]
        // The specs in the first blob's order: each shard may have been given them in another.
        let place = places(first.specs)
        for (blob, folder) in blobs {
            let file = Path.join(folder, indexFile)
            guard blob.shard.count == first.shard.count, blob.specs.sorted() == first.specs.sorted() else {
                throw ReviewError(
                    reason: "\(file): not of the same run as \(firstFolder) (other specs or another count of shards)")
            }
            guard seenShards.insert(blob.shard.index).inserted else {
                throw ReviewError(reason: "\(file): shard \(blob.shard) is given twice")
            }
            let own = places(blob.specs)
            let toFirst = Dictionary(uniqueKeysWithValues: own.map { ($1, place[$0]!) })
            for (index, checks) in blob.checked {
                guard bySpec.updateValue(checks, forKey: toFirst[index]!) == nil else {
                    throw ReviewError(reason: "\(file): spec \(blob.specs[index]) is in two blobs")
                }
            }
        }
        guard seenShards.count == first.shard.count else {
            let missing = (1...first.shard.count).filter { !seenShards.contains($0) }.map {
                "\($0)/\(first.shard.count)"
            }
            throw ReviewError(reason: "merge-reports: shard \(missing.joined(separator: ", ")) missing")
        }
        let groups = bySpec.keys.sorted().map { bySpec[$0]! }
        return (CheckResults(specs: groups), first.baselines)
    }

    /// Each spec's position in `specs`, by its path and which time it is given (a path given
    /// twice is two specs).
    private static func places(_ specs: [String]) -> [SpecKey: Int] {
        var seen: [String: Int] = [:]
        var places: [SpecKey: Int] = [:]
        for (index, spec) in specs.enumerated() {
            let time = seen[spec, default: 0]
            seen[spec] = time + 1
            places[SpecKey(path: spec, time: time)] = index
        }
        return places
    }

    private struct SpecKey: Hashable {
        var path: String
        var time: Int
    }
}
