/// Carries a non-Sendable value (an unsafe pointer) into a concurrent closure; callers keep accesses disjoint.
struct SendableBox<Value>: @unchecked Sendable {
    /// The wrapped value.
    let value: Value
}
