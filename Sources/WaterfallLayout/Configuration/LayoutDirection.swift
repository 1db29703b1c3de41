/// Which way a layout reads: left to right, or mirrored for right-to-left languages.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    /// Frames as the contract computes them.
    case leftToRight
    /// Every frame mirrored: `x' = contentSize.width - x - width`.
    case rightToLeft
}
