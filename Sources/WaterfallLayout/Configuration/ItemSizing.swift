/// How an item's height is found once its width is known.
public enum ItemSizing: Sendable, Hashable {
    /// A height in points, whatever the width.
    case height(Double)
    /// A natural size (an image's, say) scaled so that its width is the item's width.
    case size(Size)
}
