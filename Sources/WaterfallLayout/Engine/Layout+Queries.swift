extension Layout {
    /// The attributes of one cell, or `nil` when there is no such item.
    public func layoutAttributesForItem(at indexPath: ItemPath) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        guard indexPath.item >= 0, indexPath.item < section.itemCount else { return nil }
        return LayoutAttributes(
            kind: .cell, indexPath: indexPath, frame: present(section.frame(ofItem: indexPath.item)))
    }

    /// The attributes of a section's header or footer, or `nil` when it has none.
    ///
    /// As in UIKit, only `indexPath.section` is read. The header is at its natural place; see
    /// ``layoutAttributesForSupplementaryView(ofKind:at:contentOffset:)`` for a pinned one.
    public func layoutAttributesForSupplementaryView(ofKind kind: SupplementaryKind, at indexPath: ItemPath)
        -> LayoutAttributes?
    {
        layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath, flowOffset: nil)
    }

    /// The attributes of a section's header or footer at a scroll position: a pinned header
    /// where it is when the visible bounds start at `contentOffset` (see
    /// ``layoutAttributesForElements(in:contentOffset:)``; in a right-to-left horizontal feed,
    /// use that method, as the pinned place depends on the visible width).
    public func layoutAttributesForSupplementaryView(
        ofKind kind: SupplementaryKind, at indexPath: ItemPath, contentOffset: Point
    ) -> LayoutAttributes? {
        layoutAttributesForSupplementaryView(
            ofKind: kind, at: indexPath, flowOffset: flowOffset(contentOffset, visibleWidth: 0))
    }

    private func layoutAttributesForSupplementaryView(
        ofKind kind: SupplementaryKind, at indexPath: ItemPath, flowOffset: Double?
    ) -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let section = sections[indexPath.section]
        let frame: Rect? =
            switch kind {
            case .header: section.headerFrame(atOffset: flowOffset)
            case .footer: section.footerFrame
            }
        return frame.map {
            LayoutAttributes(
                kind: kind.elementKind, indexPath: ItemPath(section: indexPath.section, item: 0), frame: present($0))
        }
    }

    /// The attributes of a section's decoration view, or `nil` when it has none.
    ///
    /// As in UIKit, only `indexPath.section` is read.
    public func layoutAttributesForDecorationView(ofKind kind: DecorationKind, at indexPath: ItemPath)
        -> LayoutAttributes?
    {
        guard sections.indices.contains(indexPath.section) else { return nil }
        let frame: Rect? =
            switch kind {
            case .background: sections[indexPath.section].backgroundFrame(width: width)
            }
        return frame.map {
            LayoutAttributes(
                kind: kind.elementKind, indexPath: ItemPath(section: indexPath.section, item: 0), frame: present($0))
        }
    }

    /// Every element, in document order: by section, then header, background, cells by item, footer.
    public func layoutAttributesForAllElements() -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        result.reserveCapacity(sections.reduce(0) { $0 + $1.itemCount + 3 })
        for index in sections.indices {
            appendAll(ofSection: index, to: &result)
        }
        if !presentsFlowSpace {
            for index in result.indices { result[index].frame = present(result[index].frame) }
        }
        return result
    }

    /// The elements `rect` intersects, in document order.
    ///
    /// An element intersects when it overlaps `rect` by a positive amount on both axes; an element
    /// of zero height counts when its `y` lies in `minY..<maxY` (see ``Rect/intersectsElement(_:)``).
    /// Headers are at their natural places.
    public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
        elements(in: rect, flowOffset: nil)
    }

    /// The elements `rect` intersects when the visible bounds start at `contentOffset`, pinned
    /// headers in place, in document order.
    ///
    /// A header whose section pins it (``SectionSettings/pinHeader``) is moved along the scroll
    /// direction to `min(max(offset, natural), sectionEnd - length)`: it stays at the leading edge
    /// of the visible bounds until the end of its section (where its `sectionInset.bottom` ends,
    /// before the footer) pushes it on, as UIKit's `sectionHeadersPinToVisibleBounds`. The offset is
    /// `contentOffset.y` in a vertical feed and `contentOffset.x` in a horizontal one; in a
    /// right-to-left horizontal feed the leading edge is the right one, and the offset is
    /// `contentSize.width - contentOffset.x - rect.width` in the unmirrored layout (`rect` is taken
    /// as the visible bounds' size).
    public func layoutAttributesForElements(in rect: Rect, contentOffset: Point) -> [LayoutAttributes] {
        elements(in: rect, flowOffset: flowOffset(contentOffset, visibleWidth: rect.width))
    }

    /// The elements `rect` intersects, every element when it is `nil`; with `scrollOffset`, when
    /// the visible bounds start there along the scroll axis, pinned headers in place: what
    /// `waterfall layout` prints.
    ///
    /// Scrolled without `rect`, every element is in the content's bounds made a point wider on
    /// each side, so that elements of no size on its edges count too.
    public func layoutAttributesForElements(in rect: Rect?, scrollOffset: Double?) -> [LayoutAttributes] {
        guard let scrollOffset else {
            return rect.map { layoutAttributesForElements(in: $0) } ?? layoutAttributesForAllElements()
        }
        let contentOffset =
            scrollDirection == .horizontal ? Point(x: scrollOffset, y: 0) : Point(x: 0, y: scrollOffset)
        let bounds = rect ?? Rect(x: -1, y: -1, width: contentSize.width + 2, height: contentSize.height + 2)
        return layoutAttributesForElements(in: bounds, contentOffset: contentOffset)
    }

    /// The scroll offset in the flow space.
    private func flowOffset(_ contentOffset: Point, visibleWidth: Double) -> Double {
        switch (scrollDirection, layoutDirection) {
        case (.vertical, _): contentOffset.y
        case (.horizontal, .leftToRight): contentOffset.x
        case (.horizontal, .rightToLeft): contentSize.width - contentOffset.x - visibleWidth
        }
    }

    private func elements(in rect: Rect, flowOffset: Double?) -> [LayoutAttributes] {
        var result: [LayoutAttributes] = []
        guard rect.height > 0, rect.width > 0 else { return result }
        result.reserveCapacity(64)
        if presentsFlowSpace {
            appendFlowElements(in: rect, exact: true, flowOffset: flowOffset, to: &result)
            return result
        }
        // Find candidates in the flow space, then keep exactly those whose handed-out frame touches.
        appendFlowElements(in: flowRect(covering: rect), exact: false, flowOffset: flowOffset, to: &result)
        var kept = 0
        for index in result.indices {
            let frame = present(result[index].frame)
            if rect.intersectsElement(frame) {
                result[kept] = LayoutAttributes(
                    kind: result[index].kind, indexPath: result[index].indexPath, frame: frame)
                kept += 1
            }
        }
        result.removeLast(result.count - kept)
        return result
    }

    /// Appends the flow-space elements `rect` intersects; when not `exact`, every element whose
    /// frame touches `rect` at all, zero-sized ones included.
    private func appendFlowElements(
        in rect: Rect, exact: Bool, flowOffset: Double?, to result: inout [LayoutAttributes]
    ) {
        // Sections are in y order: skip those that end above the rect.
        let slack = 1e-9 * max(1, abs(rect.minY))
        var index = partitionPoint(sections.count) { sections[$0].bottom >= rect.minY - slack }
        while index < sections.count, sections[index].top <= rect.maxY {
            sections[index].appendElements(
                in: rect, section: index, width: width, exact: exact, flowOffset: flowOffset, to: &result)
            index += 1
        }
    }

    private func appendAll(ofSection index: Int, to result: inout [LayoutAttributes]) {
        let section = sections[index]
        if let header = section.headerFrame {
            result.append(LayoutAttributes(kind: .header, indexPath: ItemPath(section: index, item: 0), frame: header))
        }
        if let background = section.backgroundFrame(width: width) {
            result.append(
                LayoutAttributes(kind: .background, indexPath: ItemPath(section: index, item: 0), frame: background))
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
    /// Appends this section's elements that `rect` intersects, in document order; when not
    /// `exact`, every element that touches `rect` (closed on every side), for a later exact test.
    ///
    /// A method on the section, so that the query borrows it where it is stored instead of
    /// copying it (and retaining each of its arrays) for every query.
    func appendElements(
        in rect: Rect, section index: Int, width: Double, exact: Bool, flowOffset: Double?,
        to result: inout [LayoutAttributes]
    ) {
        func touches(_ frame: Rect) -> Bool {
            exact
                ? rect.intersectsElement(frame)
                : frame.minX <= rect.maxX && frame.maxX >= rect.minX && frame.minY <= rect.maxY
                    && frame.maxY >= rect.minY
        }
        if let header = headerFrame(atOffset: flowOffset), touches(header) {
            result.append(LayoutAttributes(kind: .header, indexPath: ItemPath(section: index, item: 0), frame: header))
        }
        if let background = backgroundFrame(width: width), touches(background) {
            result.append(
                LayoutAttributes(kind: .background, indexPath: ItemPath(section: index, item: 0), frame: background))
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
                if extents[item].y > high + slack { break }
                // A spanning cell sits in every column it covers; report it from its first.
                if cellColumns[item].first == column, touches(frame(ofItem: item)) {
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
        if let footer = footerFrame, touches(footer) {
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
