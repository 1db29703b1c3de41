/// A small, fast, seeded generator (SplitMix64) whose sequence is the same on every platform.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`, without modulo bias worth speaking of for small ranges.
    public mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        // Wrapping arithmetic: a range as wide as `Int.min...Int.max` has 2^64 values, not a trap.
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        guard width != 0 else { return Int(truncatingIfNeeded: next()) }
        return range.lowerBound &+ Int(truncatingIfNeeded: next().multipliedFullWidth(by: width).high)
    }
}
