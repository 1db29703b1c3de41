import WaterfallCore
import WaterfallLayout

/// What happened to one element between two layouts.
public struct LayoutChange: Sendable, Hashable, CustomStringConvertible {
    /// How an element changed.
    public enum Kind: String, Sendable, Hashable {
        /// In the new layout only.
        case appeared
        /// In the old layout only.
        case disappeared
        /// At another place, the same size.
        case moved
        /// At the same place, another size.
        case resized
        /// Moved and resized at once.
        case movedAndResized
    }

    /// How the element changed.
    public var kind: Kind
    /// What the element is.
    public var element: ElementKind
    /// The element's section and item.
    public var indexPath: ItemPath
    /// The frame in the old layout; `nil` for an element that appeared.
    public var old: Rect?
    /// The frame in the new layout; `nil` for an element that disappeared.
    public var new: Rect?

    /// Creates a change: how `element` at `indexPath` went from the frame `old` to `new`.
    public init(kind: Kind, element: ElementKind, indexPath: ItemPath, old: Rect?, new: Rect?) {
        self.kind = kind
        self.element = element
        self.indexPath = indexPath
        self.old = old
        self.new = new
    }

    /// The largest distance any edge travelled, in points; 0 for elements that came or went.
    public var shift: Double {
        guard let old, let new else { return 0 }
        return max(
            abs(new.minX - old.minX), abs(new.minY - old.minY), abs(new.maxX - old.maxX), abs(new.maxY - old.maxY))
    }

    /// `section 2 item 7` or `section 0 header`.
    public var name: String {
        element == .cell
            ? "section \(indexPath.section) item \(indexPath.item)"
            : "section \(indexPath.section) \(element.rawValue)"
    }

    /// `section 2 item 7: (12, 340, 170.3, 220) → (12, 352, 170.3, 220)`: for a person, in points
    /// to 0.1 (``LayoutDiff/json`` keeps the exact frames).
    public var description: String {
        switch (old, new) {
        case (let old?, let new?): "\(name): \(Self.text(old)) → \(Self.text(new))"
        case (nil, let new?): "\(name): appeared at \(Self.text(new))"
        case (let old?, nil): "\(name): disappeared from \(Self.text(old))"
        case (nil, nil): name
        }
    }

    static func text(_ rect: Rect) -> String {
        let n = ShortestNumber.readable
        return "(\(n(rect.minX)), \(n(rect.minY)), \(n(rect.width)), \(n(rect.height)))"
    }
}

extension LayoutChange: Encodable {
    private enum Key: String, CodingKey {
        case change, kind, section, item, old, new, shift
    }

    /// A frame as the JSON gives it: its origin and size, exact.
    private struct Frame: Encodable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        init(_ rect: Rect) {
            (x, y, width, height) = (rect.minX, rect.minY, rect.width, rect.height)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(kind.rawValue, forKey: .change)
        try container.encode(element.rawValue, forKey: .kind)
        try container.encode(indexPath.section, forKey: .section)
        if element == .cell { try container.encode(indexPath.item, forKey: .item) }
        // An element that came or went has `null` there, not a missing key.
        try container.encode(old.map(Frame.init), forKey: .old)
        try container.encode(new.map(Frame.init), forKey: .new)
        try container.encode(shift, forKey: .shift)
    }
}
