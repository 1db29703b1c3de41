extension Layout {
    /// The attributes of one cell, or `nil` when there is no such item.
    public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        return LayoutAttributes(kind: .cell, indexPath: indexPath, frame: section.frame(ofItem: indexPath.item))
    }

    /// The attributes of a section's header or footer, or `nil` when it has none.
    ///
    /// As in UIKit, only `indexPath.section` is read.
    public func layoutAttributesForSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ItemPath)
        -> LayoutAttributes?
    {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        let frame: Rect? =
            switch kind {
            case .header: section.headerFrame
            case .footer: section.footerFrame
            }
        return frame.map {
            LayoutAttributes(
                kind: kind.elementKind, indexPath: ItemPath(section: indexPath.section, item: 0), frame: $0)
        }
    }

    /// Every element, in document order: by section, then header, cells by item, footer.
    public func layoutAttributesForAllElements() -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        result.reserveCapacity(sections.reduce(0) { $0 + $1.itemCount + 2 })
        for index in sections.indices {
            appendAll(ofSection: index, to: &result)
        }
        return result
    }

    /// The elements `rect` intersects, in document order.
    ///
    /// An element intersects when it overlaps `rect` by a positive amount on both axes; an element
    /// of zero height counts when its `y` lies in `minY..<maxY` (see ``Rect/intersectsElement(_:)``).
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        guard rect.height > 0, rect.width > 0 else { return result }
        result.reserveCapacity(64)
        // Sections are in y order: skip those that end above the rect.
        let slack = 1e-9 * max(1, abs(rect.minY))
        var index = partitionPoint(sections.count) { sections[$0].bottom >= rect.minY - slack }
        while index < sections.count, sections[index].top < rect.maxY {
            sections[index].appendElements(in: rect, section: index, to: &result)
            index += 1
        }
        return result
    }

    private func appendAll(ofSection index: Int, to result: inout [LayoutAttributes]) {
        let section = sections[index]
        if let header = section.headerFrame {
            result.append(LayoutAttributes(kind: .header, indexPath: ItemPath(section: index, item: 0), frame: header))
        }
        for item in 0..<section.itemCount {
            result.append(
                LayoutAttributes(
                    kind: .cell, indexPath: ItemPath(section: index, item: item), frame: section.frame(ofItem: item)))
        }
        if let footer = section.footerFrame {
            result.append(LayoutAttributes(kind: .footer, indexPath: ItemPath(section: index, item: 0), frame: footer))
        }
    }
}

extension LaidOutSection {
    /// Appends this section's elements that `rect` intersects, in document order.
    ///
    /// A method on the section, so that the query borrows it where it is stored instead of
    /// copying it (and retaining each of its arrays) for every query.
    func appendElements(in rect: Rect, section index: Int, to result: inout [LayoutAttributes]) {
        if let header = headerFrame, rect.intersectsElement(header) {
            result.append(LayoutAttributes(kind: .header, indexPath: ItemPath(section: index, item: 0), frame: header))
        }
        var found: [Int32] = []
        found.reserveCapacity(64)
        // Cell y values are relative to the first row; widen the window by a hair so that rounding
        // in the subtraction can only add candidates, which the exact test below then drops.
        let low = rect.minY - itemsTop
        let high = rect.maxY - itemsTop
        let slack = 1e-9 * max(1, abs(low), abs(high))
        for column in columnItems.indices {
            let items = columnItems[column]
            // Within a column both tops and bottoms only grow, so the candidates are one run.
            var position = partitionPoint(items.count) { extents[Int(items[$0])].maxY >= low - slack }
            while position < items.count {
                let item = Int(items[position])
                if extents[item].y >= high + slack { break }
                // A spanning cell sits in every column it covers; report it from its first.
                if cellColumns[item].first == column, rect.intersectsElement(frame(ofItem: item)) {
                    found.append(items[position])
                }
                position += 1
            }
        }
        found.sort()
        for item in found {
            let item = Int(item)
            result.append(
                LayoutAttributes(
                    kind: .cell, indexPath: ItemPath(section: index, item: item), frame: frame(ofItem: item)))
        }
        if let footer = footerFrame, rect.intersectsElement(footer) {
            result.append(LayoutAttributes(kind: .footer, indexPath: ItemPath(section: index, item: 0), frame: footer))
        }
    }
}

/// The first index in `0..<count` for which `predicate` holds, given that it holds for a suffix.
@inline(__always)
func partitionPoint(_ count: Int, _ predicate: (Int) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
        let middle = low + (high - low) / 2
        if predicate(middle) { high = middle } else { low = middle + 1 }
    }
    return low
}
