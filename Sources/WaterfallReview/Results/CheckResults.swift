/// The outcome of one check run: every spec checked, in the order given.
public struct CheckResults: Sendable {
    /// Every spec's check, in the order the specs were given.
    public var checks: [SpecCheck]

    /// Creates results from checks.
    public init(checks: [SpecCheck]) { self.checks = checks }

    /// How many specs ended with `status`.
    public func count(_ status: SpecCheck.Status) -> Int { checks.filter { $0.status == status }.count }

    /// The line that ends the run's output.
    public var summary: String {
        "check: \(count(.passed)) unchanged, \(count(.changed)) changed, \(count(.new)) without baseline, "
            + "\(count(.recorded)) recorded, \(count(.failed)) errors"
    }
}
