/// One of N equal parts of a list of specs, as `--shard K/N` names it (Playwright's convention,
/// K from 1).
///
/// The part depends only on the paths, never on the order they were given in: the specs are
/// sorted by path and the shard takes those whose place in that order is K-1 modulo N. So the N
/// jobs of a CI matrix, each given the same specs in any order, check every spec exactly once.
public struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which part, from 1 to `count`.
    public var index: Int
    /// How many parts.
    public var count: Int

    /// Reads `K/N`, both whole numbers written in digits, with 1 ≤ K ≤ N.
    public init(parsing text: String) throws(ShardError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        func number(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part)
        }
        guard parts.count == 2, let index = number(parts[0]), let count = number(parts[1]) else {
            throw ShardError(description: "write it as K/N, such as 1/3")
        }
        guard count >= 1 else { throw ShardError(description: "N must be at least 1") }
        guard index >= 1, index <= count else { throw ShardError(description: "K must be from 1 to \(count)") }
        self.index = index
        self.count = count
    }

    /// Every spec: part 1 of 1.
    public static let whole = Shard(index: 1, count: 1)

    private init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// The positions in `specs` of the specs this shard checks, in the order they were given.
    public func select(_ specs: [String]) -> [Int] {
        // Sorted by path, ties (the same path given twice) by position, so the split is stable.
        let byPath = specs.indices.sorted { (specs[$0], $0) < (specs[$1], $1) }
        let chosen = byPath.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        return chosen.sorted()
    }
}

/// Why a `--shard` value names no shard, in a few words.
public struct ShardError: Error, Equatable, CustomStringConvertible {
    /// What is wrong with the value.
    public var description: String
}
