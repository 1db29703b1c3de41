/// One cell's input: how tall it is and how many columns it spans.
public struct LayoutItem: Sendable, Hashable {
    /// How the item's height is found from its width.
    public var sizing: ItemSizing
    /// How many columns the item covers.
    public var span: ItemSpan

    /// Creates an item; it spans one column unless told otherwise.
    public init(sizing: ItemSizing, span: ItemSpan = .single) {
        self.sizing = sizing
        self.span = span
    }

    /// An item of a fixed height.
    public static func height(_ height: Double, span: ItemSpan = .single) -> LayoutItem {
        LayoutItem(sizing: .height(height), span: span)
    }

    /// An item whose natural size is scaled to its width.
    public static func size(width: Double, height: Double, span: ItemSpan = .single) -> LayoutItem {
        LayoutItem(sizing: .size(Size(width: width, height: height)), span: span)
    }
}
