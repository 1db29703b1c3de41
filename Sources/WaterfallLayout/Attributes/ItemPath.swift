/// A section and an item index, as UIKit's `IndexPath` for collection views.
public struct ItemPath: Sendable, Hashable, Comparable {
    /// The section's index.
    public var section: Int
    /// The item's index within its section.
    public var item: Int

    /// Creates a path to an item of a section.
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Orders paths by section, then by item.
    public static func < (lhs: ItemPath, rhs: ItemPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }
}
