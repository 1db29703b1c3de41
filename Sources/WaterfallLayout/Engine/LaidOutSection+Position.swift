extension LaidOutSection {
    /// Puts the section at `top` (after its spacing with the section before) and finds its header,
    /// first row, footer and bottom, in the contract's order of additions.
    mutating func position(at top: Double, width: Double) {
        let width = settings.placement == .gridLanes ? LayoutUnit.floor(width) : width
        self.top = top
        var y = top
        if headerHeight > 0 {
            let inset = settings.headerInset
            let frame = Rect(
                x: inset.left, y: y + inset.top, width: width - inset.left - inset.right, height: headerHeight)
            headerFrame = frame
            y = frame.maxY + inset.bottom
        } else {
            headerFrame = nil
        }
        areaTop = y
        y += settings.sectionInset.top
        itemsTop = y
        y = (extents.isEmpty ? y : y + itemsHeight) + settings.sectionInset.bottom
        areaBottom = y
        if footerHeight > 0 {
            let inset = settings.footerInset
            let frame = Rect(
                x: inset.left, y: y + inset.top, width: width - inset.left - inset.right, height: footerHeight)
            footerFrame = frame
            y = frame.maxY + inset.bottom
        } else {
            footerFrame = nil
        }
        bottom = y
    }

    /// The background's frame, when the section has one: `(0, areaTop, width, areaBottom - areaTop)`.
    func backgroundFrame(width: Double) -> Rect? {
        guard hasBackground else { return nil }
        let width = settings.placement == .gridLanes ? LayoutUnit.floor(width) : width
        return Rect(x: 0, y: areaTop, width: width, height: areaBottom - areaTop)
    }

    /// The header's frame with the header pinned at scroll offset `offset`, when it pins;
    /// otherwise its natural frame.
    func headerFrame(atOffset offset: Double?) -> Rect? {
        guard var frame = headerFrame else { return nil }
        if let offset, settings.pinHeader {
            frame.origin.y = min(max(offset, frame.minY), areaBottom - frame.height)
        }
        return frame
    }

    /// The absolute frame of a cell.
    func frame(ofItem item: Int) -> Rect {
        let extent = extents[item]
        let columns = cellColumns[item]
        return Rect(
            x: columnX[Int(columns.first)], y: itemsTop + extent.y,
            width: width(first: Int(columns.first), span: Int(columns.span)),
            height: extent.height)
    }
}
