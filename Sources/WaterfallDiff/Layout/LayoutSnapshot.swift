import WaterfallLayout

/// Everything a layout placed: what a layout diff compares.
public struct LayoutSnapshot: Sendable, Hashable {
    /// The layout's content size.
    public var contentSize: Size
    /// Elements in document order.
    public var elements: [LayoutAttributes]

    /// Creates a snapshot from a content size and elements.
    public init(contentSize: Size, elements: [LayoutAttributes]) {
        self.contentSize = contentSize
        self.elements = elements
    }

    /// Every element of `layout`.
    public init(_ layout: Layout) {
        self.init(contentSize: layout.contentSize, elements: layout.layoutAttributesForAllElements())
    }
}
