import WaterfallLayout

/// The layout contract transcribed line by line, in absolute coordinates and with no index: the
/// brute-force twin the engine is checked against.
public enum ContractReference {
    public struct Element: Equatable, Sendable {
        public var kind: ElementKind
        public var section: Int
        public var item: Int?
        public var frame: Rect
    }

    public static func layout(_ configuration: LayoutConfiguration) -> (contentSize: Size, elements: [Element]) {
        let contentWidth = configuration.width
        var elements: [Element] = []
        var y = 0.0
        for (s, section) in configuration.sections.enumerated() {
            let settings = section.settings
            if s > 0 { y += settings.spacingWithLastSection }
            if section.headerHeight > 0 {
                let hi = settings.headerInset
                let frame = Rect(
                    x: hi.left, y: y + hi.top, width: contentWidth - hi.left - hi.right, height: section.headerHeight)
                elements.append(Element(kind: .header, section: s, item: nil, frame: frame))
                y = frame.maxY + hi.bottom
            }
            let inset = settings.sectionInset
            y += inset.top
            let columns = settings.columns
            let spacing = settings.interitemSpacing
            let cw = (contentWidth - inset.left - inset.right - Double(columns - 1) * spacing) / Double(columns)
            var bottom = Array(repeating: y, count: columns)
            var hasItem = Array(repeating: false, count: columns)
            func next(_ c: Int) -> Double { bottom[c] + (hasItem[c] ? settings.lineSpacing : 0) }
            var n = 0
            for (i, item) in section.items.enumerated() {
                let k: Int
                switch item.span {
                case .full: k = columns
                case .columns(let count): k = count
                }
                let w =
                    k == columns ? contentWidth - inset.left - inset.right : Double(k) * cw + Double(k - 1) * spacing
                let h: Double
                switch item.sizing {
                case .height(let height): h = height
                case .size(let size): h = w * size.height / size.width
                }
                var c = 0
                if k == 1 {
                    switch settings.renderDirection {
                    case .shortestFirst:
                        for candidate in 0..<columns where next(candidate) < next(c) { c = candidate }
                    case .leftToRight: c = n % columns
                    case .rightToLeft: c = columns - 1 - n % columns
                    }
                    n += 1
                } else {
                    var best = Double.infinity
                    for start in 0...(columns - k) {
                        let top = (start..<(start + k)).map(next).max()!
                        let better = settings.renderDirection == .rightToLeft ? top <= best : top < best
                        if better {
                            best = top
                            c = start
                        }
                    }
                }
                let top = (c..<(c + k)).map(next).max()!
                let frame = Rect(x: inset.left + Double(c) * (cw + spacing), y: top, width: w, height: h)
                elements.append(Element(kind: .cell, section: s, item: i, frame: frame))
                for covered in c..<(c + k) {
                    bottom[covered] = top + h
                    hasItem[covered] = true
                }
            }
            y = bottom.max()! + inset.bottom
            if section.footerHeight > 0 {
                let fi = settings.footerInset
                let frame = Rect(
                    x: fi.left, y: y + fi.top, width: contentWidth - fi.left - fi.right, height: section.footerHeight)
                elements.append(Element(kind: .footer, section: s, item: nil, frame: frame))
                y = frame.maxY + fi.bottom
            }
        }
        return (Size(width: contentWidth, height: max(y, configuration.minimumContentHeight)), elements)
    }
}

/// Whether two numbers agree to 1e-9, relative to their size once they are larger than 1.
public func agrees(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

public func agrees(_ a: Rect, _ b: Rect) -> Bool {
    agrees(a.minX, b.minX) && agrees(a.minY, b.minY) && agrees(a.width, b.width) && agrees(a.height, b.height)
}
