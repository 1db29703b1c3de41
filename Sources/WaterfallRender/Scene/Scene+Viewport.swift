import WaterfallCore
import WaterfallLayout

extension Scene {
    /// One screen of this scene: what a device `length` points long along the scroll axis shows
    /// when scrolled to `offset`, pinned headers where they are at that offset.
    ///
    /// The screen is the scene's width by `length` (in a horizontal feed, `length` by the scene's
    /// height). It holds the elements `layout.layoutAttributesForElements(in:contentOffset:)`
    /// answers for the visible bounds, translated by `-offset` along the scroll axis, a pinned
    /// header moved as far as the layout moved it. Elements keep their document order, except
    /// that the headers of the sections `pinsHeader` names are drawn last, above the cells, as
    /// UIKit draws pinned headers. Every renderer draws the screen as it draws a whole scene.
    ///
    /// - Parameters:
    ///   - layout: The layout this scene was built from: its elements are this scene's, in order.
    ///   - offset: The content offset along the scroll axis (`y`, or `x` in a horizontal feed).
    ///     It is used as given; `Screens` (in `WaterfallPipeline`) clamps it as UIKit would.
    ///   - length: The visible extent along the scroll axis, > 0.
    ///   - pinsHeader: Whether a section pins its header (`SectionSettings.pinHeader`).
    public func screen(
        of layout: Layout, offset: Double, length: Double, pinsHeader: (Int) -> Bool
    ) -> Scene {
        let horizontal = layout.scrollDirection == .horizontal
        let visible =
            horizontal
            ? Rect(x: offset, y: 0, width: length, height: size.height)
            : Rect(x: 0, y: offset, width: size.width, height: length)
        let contentOffset = horizontal ? Point(x: offset, y: 0) : Point(x: 0, y: offset)
        let shift = horizontal ? Point(x: -offset, y: 0) : Point(x: 0, y: -offset)
        var below: [SceneElement] = []
        var above: [SceneElement] = []
        for attributes in layout.layoutAttributesForElements(in: visible, contentOffset: contentOffset) {
            guard let index = elementIndex(of: attributes) else { continue }
            var element = elements[index]
            var move = shift
            if attributes.kind == .header,
                let natural = layout.layoutAttributesForSupplementaryView(
                    ofKind: .header, at: attributes.indexPath)
            {
                move.x += attributes.frame.minX - natural.frame.minX
                move.y += attributes.frame.minY - natural.frame.minY
            }
            element.translate(by: move)
            if attributes.kind == .header, pinsHeader(attributes.indexPath.section) {
                above.append(element)
            } else {
                below.append(element)
            }
        }
        let screenSize =
            horizontal ? Size(width: length, height: size.height) : Size(width: size.width, height: length)
        let screen = Scene(size: screenSize, background: background, scale: scale, elements: below + above)
        // A snapped scene moved by a fractional offset is snapped again; each element's exact
        // frame (moved with it) stays what the layout JSON reports.
        return isSnappedToDevicePixels ? screen.snappedToDevicePixels() : screen
    }

    /// The index of the element `attributes` describes, found by binary search: elements are in
    /// document order (by section, then header, background, cells by item, footer).
    func elementIndex(of attributes: LayoutAttributes) -> Int? {
        let key = Self.order(attributes.kind, section: attributes.indexPath.section, item: attributes.indexPath.item)
        var low = 0
        var high = elements.count
        while low < high {
            let middle = (low + high) / 2
            let element = elements[middle]
            if Self.order(element.kind, section: element.section, item: element.item ?? 0) < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < elements.count else { return nil }
        let found = elements[low]
        let same =
            found.kind == attributes.kind && found.section == attributes.indexPath.section
            && (found.kind != .cell || found.item == attributes.indexPath.item)
        return same ? low : nil
    }

    /// An element's place in document order, as a comparable key.
    private static func order(_ kind: ElementKind, section: Int, item: Int) -> (Int, Int, Int) {
        switch kind {
        case .header: (section, 0, 0)
        case .background: (section, 1, 0)
        case .cell: (section, 2, item)
        case .footer: (section, 3, 0)
        }
    }
}

extension SceneElement {
    /// Moves the element and everything it draws (its image area, scrims and text) by `delta`.
    mutating func translate(by delta: Point) {
        frame.origin.x += delta.x
        frame.origin.y += delta.y
        if var exact = layoutFrame {
            exact.origin.x += delta.x
            exact.origin.y += delta.y
            layoutFrame = exact
        }
        if var area = imageFrame {
            area.origin.x += delta.x
            area.origin.y += delta.y
            imageFrame = area
        }
        for index in scrims.indices {
            scrims[index].frame.origin.x += delta.x
            scrims[index].frame.origin.y += delta.y
        }
        for index in texts.indices {
            texts[index].frame.origin.x += delta.x
            texts[index].frame.origin.y += delta.y
        }
    }
}
