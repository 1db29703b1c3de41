/// Where one element goes, as `UICollectionViewLayoutAttributes`.
public struct LayoutAttributes: Sendable, Hashable {
    /// What the element is: a cell, a header, a footer or a background.
    public var kind: ElementKind
    /// The cell's section and item; for a header or footer, its section and item 0 as in UIKit.
    public var indexPath: ItemPath
    /// Where the element is, in the content's coordinates.
    public var frame: Rect

    /// Creates the attributes of one element.
    public init(kind: ElementKind, indexPath: ItemPath, frame: Rect) {
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
    }
}
