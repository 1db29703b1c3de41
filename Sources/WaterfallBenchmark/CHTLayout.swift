import WaterfallLayout

/// The reference peer: CHTCollectionViewWaterfallLayout's approach, ported plainly.
///
/// `prepare` recomputes every frame, finding the shortest column by a linear scan and keeping one
/// attributes object per element; queries scan 20-item union rectangles from both ends, then the
/// attributes between them. Any edit means a full `prepare` again.
final class CHTLayout {
    final class Attributes {
        let kind: ElementKind
        let indexPath: ItemPath
        let frame: Rect

        init(kind: ElementKind, indexPath: ItemPath, frame: Rect) {
            self.kind = kind
            self.indexPath = indexPath
            self.frame = frame
        }
    }

    static let unionSize = 20
    let configuration: LayoutConfiguration
    private(set) var allAttributes: [Attributes] = []
    private(set) var unionRects: [Rect] = []
    private(set) var contentHeight = 0.0

    init(_ configuration: LayoutConfiguration) {
        self.configuration = configuration
        prepare()
    }

    func prepare() {
        allAttributes = []
        unionRects = []
        let width = configuration.width
        var top = 0.0
        for (s, section) in configuration.sections.enumerated() {
            let settings = section.settings
            if s > 0 { top += settings.spacingWithLastSection }
            if section.headerHeight > 0 {
                let inset = settings.headerInset
                let frame = Rect(
                    x: inset.left, y: top + inset.top, width: width - inset.left - inset.right,
                    height: section.headerHeight)
                allAttributes.append(Attributes(kind: .header, indexPath: ItemPath(section: s, item: 0), frame: frame))
                top = frame.maxY + inset.bottom
            }
            let inset = settings.sectionInset
            top += inset.top
            let columns = settings.columns
            let spacing = settings.interitemSpacing
            let columnWidth = (width - inset.left - inset.right - Double(columns - 1) * spacing) / Double(columns)
            var heights = [Double](repeating: top, count: columns)
            var hasItem = [Bool](repeating: false, count: columns)
            for (i, item) in section.items.enumerated() {
                var span = 1
                if case .columns(let count) = item.span { span = count }
                if case .full = item.span { span = columns }
                let itemWidth =
                    span == columns
                    ? width - inset.left - inset.right : Double(span) * columnWidth + Double(span - 1) * spacing
                let height: Double
                switch item.sizing {
                case .height(let value): height = value
                case .size(let size): height = itemWidth * size.height / size.width
                }
                // Linear scans over every column and every window.
                var best = 0
                var bestTop = Double.infinity
                for start in 0...(columns - span) {
                    var windowTop = -Double.infinity
                    for column in start..<(start + span) {
                        windowTop = max(windowTop, heights[column] + (hasItem[column] ? settings.lineSpacing : 0))
                    }
                    if windowTop < bestTop {
                        bestTop = windowTop
                        best = start
                    }
                }
                let frame = Rect(
                    x: inset.left + Double(best) * (columnWidth + spacing), y: bestTop, width: itemWidth, height: height
                )
                allAttributes.append(Attributes(kind: .cell, indexPath: ItemPath(section: s, item: i), frame: frame))
                for column in best..<(best + span) {
                    heights[column] = frame.maxY
                    hasItem[column] = true
                }
            }
            top = heights.max()! + inset.bottom
            if section.footerHeight > 0 {
                let inset = settings.footerInset
                let frame = Rect(
                    x: inset.left, y: top + inset.top, width: width - inset.left - inset.right,
                    height: section.footerHeight)
                allAttributes.append(Attributes(kind: .footer, indexPath: ItemPath(section: s, item: 0), frame: frame))
                top = frame.maxY + inset.bottom
            }
        }
        contentHeight = max(top, configuration.minimumContentHeight)
        var index = 0
        while index < allAttributes.count {
            let end = min(index + Self.unionSize, allAttributes.count)
            var union = allAttributes[index].frame
            for other in allAttributes[(index + 1)..<end] { union = union.union(other.frame) }
            unionRects.append(union)
            index = end
        }
    }

    func layoutAttributesForElements(in rect: Rect) -> [Attributes] {
        var begin = 0
        var end = unionRects.count
        for i in 0..<unionRects.count where rect.intersects(unionRects[i]) {
            begin = i * Self.unionSize
            break
        }
        for i in stride(from: unionRects.count - 1, through: 0, by: -1) where rect.intersects(unionRects[i]) {
            end = min((i + 1) * Self.unionSize, allAttributes.count)
            break
        }
        var result: [Attributes] = []
        for i in begin..<min(end, allAttributes.count) where rect.intersects(allAttributes[i].frame) {
            result.append(allAttributes[i])
        }
        return result
    }
}

extension Rect {
    func union(_ other: Rect) -> Rect {
        let x = min(minX, other.minX)
        let y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }

    func intersects(_ other: Rect) -> Bool {
        other.minX < maxX && other.maxX > minX && other.minY < maxY && other.maxY > minY
    }
}
