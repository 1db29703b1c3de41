/// The outcome of one `waterfall check` run: every spec checked, in the order given.
struct CheckResults {
    var checks: [SpecCheck]

    /// How many specs ended with `status`.
    func count(_ status: SpecCheck.Status) -> Int { checks.filter { $0.status == status }.count }

    /// The line that ends the run's output.
    var summary: String {
        "check: \(count(.passed)) unchanged, \(count(.changed)) changed, \(count(.new)) without baseline, "
            + "\(count(.recorded)) recorded, \(count(.failed)) errors"
    }
}
