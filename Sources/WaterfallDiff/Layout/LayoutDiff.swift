import WaterfallCore
import WaterfallLayout

/// Element by element, what changed between two layouts: the review a designer wants.
public struct LayoutDiff: Sendable, Hashable {
    /// The old layout's content size.
    public var oldContentSize: Size
    /// The new layout's content size.
    public var newContentSize: Size
    /// Changes in document order of the new layout, then elements that disappeared.
    public var changes: [LayoutChange]
    /// How many elements kept their frames.
    public var unchanged: Int

    /// Compares `old` with `new`, matching elements by kind, section and item.
    ///
    /// - Parameters:
    ///   - old: The layout before the change.
    ///   - new: The layout after it.
    ///   - tolerance: Frames closer than this (in points, on every edge) count as equal.
    public init(old: LayoutSnapshot, new: LayoutSnapshot, tolerance: Double = 1e-9) {
        struct Key: Hashable {
            var kind: ElementKind
            var path: ItemPath
        }
        var oldFrames: [Key: Rect] = [:]
        for element in old.elements { oldFrames[Key(kind: element.kind, path: element.indexPath)] = element.frame }
        var changes: [LayoutChange] = []
        var unchanged = 0
        var seen = Set<Key>()
        for element in new.elements {
            let key = Key(kind: element.kind, path: element.indexPath)
            seen.insert(key)
            guard let before = oldFrames[key] else {
                changes.append(
                    LayoutChange(
                        kind: .appeared, element: element.kind, indexPath: element.indexPath, old: nil,
                        new: element.frame))
                continue
            }
            let after = element.frame
            let moved = abs(before.minX - after.minX) > tolerance || abs(before.minY - after.minY) > tolerance
            let resized = abs(before.width - after.width) > tolerance || abs(before.height - after.height) > tolerance
            let kind: LayoutChange.Kind? =
                switch (moved, resized) {
                case (true, true): .movedAndResized
                case (true, false): .moved
                case (false, true): .resized
                case (false, false): nil
                }
            if let kind {
                changes.append(
                    LayoutChange(
                        kind: kind, element: element.kind, indexPath: element.indexPath, old: before, new: after))
            } else {
                unchanged += 1
            }
        }
        for element in old.elements where !seen.contains(Key(kind: element.kind, path: element.indexPath)) {
            changes.append(
                LayoutChange(
                    kind: .disappeared, element: element.kind, indexPath: element.indexPath, old: element.frame,
                    new: nil))
        }
        self.oldContentSize = old.contentSize
        self.newContentSize = new.contentSize
        self.changes = changes
        self.unchanged = unchanged
    }

    /// Whether anything changed, the content size included.
    public var isDifferent: Bool { !changes.isEmpty || oldContentSize != newContentSize }

    /// How many changes are of `kind`.
    public func count(_ kind: LayoutChange.Kind) -> Int { changes.filter { $0.kind == kind }.count }

    /// The change that travelled farthest.
    public var largestShift: LayoutChange? {
        changes.filter { $0.old != nil && $0.new != nil }.max { $0.shift < $1.shift }
    }

    /// One line for a person: how many elements moved, resized, appeared and disappeared (the
    /// kinds that happened), the largest shift and the content size, in points to 0.1.
    ///
    /// `14 moved, 4 moved and resized, 3 unchanged; largest shift 240.7 pt (section 1 item 2);
    /// content 375 × 1139 → 375 × 1039 pt`.
    public var summary: String {
        let n = ShortestNumber.readable
        guard isDifferent else { return "layouts are the same (\(unchanged) elements)" }
        let counts: [(Int, String)] = [
            (count(.moved), "moved"), (count(.resized), "resized"), (count(.movedAndResized), "moved and resized"),
            (count(.appeared), "appeared"), (count(.disappeared), "disappeared"), (unchanged, "unchanged"),
        ]
        var text = counts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        if let largest = largestShift, largest.shift > 0 {
            text += "; largest shift \(n(largest.shift)) pt (\(largest.name))"
        }
        if oldContentSize != newContentSize {
            text +=
                "; content \(n(oldContentSize.width)) × \(n(oldContentSize.height)) → "
                + "\(n(newContentSize.width)) × \(n(newContentSize.height)) pt"
        }
        return text
    }

    /// The report as text: one line a change, then the summary.
    public var text: String {
        TextLines.joined(changes.map(\.description) + [summary])
    }

    /// The report as JSON, with the exact frames, keys sorted, ending in a newline.
    public var json: String {
        // Counts, flags and finite sizes: nothing here fails to encode.
        JSONOutput.text(self, or: "{}") + "\n"
    }
}

extension LayoutDiff: Encodable {
    private enum Key: String, CodingKey {
        case different, oldContentSize, newContentSize, summary, changes
    }

    /// How many elements changed in each way, as the JSON gives them, and the largest shift
    /// (left out when `nil`).
    package struct Counts: Encodable {
        var moved, resized, movedAndResized, appeared, disappeared, unchanged: Int
        var largestShift: Double?
    }

    /// How many elements changed in each way; `withLargestShift` adds the largest shift (0 when
    /// nothing moved).
    package func counts(withLargestShift: Bool) -> Counts {
        Counts(
            moved: count(.moved), resized: count(.resized), movedAndResized: count(.movedAndResized),
            appeared: count(.appeared), disappeared: count(.disappeared), unchanged: unchanged,
            largestShift: withLargestShift ? largestShift?.shift ?? 0 : nil)
    }

    private struct Extent: Encodable {
        var width: Double
        var height: Double

        init(_ size: Size) { (width, height) = (size.width, size.height) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(isDifferent, forKey: .different)
        try container.encode(Extent(oldContentSize), forKey: .oldContentSize)
        try container.encode(Extent(newContentSize), forKey: .newContentSize)
        try container.encode(counts(withLargestShift: true), forKey: .summary)
        try container.encode(changes, forKey: .changes)
    }
}
