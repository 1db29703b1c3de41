import WaterfallReview

extension CheckReport {
    /// The template context of a check's causes: the first ``Cause/shownBeforeFold`` shown, the
    /// rest under a fold; `nil` when it has none.
    package static func causes(of check: SpecCheck) -> [String: Any]? {
        guard !check.causes.isEmpty else { return nil }
        func entry(_ cause: Cause) -> [String: Any] {
            var entry: [String: Any] = [:]
            if let input = cause.input { entry["input"] = input }
            if let consequence = cause.consequence { entry["consequence"] = consequence }
            return entry
        }
        let shown = check.causes.prefix(Cause.shownBeforeFold).map(entry)
        let folded = check.causes.dropFirst(Cause.shownBeforeFold).map(entry)
        return [
            "shown": Array(shown), "folded": Array(folded), "hasFolded": !folded.isEmpty,
            "foldedSummary": folded.count == 1 ? "1 more cause" : "\(folded.count) more causes",
            "foldStart": Cause.shownBeforeFold + 1,
        ]
    }
}
