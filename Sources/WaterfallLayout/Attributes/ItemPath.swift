/// A section and an item index, as UIKit's `IndexPath` for collection views.
public struct ItemPath: Sendable, Hashable, Comparable {
    public var section: Int
    public var item: Int

    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}
