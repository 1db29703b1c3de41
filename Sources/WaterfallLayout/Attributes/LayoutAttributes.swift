/// Where one element goes, as `UICollectionViewLayoutAttributes`.
public struct LayoutAttributes: Sendable, Hashable {
    public var kind: ElementKind
    /// The cell's section and item; for a header or footer, its section and item 0 as in UIKit.
    public var indexPath: ItemPath
    public var frame: Rect

    public init(kind: ElementKind, indexPath: ItemPath, frame: Rect) {
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
    }
}
