/// Which reading of WCAG's "large text" decides whether a text needs 3:1 or 4.5:1.
///
/// WCAG 2.2 calls text large from 18 point, or 14 point in bold. What a point is depends on who
/// reads it:
/// - ``ios``: a point is an iOS point, so large is 18 pt and up, or 14 pt and up in bold, in the
///   scene's points. This is how Apple's Accessibility Inspector and most iOS guidance read it,
///   and the audit's default: the feed is an iOS screen measured in points.
/// - ``wcag``: a point is a typographic point, 1/72 inch, and a CSS pixel 1/96 inch, so large is
///   24 CSS px and up, or 18.66 px and up in bold, with a scene point taken as a CSS pixel (as the
///   HTML output draws it). Sizes are converted as axe-core converts them, points being
///   `⌈px × 72⌉ / 96`, so that the audit and axe-core agree on every size.
public enum LargeTextRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Large from 18 pt, or 14 pt bold, in iOS points.
    case ios
    /// Large from 24 CSS px, or 18.66 px bold: WCAG's 18 and 14 points at 96 pixels an inch.
    case wcag

    /// Whether a text of `fontSize` (in scene points) is large text under this reading.
    ///
    /// - Parameters:
    ///   - fontSize: The text's size, in points (CSS pixels for ``wcag``).
    ///   - bold: Whether the text is bold.
    public func isLarge(fontSize: Double, bold: Bool) -> Bool {
        switch self {
        case .ios:
            return fontSize >= 18 || (bold && fontSize >= 14)
        case .wcag:
            // axe-core's conversion: whole 1/96ths of a point, rounded up.
            let points = (fontSize * 72).rounded(.up) / 96
            return points >= 18 || (bold && points >= 14)
        }
    }

    /// The unit a text's size is named in under this reading: `pt` or `px`.
    public var unit: String {
        switch self {
        case .ios: "pt"
        case .wcag: "px"
        }
    }

    /// The reading in a few words, for a finding's message: `18 pt, or 14 pt bold`.
    var threshold: String {
        switch self {
        case .ios: "18 pt, or 14 pt bold"
        case .wcag: "24 px, or 18.66 px bold"
        }
    }
}
