/// Between the flow space sections are laid out in (vertical, left to right: the contract as
/// written) and the frames handed out: a horizontal feed turns every frame (x and y, width and
/// height swapped) and right to left mirrors it (`x' = contentSize.width - x - width`), in that
/// order. Both are exact: a swap moves no bits, and the mirror is one subtraction of each.
extension Layout {
    /// Whether frames are handed out as they are stored.
    var presentsFlowSpace: Bool { scrollDirection == .vertical && layoutDirection == .leftToRight }

    /// A frame of the flow space as it is handed out.
    @inline(__always)
    func present(_ frame: Rect) -> Rect {
        var result = frame
        if scrollDirection == .horizontal {
            result = Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width)
        }
        if layoutDirection == .rightToLeft {
            result.origin.x = contentSize.width - result.minX - result.width
        }
        return result
    }

    /// A rectangle of the flow space that holds every flow frame whose presented frame `rect`
    /// may intersect: the inverse of ``present(_:)``, widened by a hair against rounding.
    func flowRect(covering rect: Rect) -> Rect {
        var result = rect
        if layoutDirection == .rightToLeft {
            result.origin.x = contentSize.width - rect.maxX
        }
        if scrollDirection == .horizontal {
            result = Rect(x: result.minY, y: result.minX, width: result.height, height: result.width)
        }
        let slackX = 1e-9 * max(1, abs(result.minX), abs(result.maxX))
        let slackY = 1e-9 * max(1, abs(result.minY), abs(result.maxY))
        return Rect(
            x: result.minX - slackX, y: result.minY - slackY, width: result.width + 2 * slackX,
            height: result.height + 2 * slackY)
    }

    /// An error of the flow space with the keys this feed's configuration uses.
    func feedError(_ error: LayoutError) -> LayoutError {
        scrollDirection == .horizontal ? error.turned : error
    }

    /// A section as the flow space sees it: in a horizontal feed, its insets turned.
    func flow(_ section: LayoutSection) -> LayoutSection {
        guard scrollDirection == .horizontal else { return section }
        var result = section
        result.settings.sectionInset = section.settings.sectionInset.turned
        result.settings.headerInset = section.settings.headerInset.turned
        result.settings.footerInset = section.settings.footerInset.turned
        result.items = section.items.map(flow)
        return result
    }

    /// An item as the flow space sees it: in a horizontal feed, a size is turned, so that it is
    /// scaled to the row's height.
    func flow(_ item: LayoutItem) -> LayoutItem {
        guard scrollDirection == .horizontal, case .size(let size) = item.sizing else { return item }
        return LayoutItem(sizing: .size(Size(width: size.height, height: size.width)), span: item.span)
    }
}

extension EdgeInsets {
    /// The insets with x and y swapped: top and left, bottom and right trade places.
    var turned: EdgeInsets { EdgeInsets(top: left, left: top, bottom: right, right: bottom) }
}

extension LayoutError {
    /// The error with the keys of a horizontal feed: what the flow space calls a height is a width.
    var turned: LayoutError {
        let swaps = [
            "width": "height", "height": "width", "minimumContentHeight": "minimumContentWidth",
            "size.width": "size.height", "size.height": "size.width", "header.height": "header.width",
            "footer.height": "footer.width",
        ]
        var result = self
        if let swapped = swaps[key] {
            result.key = swapped
        } else if let dot = key.firstIndex(of: "."),
            key.hasSuffix("Inset.top") || key.hasSuffix("Inset.left")
                || key.hasSuffix("Inset.bottom") || key.hasSuffix("Inset.right")
        {
            let sides = ["top": "left", "left": "top", "bottom": "right", "right": "bottom"]
            let side = String(key[key.index(after: dot)...])
            result.key = String(key[..<dot]) + "." + (sides[side] ?? side)
        }
        return result
    }
}
