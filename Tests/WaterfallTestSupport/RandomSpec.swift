import WaterfallCore
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

/// Seeded random specs for the property and fuzz tests, the one place they are made: layout
/// configurations, the same as spec text, broken spec text, and specs with text content.
///
/// Each function draws its numbers from `random` in a fixed order, so a seed names one case.
public enum RandomSpec {
    // MARK: - Configurations

    /// A random but valid configuration: every column keeps a positive width.
    public static func configuration(_ random: inout TestRandom, maxItems: Int = 40) -> LayoutConfiguration {
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
    /// up about half the time each. `scrollDirection`, when given, is used instead of a random one.
    public static func configurationWithEveryFeature(
        _ random: inout TestRandom, maxItems: Int = 40, scrollDirection: ScrollDirection? = nil
    ) -> LayoutConfiguration {
        var configuration = configuration(&random, maxItems: maxItems)
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
                // Never more columns than `configuration` kept a positive width for.
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

    /// ``configurationWithEveryFeature(_:maxItems:scrollDirection:)`` as a spec file can give it:
    /// the item decoder asks every size for a width > 0, in either direction, and every card for
    /// a height (``withVisibleCards(_:)``).
    public static func describableConfiguration(_ random: inout TestRandom, maxItems: Int = 40) -> LayoutConfiguration {
        var configuration = configurationWithEveryFeature(&random, maxItems: maxItems)
        for s in configuration.sections.indices {
            for i in configuration.sections[s].items.indices {
                if case .size(let size) = configuration.sections[s].items[i].sizing, size.width == 0 {
                    configuration.sections[s].items[i].sizing = .size(Size(width: 1, height: size.height))
                }
            }
        }
        return withVisibleCards(configuration)
    }

    /// `configuration` with cards a spec may have: every card at least a point long along the
    /// scroll axis (two device pixels at scale 2).
    ///
    /// The layout engine lays out a card of no height, as UIKit does; a spec refuses one, and one
    /// under a device pixel, as a card nobody can see. Heights under a point become a point; an
    /// image size's height is at least as much as gives its card a point at its width (in a
    /// vertical feed), and never 0.
    public static func withVisibleCards(_ configuration: LayoutConfiguration) -> LayoutConfiguration {
        var configuration = configuration
        let vertical = configuration.scrollDirection == .vertical
        for s in configuration.sections.indices {
            var settings = configuration.sections[s].settings
            settings.columns = (try? settings.columnCount(forWidth: configuration.width)) ?? settings.columns
            settings.adaptiveColumns = nil
            for i in configuration.sections[s].items.indices {
                let item = configuration.sections[s].items[i]
                switch item.sizing {
                case .height(let height):
                    if height < 1 { configuration.sections[s].items[i].sizing = .height(1) }
                case .size(var size):
                    size.height = max(size.height, 1)
                    if vertical, let width = settings.itemWidth(span: item.span, contentWidth: configuration.width),
                        width * size.height / size.width < 1
                    {
                        size.height = size.width / width * 1.01
                    }
                    configuration.sections[s].items[i].sizing = .size(size)
                }
            }
        }
        return configuration
    }

    /// ``configuration(_:maxItems:)``, or with `everyFeature` ``configurationWithEveryFeature(_:maxItems:scrollDirection:)``,
    /// with random placements in every section: grid lanes three times in four, and a flow
    /// tolerance of zero, a random length or infinity.
    public static func gridLanesConfiguration(
        _ random: inout TestRandom, maxItems: Int = 40, everyFeature: Bool
    ) -> LayoutConfiguration {
        var configuration =
            everyFeature
            ? configurationWithEveryFeature(&random, maxItems: maxItems)
            : self.configuration(&random, maxItems: maxItems)
        for index in configuration.sections.indices {
            var settings = configuration.sections[index].settings
            settings.placement = Int.random(in: 0..<4, using: &random) == 0 ? .shortestColumn : .gridLanes
            settings.flowTolerance = [0, 0, random.length(0...40), .infinity].randomElement(using: &random)!
            configuration.sections[index].settings = settings
        }
        return configuration
    }

    private static func insets(_ random: inout TestRandom) -> EdgeInsets {
        if Bool.random(using: &random) { return EdgeInsets(all: random.length(0...16)) }
        return EdgeInsets(
            top: random.length(0...20), left: random.length(0...20), bottom: random.length(0...20),
            right: random.length(0...20))
    }

    // MARK: - Spec text

    /// `configuration` as spec JSON, the way a user would give it to `waterfall layout`.
    ///
    /// The screens settings (mirroring, a horizontal feed, adaptive columns, backgrounds, pinned
    /// headers) are written where they are not the defaults; with `explicitDefaults`, the
    /// directions and `pinHeader` are written always. Placement and flow tolerance are not written.
    public static func json(_ configuration: LayoutConfiguration, explicitDefaults: Bool = false) -> String {
        let horizontal = configuration.scrollDirection == .horizontal
        var sections: [String] = []
        for section in configuration.sections {
            let s = section.settings
            var fields: [String] = []
            switch s.adaptiveColumns {
            case nil: fields.append("\"columns\": \(s.columns)")
            case .minimumWidth(let minimum): fields.append("\"minColumnWidth\": \(minimum)")
            case .breakpoints(let entries):
                let pairs = entries.map { "\"\($0.width)\": \($0.columns)" }
                fields.append("\"columns\": {" + pairs.joined(separator: ", ") + "}")
            }
            fields += [
                "\"sectionInset\": \(insets(s.sectionInset))", "\"lineSpacing\": \(s.lineSpacing)",
                "\"interitemSpacing\": \(s.interitemSpacing)",
                "\"spacingWithLastSection\": \(s.spacingWithLastSection)",
                "\"headerInset\": \(insets(s.headerInset))", "\"footerInset\": \(insets(s.footerInset))",
                "\"renderDirection\": \"\(s.renderDirection.rawValue)\"",
            ]
            if explicitDefaults || s.pinHeader { fields.append("\"pinHeader\": \(s.pinHeader)") }
            if section.hasBackground { fields.append("\"background\": \"#eef0f3\"") }
            if section.headerHeight > 0 { fields.append("\"header\": {\"height\": \(section.headerHeight)}") }
            if section.footerHeight > 0 { fields.append("\"footer\": {\"height\": \(section.footerHeight)}") }
            let items = section.items.map { item -> String in
                var parts: [String] = []
                switch item.sizing {
                case .height(let length): parts.append("\"\(horizontal ? "width" : "height")\": \(length)")
                case .size(let size): parts.append("\"size\": {\"width\": \(size.width), \"height\": \(size.height)}")
                }
                switch item.span {
                case .full: parts.append("\"span\": \"full\"")
                case .columns(let count): parts.append("\"span\": \(count)")
                }
                return "{" + parts.joined(separator: ", ") + "}"
            }
            fields.append("\"items\": [" + items.joined(separator: ", ") + "]")
            sections.append("{" + fields.joined(separator: ", ") + "}")
        }
        var directions = ""
        if explicitDefaults || horizontal || configuration.layoutDirection != .leftToRight {
            directions =
                " \"scrollDirection\": \"\(configuration.scrollDirection.rawValue)\", "
                + "\"layoutDirection\": \"\(configuration.layoutDirection.rawValue)\",\n"
        }
        return """
            {"\(horizontal ? "height" : "width")": \(configuration.width), \
            "minimumContentHeight": \(configuration.minimumContentHeight),
            \(directions) "sections": [\(sections.joined(separator: ",\n"))]}
            """
    }

    private static func insets(_ insets: EdgeInsets) -> String {
        "{\"top\": \(insets.top), \"left\": \(insets.left), \"bottom\": \(insets.bottom), \"right\": \(insets.right)}"
    }

    /// What the fuzz test splices into spec text: syntax, YAML's tags and anchors, bad numbers,
    /// bad keys and values, controls, bidi overrides, CJK and markup.
    public static let fuzzTokens = [
        "-", "[", "]", "{", "}", ":", ",", "\"", "'", "&a", "*a", "!!binary", "1e999", "-5", "0", "2.5", "null", "~",
        "true", "span: 9", "columns: 0", "height: -1", "width: 0", "\n  - ", "\n", "\t", "#", "\u{0}", "\u{202E}",
        "标题", "size: {width: 0}", "generate: {count: 3}", "sectionInset: {left: 400}", "image: x.png",
        "color: \"#zzz\"", "renderDirection: up", "span: full", "headerInset: 5", "<script>", "]]>",
    ]

    /// Spec text that may be broken: a small valid spec (``json(_:explicitDefaults:)`` of a
    /// configuration of at most 8 items a section), then up to four random edits: a cut, a
    /// token of ``fuzzTokens`` spliced in, a run repeated, or a digit swapped for another number.
    public static func mangledJSON(_ random: inout TestRandom) -> String {
        let configuration = withVisibleCards(configuration(&random, maxItems: 8))
        var text = Array(json(configuration).unicodeScalars)
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            guard !text.isEmpty else { break }
            let at = Int.random(in: 0..<text.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...12, using: &random)))
            case 1: text.insert(contentsOf: fuzzTokens.randomElement(using: &random)!.unicodeScalars, at: at)
            case 2:
                let end = min(text.count, at + Int.random(in: 1...30, using: &random))
                text.insert(contentsOf: text[at..<end], at: at)
            default:
                // Swap a digit for another number-ish token.
                if let digit = text[at...].firstIndex(where: { ("0"..."9").contains($0) }) {
                    text.replaceSubrange(
                        digit...digit,
                        with: ["-1", "1e308", "0", "99999"].randomElement(using: &random)!.unicodeScalars)
                }
            }
        }
        var string = String.UnicodeScalarView()
        string.append(contentsOf: text)
        return String(string)
    }

    // MARK: - Specs with content

    /// Titles that test the text engine: descenders, CJK, accents, emoji sequences and flags.
    public static let titles = [
        "gjpqy Typography", "分类 Categories", "猜你喜欢 · For you", "手工陶瓷马克杯 · 釉面", "Ångström Éclair ÿÿ",
        "🧋 Bubble tea jelly", "👩🏽‍💻 coding all night", "🇯🇵 Tokyo 🇫🇷 Paris", "1️⃣ keycap quiz", "glyph jumping quickly",
        "夏日大促 Summer sale · jazzy pygmy", "Ögon på gården, yogi",
    ]

    /// A YAML spec of one to three sections with headers, footers and cards, font sizes 9 to 40,
    /// every text picked from ``titles``.
    public static func yamlWithText(_ random: inout TestRandom) -> String {
        func pick() -> String { titles[random.nextInt(in: 0...titles.count - 1)] }
        let content = random.nextInt(in: 0...1) == 0 ? "below" : "overlay"
        var text = """
            width: \(random.nextInt(in: 200...420))
            style: {fontSize: \(random.nextInt(in: 9...40)), card: {content: \(content), titleLines: 2}}
            sections:

            """
        for _ in 0..<random.nextInt(in: 1...3) {
            let size = random.nextInt(in: 9...40)
            text += "  - columns: \(random.nextInt(in: 1...3))\n"
            text += "    style: {fontSize: \(size)}\n"
            text += "    header: {height: \(random.nextInt(in: 8...70)), title: \"\(pick())\"}\n"
            text += "    footer: {height: \(random.nextInt(in: 8...70)), title: \"\(pick())\", align: trailing}\n"
            text += "    items:\n"
            for _ in 0..<random.nextInt(in: 1...5) {
                let sizing =
                    random.nextInt(in: 0...1) == 0
                    ? "size: {width: 3, height: \(random.nextInt(in: 2...5))}"
                    : "height: \(random.nextInt(in: 20...200))"
                text += "      - {\(sizing), title: \"\(pick())\", subtitle: \"\(pick())\", meta: \"\(pick())\"}\n"
            }
        }
        return text
    }

    /// A spec of ``configuration(_:maxItems:)`` (at most 30 items a section) with content: a
    /// titled header, a footer and an "Item N" title on every card, drawn at scale 2.
    public static func specWithTitles(_ random: inout TestRandom) -> Spec {
        let configuration = withVisibleCards(configuration(&random, maxItems: 30))
        let sections = configuration.sections.map { section in
            SpecSection(
                settings: section.settings,
                header: section.headerHeight > 0
                    ? SpecSupplementary(height: section.headerHeight, title: "Header", color: Color(hex: "#fafafa"))
                    : nil,
                footer: section.footerHeight > 0 ? SpecSupplementary(height: section.footerHeight) : nil,
                items: section.items.enumerated().map { SpecItem(layout: $0.element, title: "Item \($0.offset)") })
        }
        return Spec(
            width: configuration.width, minimumContentHeight: configuration.minimumContentHeight, scale: 2,
            sections: sections)
    }
}
