/// Which baselines `waterfall check --record` writes.
///
/// `check` takes it as `--record` (which means `changed`) or `--record=MODE`.
public enum RecordMode: String, CaseIterable, Sendable {
    /// Only baselines that do not exist; a changed baseline is still a failure.
    case missing
    /// Missing and changed baselines; an unchanged baseline is left as it is.
    case changed
    /// Every baseline of every spec that rendered, changed or not.
    case all
}
