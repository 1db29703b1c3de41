import WaterfallLayout
import WaterfallSpec

/// The seeded generator of the random tests: the same SplitMix64 that `generate` uses, so every
/// random test is reproducible from its seed.
public typealias TestRandom = SplitMix64

extension SplitMix64 {
    /// A value from a few "interesting" kinds: whole, half, fractional, zero.
    public mutating func length(_ range: ClosedRange<Double>) -> Double {
        switch Int.random(in: 0..<6, using: &self) {
        case 0: return 0
        case 1: return Double(Int.random(in: Int(range.lowerBound)...Int(range.upperBound), using: &self)) / 2
        case 2, 3: return Double(Int.random(in: Int(range.lowerBound)...Int(range.upperBound), using: &self))
        default: return Double.random(in: range, using: &self)
        }
    }
}

public enum RandomConfigurations {
    /// A random but valid configuration: every column keeps a positive width.
    public static func make(_ random: inout TestRandom, maxItems: Int = 40) -> LayoutConfiguration {
        let width = [320, 375, 414, 768, 1024, 333.3, 100.5].randomElement(using: &random)!
        let sectionCount = Int.random(in: 0...5, using: &random)
        var sections: [LayoutSection] = []
        for _ in 0..<sectionCount {
            var settings = SectionSettings()
            settings.columns = Int.random(in: 1...6, using: &random)
            settings.sectionInset = insets(&random)
            settings.lineSpacing = random.length(0...20)
            settings.interitemSpacing = random.length(0...12)
            settings.spacingWithLastSection = random.length(0...30)
            settings.headerInset = insets(&random)
            settings.footerInset = insets(&random)
            settings.renderDirection = RenderDirection.allCases.randomElement(using: &random)!
            // Keep a column at least a point wide.
            while width - settings.sectionInset.left - settings.sectionInset.right
                - Double(settings.columns - 1) * settings.interitemSpacing < Double(settings.columns)
            {
                settings.interitemSpacing /= 2
                settings.sectionInset.left /= 2
                settings.sectionInset.right /= 2
            }
            let itemCount = Int.random(in: 0...maxItems, using: &random)
            let items = (0..<itemCount).map { _ in
                let span: ItemSpan =
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0: .full
                    case 1, 2: .columns(Int.random(in: 1...settings.columns, using: &random))
                    default: .single
                    }
                if Bool.random(using: &random) {
                    return LayoutItem.size(
                        width: Double.random(in: 1...1000, using: &random), height: random.length(0...1000), span: span)
                }
                return LayoutItem.height(random.length(0...300), span: span)
            }
            sections.append(
                LayoutSection(
                    settings: settings, headerHeight: Bool.random(using: &random) ? random.length(0...60) : 0,
                    footerHeight: Bool.random(using: &random) ? random.length(0...60) : 0, items: items))
        }
        let minimum = Bool.random(using: &random) ? random.length(0...3000) : 0
        return LayoutConfiguration(width: width, minimumContentHeight: minimum, sections: sections)
    }

    /// A random valid configuration that uses every setting of the screens issue too.
    ///
    /// Section backgrounds, pinned headers, adaptive columns, mirroring and horizontal feeds come
    /// up about half the time each.
    /// `scrollDirection`, when given, is used instead of a random one.
    public static func makeWithEveryFeature(
        _ random: inout TestRandom, maxItems: Int = 40, scrollDirection: ScrollDirection? = nil
    ) -> LayoutConfiguration {
        var configuration = make(&random, maxItems: maxItems)
        configuration.layoutDirection = Bool.random(using: &random) ? .rightToLeft : .leftToRight
        let randomDirection: ScrollDirection = Bool.random(using: &random) ? .horizontal : .vertical
        configuration.scrollDirection = scrollDirection ?? randomDirection
        let width = configuration.width
        for s in configuration.sections.indices {
            configuration.sections[s].hasBackground = Bool.random(using: &random)
            configuration.sections[s].settings.pinHeader = Bool.random(using: &random)
            var settings = configuration.sections[s].settings
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                settings.adaptiveColumns = .minimumWidth(random.length(1...200) + 1)
            case 1:
                // Never more columns than `make` kept a positive width for.
                var entries = [
                    ColumnBreakpoint(width: 0, columns: Int.random(in: 1...settings.columns, using: &random))
                ]
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    entries.append(
                        ColumnBreakpoint(
                            width: Double(Int.random(in: 1...1100, using: &random)),
                            columns: Int.random(in: 1...settings.columns, using: &random)))
                }
                settings.adaptiveColumns = .breakpoints(entries.shuffled(using: &random))
            default:
                break
            }
            // The count across the fixed extent: in a horizontal feed, between the top and bottom insets.
            var across = settings
            if configuration.scrollDirection == .horizontal {
                let inset = settings.sectionInset
                across.sectionInset = EdgeInsets(
                    top: inset.left, left: inset.top, bottom: inset.right, right: inset.bottom)
            }
            if (try? across.columnCount(forWidth: width)) ?? 0 > 60 {
                // A very narrow minimum: keep the tests quick.
                settings.adaptiveColumns = nil
                across.adaptiveColumns = nil
            }
            let resolved = (try? across.columnCount(forWidth: width)) ?? settings.columns
            configuration.sections[s].settings = settings
            let horizontal = configuration.scrollDirection == .horizontal
            configuration.sections[s].items = configuration.sections[s].items.map { item in
                var item = item
                // A horizontal feed scales a size to the row height: its height must be > 0.
                if horizontal, case .size(let size) = item.sizing {
                    item.sizing = .size(Size(width: size.height, height: size.width))
                }
                if case .columns(let span) = item.span, span > resolved { item.span = .columns(resolved) }
                return item
            }
        }
        return configuration
    }

    private static func insets(_ random: inout TestRandom) -> EdgeInsets {
        if Bool.random(using: &random) { return EdgeInsets(all: random.length(0...16)) }
        return EdgeInsets(
            top: random.length(0...20), left: random.length(0...20), bottom: random.length(0...20),
            right: random.length(0...20))
    }
}
