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

    /// The contract's frames; with `contentOffset`, pinned headers moved to where they are when the
    /// visible bounds (`visibleWidth` wide) start there.
    public static func layout(
        _ configuration: LayoutConfiguration, contentOffset: Point? = nil, visibleWidth: Double = 0
    )
        -> (contentSize: Size, elements: [Element])
    {
        let horizontal = configuration.scrollDirection == .horizontal
        // A horizontal feed is the vertical contract with x and y swapped, inputs and outputs.
        let flowSections = horizontal ? configuration.sections.map(turned) : configuration.sections
        var (length, elements, sectionBottoms) = flow(
            width: configuration.width, minimumLength: configuration.minimumContentHeight, sections: flowSections)
        let contentSize =
            horizontal
            ? Size(width: length, height: configuration.width) : Size(width: configuration.width, height: length)
        if let contentOffset {
            let y0: Double =
                switch (configuration.scrollDirection, configuration.layoutDirection) {
                case (.vertical, _): contentOffset.y
                case (.horizontal, .leftToRight): contentOffset.x
                case (.horizontal, .rightToLeft): contentSize.width - contentOffset.x - visibleWidth
                }
            for index in elements.indices where elements[index].kind == .header {
                let s = elements[index].section
                guard configuration.sections[s].settings.pinHeader else { continue }
                let natural = elements[index].frame
                // y = min(max(y0, naturalY), sectionBottom - header.height)
                elements[index].frame.origin.y = min(max(y0, natural.minY), sectionBottoms[s] - natural.height)
            }
        }
        for index in elements.indices {
            var frame = elements[index].frame
            if horizontal { frame = Rect(x: frame.minY, y: frame.minX, width: frame.height, height: frame.width) }
            // x' = width - x - w, the content's width
            if configuration.layoutDirection == .rightToLeft {
                frame.origin.x = contentSize.width - frame.minX - frame.width
            }
            elements[index].frame = frame
        }
        return (contentSize, elements)
    }

    /// A horizontal feed's section as the vertical contract reads it.
    private static func turned(_ section: LayoutSection) -> LayoutSection {
        func turn(_ i: EdgeInsets) -> EdgeInsets {
            EdgeInsets(top: i.left, left: i.top, bottom: i.right, right: i.bottom)
        }
        var result = section
        result.settings.sectionInset = turn(section.settings.sectionInset)
        result.settings.headerInset = turn(section.settings.headerInset)
        result.settings.footerInset = turn(section.settings.footerInset)
        result.items = section.items.map { item in
            guard case .size(let size) = item.sizing else { return item }
            return LayoutItem(sizing: .size(Size(width: size.height, height: size.width)), span: item.span)
        }
        return result
    }

    /// The column count of a section: `columns`, or the adaptive rule.
    public static func columns(_ settings: SectionSettings, width: Double) -> Int {
        let inset = settings.sectionInset
        switch settings.adaptiveColumns {
        case nil:
            return settings.columns
        case .minimumWidth(let minimum):
            let fitting =
                ((width - inset.left - inset.right + settings.interitemSpacing) / (minimum + settings.interitemSpacing))
            return max(1, Int(fitting.rounded(.down)))
        case .breakpoints(let entries):
            var best: ColumnBreakpoint?
            for entry in entries where entry.width <= width {
                if best == nil || entry.width > best!.width { best = entry }
            }
            return best!.columns
        }
    }

    /// The vertical contract: the content's height, the elements and where each section's
    /// `sectionInset.bottom` ends.
    private static func flow(width contentWidth: Double, minimumLength: Double, sections: [LayoutSection])
        -> (Double, [Element], [Double])
    {
        var elements: [Element] = []
        var sectionBottoms: [Double] = []
        var y = 0.0
        for (s, section) in sections.enumerated() {
            // gridLanes: every length as a LayoutUnit, a Float rounded down to 1/64 ("Placement").
            let gridLanes = section.settings.placement == .gridLanes
            func q(_ v: Double) -> Double { gridLanes ? (Double(Float(v)) * 64).rounded(.down) / 64 : v }
            func q(_ i: EdgeInsets) -> EdgeInsets {
                EdgeInsets(top: q(i.top), left: q(i.left), bottom: q(i.bottom), right: q(i.right))
            }
            var settings = section.settings
            settings.sectionInset = q(settings.sectionInset)
            settings.headerInset = q(settings.headerInset)
            settings.footerInset = q(settings.footerInset)
            settings.lineSpacing = q(settings.lineSpacing)
            settings.interitemSpacing = q(settings.interitemSpacing)
            settings.spacingWithLastSection = q(settings.spacingWithLastSection)
            let tolerance = q(settings.flowTolerance)
            let contentWidth = q(contentWidth)
            let headerHeight = q(section.headerHeight)
            let footerHeight = q(section.footerHeight)
            if s > 0 { y += settings.spacingWithLastSection }
            if headerHeight > 0 {
                let hi = settings.headerInset
                let frame = Rect(
                    x: hi.left, y: y + hi.top, width: contentWidth - hi.left - hi.right, height: headerHeight)
                elements.append(Element(kind: .header, section: s, item: nil, frame: frame))
                y = frame.maxY + hi.bottom
            }
            let backgroundTop = y
            let backgroundIndex = elements.count
            let inset = settings.sectionInset
            y += inset.top
            let columns = Self.columns(section.settings, width: contentWidth)
            let spacing = settings.interitemSpacing
            let cw = (contentWidth - inset.left - inset.right - Double(columns - 1) * spacing) / Double(columns)
            // Column c's left edge and width; under gridLanes Chromium's 1fr tracks (Float fraction, leftover carried).
            var xs = (0..<columns).map { inset.left + Double($0) * (cw + spacing) }
            var ws = Array(repeating: cw, count: columns)
            if gridLanes {
                let fraction =
                    Float(contentWidth - inset.left - inset.right - Double(columns - 1) * spacing) / Float(columns)
                var carried: Float = 0
                var x = inset.left
                for c in 0..<columns {
                    let share = fraction + carried
                    ws[c] = (Double(share) * 64).rounded(.down) / 64
                    carried = share - Float(ws[c])
                    xs[c] = x
                    x += ws[c] + spacing
                }
            }
            var bottom = Array(repeating: y, count: columns)
            var hasItem = Array(repeating: false, count: columns)
            func next(_ c: Int) -> Double { bottom[c] + (hasItem[c] ? settings.lineSpacing : 0) }
            var n = 0
            var cursor = 0
            for (i, item) in section.items.enumerated() {
                let k: Int
                switch item.span {
                case .full: k = columns
                case .columns(let count): k = count
                }
                var c = 0
                var top: Double
                // The lowest top a k-column item can have starting at column `start`. A loop, not
                // `map(next).max()`: this runs for every start of every item of thousands of random
                // layouts, and unoptimized the array each `map` makes was most of the suite's time.
                func window(_ start: Int) -> Double {
                    var top = next(start)
                    for column in (start + 1)..<(start + k) { top = max(top, next(column)) }
                    return top
                }
                if gridLanes, item.span == .full {
                    top = window(0)
                } else if gridLanes || settings.flowTolerance > 0,
                    !(k == 1 && !gridLanes && settings.renderDirection != .shortestFirst)
                {
                    let tops = (0...(columns - k)).map(window)
                    let lowest = tops.min()!
                    let candidates = tops.indices.filter { tops[$0] - lowest <= tolerance }
                    if gridLanes {
                        c = candidates.first { $0 >= cursor } ?? candidates[0]
                        cursor = (c + k) % columns
                    } else {
                        c = k > 1 && settings.renderDirection == .rightToLeft ? candidates.last! : candidates[0]
                    }
                    if k == 1 { n += 1 }
                    top = window(c)
                } else if k == 1 {
                    switch settings.renderDirection {
                    case .shortestFirst:
                        for candidate in 0..<columns where next(candidate) < next(c) { c = candidate }
                    case .leftToRight: c = n % columns
                    case .rightToLeft: c = columns - 1 - n % columns
                    }
                    n += 1
                    top = window(c)
                } else {
                    var best = Double.infinity
                    for start in 0...(columns - k) {
                        let top = window(start)
                        let better = settings.renderDirection == .rightToLeft ? top <= best : top < best
                        if better {
                            best = top
                            c = start
                        }
                    }
                    top = window(c)
                }
                let w =
                    gridLanes
                    ? xs[c + k - 1] + ws[c + k - 1] - xs[c]
                    : k == columns ? contentWidth - inset.left - inset.right : Double(k) * cw + Double(k - 1) * spacing
                let h: Double
                switch item.sizing {
                case .height(let height): h = q(height)
                case .size(let size): h = q(w * size.height / size.width)
                }
                let frame = Rect(x: xs[c], y: top, width: w, height: h)
                elements.append(Element(kind: .cell, section: s, item: i, frame: frame))
                for covered in c..<(c + k) {
                    bottom[covered] = top + h
                    hasItem[covered] = true
                }
            }
            y = bottom.max()! + inset.bottom
            sectionBottoms.append(y)
            if section.hasBackground {
                // (0, top, width, bottom - top), before the cells in document order
                let frame = Rect(x: 0, y: backgroundTop, width: contentWidth, height: y - backgroundTop)
                elements.insert(Element(kind: .background, section: s, item: nil, frame: frame), at: backgroundIndex)
            }
            if footerHeight > 0 {
                let fi = settings.footerInset
                let frame = Rect(
                    x: fi.left, y: y + fi.top, width: contentWidth - fi.left - fi.right, height: footerHeight)
                elements.append(Element(kind: .footer, section: s, item: nil, frame: frame))
                y = frame.maxY + fi.bottom
            }
        }
        return (max(y, minimumLength), elements, sectionBottoms)
    }
}

/// Whether two numbers agree to 1e-9, relative to their size once they are larger than 1.
public func agrees(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}

public func agrees(_ a: Rect, _ b: Rect) -> Bool {
    agrees(a.minX, b.minX) && agrees(a.minY, b.minY) && agrees(a.width, b.width) && agrees(a.height, b.height)
}
