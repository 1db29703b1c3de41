/// One of N equal parts of a list of specs, as `--shard K/N` names it (Playwright's convention,
/// K from 1).
///
/// The part depends only on the paths, never on the order they were given in: the specs are
/// sorted by path and the shard takes those whose place in that order is K-1 modulo N. So the N
/// jobs of a CI matrix, each given the same specs in any order, check every spec exactly once.
struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which part, from 1 to `count`.
    var index: Int
    /// How many parts.
    var count: Int

    /// Reads `K/N`, both whole numbers written in digits, with 1 ≤ K ≤ N.
    init(parsing text: String) throws(CLIError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        func number(_ part: Substring) -> Int? {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part)
        }
        guard parts.count == 2, let index = number(parts[0]), let count = number(parts[1]) else {
            throw .badArgument("write it as K/N, such as 1/3")
        }
        guard count >= 1 else { throw .badArgument("N must be at least 1") }
        guard index >= 1, index <= count else { throw .badArgument("K must be from 1 to \(count)") }
        self.index = index
        self.count = count
    }

    var description: String { "\(index)/\(count)" }

    /// The positions in `specs` of the specs this shard checks, in the order they were given.
    func select(_ specs: [String]) -> [Int] {
        // Sorted by path, ties (the same path given twice) by position, so the split is stable.
        let byPath = specs.indices.sorted { (specs[$0], $0) < (specs[$1], $1) }
        let chosen = byPath.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
        return chosen.sorted()
    }
}
