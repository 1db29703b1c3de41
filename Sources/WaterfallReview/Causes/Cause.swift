/// Why a check changed, in the spec's terms: an input value that changed, and what it did.
///
/// `sections[1].columns: 2 → 3` and `20 cards moved into 3 columns`. A check of baselines
/// recorded without their inputs (or whose inputs are all the same) has causes with no input,
/// only the layout's consequence.
public struct Cause: Sendable, Hashable, Codable {
    /// The input value that changed, in one line; `nil` when no input is known to have changed.
    public var input: String?
    /// What it did to the feed, in one sentence; `nil` when that cannot be told (no layout
    /// baseline to compare with).
    public var consequence: String?

    /// Creates a cause.
    public init(input: String?, consequence: String?) {
        self.input = input
        self.consequence = consequence
    }

    /// The cause in one line.
    ///
    /// `sections[1].columns: 2 → 3 — 20 cards moved into 3 columns.`
    public var line: String {
        switch (input, consequence) {
        case (let input?, let consequence?): "\(input) — \(consequence)"
        case (let input?, nil): input
        case (nil, let consequence?): consequence
        case (nil, nil): ""
        }
    }

    /// How many causes a report shows before the rest are folded away.
    public static let shownBeforeFold = 5
}
