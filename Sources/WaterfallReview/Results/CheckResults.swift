/// The outcome of one check run: every spec checked, in the order given.
public struct CheckResults: Sendable {
    /// Every spec's checks, in the order the specs were given, each spec's variants together.
    public var checks: [SpecCheck]
    /// The positions of each spec's checks in ``checks``, one range a spec given, in order.
    public var specRanges: [Range<Int>]

    /// Creates results from checks; consecutive checks of one spec file are one spec's.
    public init(checks: [SpecCheck]) {
        self.checks = checks
        specRanges = Self.ranges(of: checks)
    }

    /// Creates results from each spec's checks, one list a spec given (one spec given twice is twice).
    public init(specs: [[SpecCheck]]) {
        checks = specs.flatMap { $0 }
        var start = 0
        specRanges = specs.map { group in
            defer { start += group.count }
            return start..<start + group.count
        }
    }

    private static func ranges(of checks: [SpecCheck]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in checks.indices where index + 1 == checks.count || checks[index + 1].spec != checks[start].spec {
            ranges.append(start..<index + 1)
            start = index + 1
        }
        return ranges
    }

    /// How many checks (a spec's variants each count) ended with `status`.
    public func count(_ status: SpecCheck.Status) -> Int { checks.filter { $0.status == status }.count }

    /// The line that ends the run's output.
    public var summary: String {
        "check: \(count(.passed)) unchanged, \(count(.changed)) changed, \(count(.new)) without baseline, "
            + "\(count(.recorded)) recorded, \(count(.failed)) errors"
    }
}
