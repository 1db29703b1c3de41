import Foundation
import WaterfallCore
import WaterfallPipeline

/// One run of `waterfall check` over a folder of baselines: the checks of a shard of the specs,
/// then what the run records, keeps for `merge-reports` and prunes.
///
/// ```swift
/// var run = CheckRun(checker: BaselineChecker(baselines: "Baselines"))
/// run.record = .missing
/// try run.prepareBaselines()
/// let outcome = run.check(try SpecFolder.expand(["Specs"], skipped: { print($0) }))
/// print(outcome.results.summary)
/// ```
public struct CheckRun: Sendable {
    /// What a run found and did.
    public struct Outcome: Sendable {
        /// Every spec given, in the order given.
        public var specs: [String]
        /// The indices in ``specs`` of the specs this run checked: its shard's.
        public var positions: [Int]
        /// The checks of this run's specs, recorded when the run records.
        public var results: CheckResults
        /// One line when the baselines were made on a different renderer, or with other bytes of
        /// a spec's own font files.
        public var fingerprintWarning: String?
        /// Why the renderer fingerprint could not be recorded, when it could not: an error.
        public var fingerprintError: String?
    }

    /// Draws and compares each spec.
    public var checker: BaselineChecker
    /// What to write into the baselines folder, `nil` to only compare.
    public var record: RecordMode?
    /// The part of the specs this run checks, `nil` for all of them.
    public var shard: Shard?

    /// A run of `checker` over all the specs, recording nothing.
    public init(checker: BaselineChecker, record: RecordMode? = nil, shard: Shard? = nil) {
        self.checker = checker
        self.record = record
        self.shard = shard
    }

    /// The folder of baselines.
    public var baselines: String { checker.baselines }

    /// Refuses a baselines folder that is missing (unless the run records, when it is made), a
    /// file, or one whose fingerprint is a link; before anything is drawn.
    public func prepareBaselines() throws {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: baselines, isDirectory: &isDirectory) {
            guard record != nil else { throw FileError(path: baselines, message: "no such baselines folder") }
        } else if !isDirectory.boolValue {
            throw FileError(path: baselines, message: "is not a folder")
        }
        if record != nil { try AtomicFile.makeFolder(baselines) }
        // A committed link on the way to the baselines (or a baselines folder that is one) is
        // never followed: neither read through nor written through.
        if case .failure(.link(let link)) = NamedFolder.open(baselines) {
            throw FileError(path: baselines, message: NamedFolder.Failure.link(link).reason)
        }
        if let error = BaselineFingerprint.linkError(baselines: baselines) { throw error }
    }

    /// Checks this run's shard of `specs` on `workers` threads (all cores by default), then
    /// records them when the run records.
    ///
    /// `finished` is called, from any thread, as each spec is done.
    public func check(
        _ specs: [String], workers: Int? = nil, finished: (@Sendable (String) -> Void)? = nil
    ) -> Outcome {
        check(specs, at: positions(in: specs), workers: workers, finished: finished)
    }

    /// Checks the specs at `positions` of `specs`, as ``positions(in:)`` gave them, on `workers`
    /// threads, then records them when the run records: for a caller that counts them first.
    public func check(
        _ specs: [String], at positions: [Int], workers: Int? = nil, finished: (@Sendable (String) -> Void)? = nil
    ) -> Outcome {
        var results = checker.check(positions.map { specs[$0] }, workers: workers, finished: finished)
        let warning = BaselineFingerprint.warning(baselines: baselines, results: results)
        let fingerprintError = record.flatMap { results.record(into: baselines, mode: $0) }
        return Outcome(
            specs: specs, positions: positions, results: results, fingerprintWarning: warning,
            fingerprintError: fingerprintError)
    }

    /// The indices in `specs` of the specs this run checks: its shard's, in the order given.
    public func positions(in specs: [String]) -> [Int] {
        shard.map { $0.select(specs) } ?? Array(specs.indices)
    }

    /// Writes the run's results with their pictures into the folder `blob`, for `merge-reports`.
    public func writeBlob(of outcome: Outcome, to blob: String) throws {
        try ResultsBlob(
            shard: shard ?? .whole, specs: outcome.specs, positions: outcome.positions, baselines: baselines,
            results: outcome.results
        ).write(to: blob)
    }

    /// The baselines no spec of `outcome` produces any more, removed when the run records.
    ///
    /// Against every spec given, not this shard's: the other shards' specs still produce theirs.
    /// `allowing` widens each spec's root as `--allow-read` does.
    public func prune(_ outcome: Outcome, allowing: [String] = []) throws -> [String] {
        let stale = StaleBaselines.find(
            in: baselines, specs: outcome.specs, variants: checker.variants, allowing: allowing)
        if record != nil { try StaleBaselines.remove(stale, from: baselines) }
        return stale
    }
}
