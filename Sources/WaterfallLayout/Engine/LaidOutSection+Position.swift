extension LaidOutSection {
    /// Puts the section at `top` (after its spacing with the section before) and finds its header,
    /// first row, footer and bottom, in the contract's order of additions.
    mutating func position(at top: Double, width: Double) {
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
        y += settings.sectionInset.top
        itemsTop = y
        y = (extents.isEmpty ? y : y + itemsHeight) + settings.sectionInset.bottom
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

    /// The absolute frame of a cell.
    func frame(ofItem item: Int) -> Rect {
        let extent = extents[item]
        let columns = cellColumns[item]
        return Rect(
            x: columnX[Int(columns.first)], y: itemsTop + extent.y, width: width(ofSpan: Int(columns.span)),
            height: extent.height)
    }
}
