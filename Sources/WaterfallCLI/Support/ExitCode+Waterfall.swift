import ArgumentParser

extension ExitCode {
    /// A comparison was asked for and the answer is "different" (`diff`, `check`, `merge-reports`).
    static let different = ExitCode(1)

    /// Bad input or arguments, or work that failed; each failure was said on standard error.
    static let badInput = ExitCode(2)
}
