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

    private static func insets(_ random: inout TestRandom) -> EdgeInsets {
        if Bool.random(using: &random) { return EdgeInsets(all: random.length(0...16)) }
        return EdgeInsets(
            top: random.length(0...20), left: random.length(0...20), bottom: random.length(0...20),
            right: random.length(0...20))
    }
}
