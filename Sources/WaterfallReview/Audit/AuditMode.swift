/// What `waterfall check --audit` does with the accessibility audit's findings.
///
/// Each picture's findings are recorded beside its baselines (`NAME.findings.json`) by
/// `check --record`; a finding not recorded there is new.
public enum AuditMode: String, CaseIterable, Sendable {
    /// No audit: no findings are looked for, shown or recorded.
    case off
    /// Findings are shown and recorded, and a new one is printed but does not fail the check.
    case warn
    /// A new finding fails the check, as a changed pixel does.
    case fail
}
