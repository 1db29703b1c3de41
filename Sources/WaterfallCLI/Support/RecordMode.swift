import ArgumentParser

/// Which baselines `waterfall check --record` writes.
///
/// Given as `--record` (which means `changed`) or `--record=MODE`; swift-argument-parser's
/// `@Option(defaultAsFlag:)` reads both forms.
enum RecordMode: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Only baselines that do not exist; a changed baseline is still a failure.
    case missing
    /// Missing and changed baselines; an unchanged baseline is left as it is.
    case changed
    /// Every baseline of every spec that rendered, changed or not.
    case all
}
