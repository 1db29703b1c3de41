/// An iOS text style that follows Dynamic Type (`UIFont.TextStyle`): a role that names one
/// (`title: {textStyle: headline}`) is drawn at the style's size in the spec's content size category.
///
/// The sizes are Apple's published table for iOS and iPadOS (Human Interface Guidelines,
/// Typography, Dynamic Type sizes:
/// <https://developer.apple.com/design/human-interface-guidelines/typography#iOS-iPadOS-Dynamic-Type-sizes>),
/// in points; the raw values are the names a spec spells.
public enum DynamicTypeStyle: String, Sendable, Hashable, CaseIterable {
    /// The large title of a navigation bar: 34 points at `large`.
    case largeTitle
    /// The first-level title: 28 points at `large`.
    case title1
    /// The second-level title: 22 points at `large`.
    case title2
    /// The third-level title: 20 points at `large`.
    case title3
    /// A heading, semibold in iOS: 17 points at `large`.
    case headline
    /// Body text: 17 points at `large`.
    case body
    /// A callout: 16 points at `large`.
    case callout
    /// A subheading: 15 points at `large`.
    case subheadline
    /// A footnote: 13 points at `large`.
    case footnote
    /// The first caption style: 12 points at `large`.
    case caption1
    /// The second caption style: 11 points at `large`.
    case caption2

    /// The style's size at `category`, in points.
    ///
    /// - Parameter category: The content size category the text is drawn at.
    public func size(at category: ContentSizeCategory) -> Double {
        Self.sizes[category]![Self.allCases.firstIndex(of: self)!]
    }

    /// `size` as `UIFontMetrics(forTextStyle:)` scales a custom font of that size: by this
    /// style's size at `category` over its size at `large`.
    ///
    /// At `large` it is `size` itself, so a spec drawn at the default size is drawn as before.
    ///
    /// - Parameters:
    ///   - size: The font size at `large`, in points.
    ///   - category: The content size category the text is drawn at.
    public func scaled(_ size: Double, at category: ContentSizeCategory) -> Double {
        guard category != .large else { return size }
        return size * (self.size(at: category) / self.size(at: .large))
    }

    /// Apple's table: for each category, the sizes of the styles in their declared order
    /// (largeTitle, title1, title2, title3, headline, body, callout, subheadline, footnote,
    /// caption1, caption2).
    private static let sizes: [ContentSizeCategory: [Double]] = [
        .xSmall: [31, 25, 19, 17, 14, 14, 13, 12, 12, 11, 11],
        .small: [32, 26, 20, 18, 15, 15, 14, 13, 12, 11, 11],
        .medium: [33, 27, 21, 19, 16, 16, 15, 14, 12, 11, 11],
        .large: [34, 28, 22, 20, 17, 17, 16, 15, 13, 12, 11],
        .xLarge: [36, 30, 24, 22, 19, 19, 18, 17, 15, 14, 13],
        .xxLarge: [38, 32, 26, 24, 21, 21, 20, 19, 17, 16, 15],
        .xxxLarge: [40, 34, 28, 26, 23, 23, 22, 21, 19, 18, 17],
        .accessibility1: [44, 38, 34, 31, 28, 28, 26, 25, 23, 22, 20],
        .accessibility2: [48, 43, 39, 37, 33, 33, 32, 30, 27, 26, 24],
        .accessibility3: [52, 48, 44, 43, 40, 40, 38, 36, 33, 32, 29],
        .accessibility4: [56, 53, 50, 49, 47, 47, 44, 42, 38, 37, 34],
        .accessibility5: [60, 58, 56, 55, 53, 53, 51, 49, 44, 43, 40],
    ]
}
