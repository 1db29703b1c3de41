import WaterfallLayout
import Yams

extension SpecDecoder {
    /// Settings of the screens issue, allowed in `defaults` and in every section.
    static let screenSettingsKeys = ["pinHeader", "minColumnWidth"]
    /// Keys of a section beyond its settings: its background color.
    static let sectionDecorationKeys = ["background", "pageSize"]
    /// A section's items from a data file (`SpecDecoder+ItemsFrom`).
    static let dataSourceKeys = ["itemsFrom"]

    /// Section settings: `base` (the defaults) with what `keys` changes.
    func settings(_ field: Field, keys: [String: Field], base: SectionSettings) throws(SpecError)
        -> SectionSettings
    {
        var settings = base
        switch (keys["columns"], keys["minColumnWidth"]) {
        case (_?, let minimum?):
            throw minimum.error("give either \"columns\" or \"minColumnWidth\", not both")
        case (let value?, nil):
            if case .mapping = value.node {
                settings.adaptiveColumns = .breakpoints(try breakpoints(value))
            } else {
                settings.columns = try value.integer(in: 1...SpecLimits.maximumColumns)
                settings.adaptiveColumns = nil
            }
        case (nil, let minimum?):
            settings.adaptiveColumns = .minimumWidth(try minimum.positiveNumber(atMost: SpecLimits.maximumLength))
        case (nil, nil):
            break
        }
        if let value = keys["pinHeader"] { settings.pinHeader = try value.boolean() }
        if let value = keys["sectionInset"] { settings.sectionInset = try insets(value) }
        if let value = keys["lineSpacing"] { settings.lineSpacing = try value.length() }
        if let value = keys["interitemSpacing"] { settings.interitemSpacing = try value.length() }
        if let value = keys["spacingWithLastSection"] { settings.spacingWithLastSection = try value.length() }
        if let value = keys["headerInset"] { settings.headerInset = try insets(value) }
        if let value = keys["footerInset"] { settings.footerInset = try insets(value) }
        if let value = keys["renderDirection"] {
            let name = try value.string()
            guard let direction = RenderDirection(rawValue: name) else {
                let names = RenderDirection.allCases.map(\.rawValue)
                let hint = KeySuggestion.closest(to: name, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw value.error("must be one of \(names.joined(separator: ", ")), not \"\(name)\"\(hint)")
            }
            settings.renderDirection = direction
        }
        if let value = keys["placement"] { settings.placement = try value.choice(of: Placement.self) }
        if let value = keys["flowTolerance"] {
            if value.isWord("infinite") {
                settings.flowTolerance = .infinity
            } else if value.isWord("normal") {
                settings.flowTolerance = Self.normalTolerance
            } else if case .scalar = value.node, value.tagName == .str {
                throw value.error(
                    "must be a length in points, \"normal\" or \"infinite\", not \"\(try value.string())\"")
            } else {
                settings.flowTolerance = try value.length()
            }
        }
        return settings
    }

    /// The key of the settings a section takes from a content size up, in `defaults` and in a
    /// section.
    static let fromContentSizeKey = "fromContentSize"

    /// `fromContentSize: {accessibility1: {columns: 1}}`: each content size named, in order of
    /// size, with the settings it changes; empty without the key.
    func contentSizeOverrides(_ field: Field?) throws(SpecError) -> [ContentSizeOverride] {
        guard let field else { return [] }
        let names = ContentSizeCategory.allCases.map(\.rawValue)
        let entries = try field.mapping(allowed: names)
        guard !entries.isEmpty else { throw field.error("names no content size; give one, e.g. accessibility1") }
        var overrides: [ContentSizeOverride] = []
        for category in ContentSizeCategory.allCases {
            guard let entry = entries[category.rawValue] else { continue }
            let keys = try entry.mapping(allowed: Self.settingsKeys + Self.screenSettingsKeys)
            // Checked here, so a mistake is found whether or not a section takes it.
            _ = try settings(entry, keys: keys, base: .default)
            overrides.append(ContentSizeOverride(from: category, field: entry, keys: keys))
        }
        return overrides
    }

    /// The section's settings at each content size its `fromContentSize` or the defaults' names,
    /// the first at the smallest size: the defaults, what the defaults change up to that size,
    /// the section's own keys, then what the section changes up to that size, in that order, so
    /// a section's own `columns` wins over the defaults' at every size.
    private func settingsFromContentSize(
        _ field: Field, keys: [String: Field], defaults: SectionSettings, defaultsFromContentSize: [ContentSizeOverride]
    ) throws(SpecError) -> [ContentSizeSettings] {
        let own = try contentSizeOverrides(keys[Self.fromContentSizeKey])
        guard !own.isEmpty || !defaultsFromContentSize.isEmpty else { return [] }
        let order = ContentSizeCategory.allCases
        let sizes = order.filter { size in (own + defaultsFromContentSize).contains { $0.from == size } }
        var result = [ContentSizeSettings(from: order[0], settings: try settings(field, keys: keys, base: defaults))]
        for size in sizes {
            let upTo = order.firstIndex(of: size)!
            var base = defaults
            for entry in defaultsFromContentSize where order.firstIndex(of: entry.from)! <= upTo {
                base = try settings(entry.field, keys: entry.keys, base: base)
            }
            var settings = try self.settings(field, keys: keys, base: base)
            for entry in own where order.firstIndex(of: entry.from)! <= upTo {
                settings = try self.settings(entry.field, keys: entry.keys, base: settings)
            }
            result.append(ContentSizeSettings(from: size, settings: settings))
        }
        return result
    }

    /// What `flowTolerance: normal` reads as until the section's font size is known: CSS's
    /// `normal` is `1em`, the section's font size.
    static let normalTolerance = -1.0

    mutating func section(
        _ field: Field, defaults: SectionSettings, defaultsFromContentSize: [ContentSizeOverride] = [],
        shape: SpecShape? = nil, style: SpecStyle = SpecStyle(), darkStyle: SpecStyle? = nil
    ) throws(SpecError) -> SpecSection {
        let keys = try field.mapping(
            allowed: Self.sectionKeys + Self.screenSettingsKeys + Self.sectionDecorationKeys + Self.dataSourceKeys
                + [Self.fromContentSizeKey])
        let settings = try self.settings(field, keys: keys, base: defaults)
        var section = SpecSection(settings: settings)
        section.settingsFromContentSize = try settingsFromContentSize(
            field, keys: keys, defaults: defaults, defaultsFromContentSize: defaultsFromContentSize)
        section.background = try keys["background"]?.color()
        if let styleField = keys["style"] {
            try sectionStyle(styleField, into: &section, style: style, darkStyle: darkStyle)
        }
        if section.settings.flowTolerance == Self.normalTolerance {
            section.settings.flowTolerance = (section.style ?? style).fontSize
        }
        for index in section.settingsFromContentSize.indices
        where section.settingsFromContentSize[index].settings.flowTolerance == Self.normalTolerance {
            section.settingsFromContentSize[index].settings.flowTolerance = (section.style ?? style).fontSize
        }
        // Spans are checked against the columns the section has on this page.
        var columns = settings.columns
        if let shape, settings.adaptiveColumns != nil {
            do {
                columns = try shape.columns(settings)
            } catch {
                throw (keys["columns"] ?? keys["minColumnWidth"] ?? field).error(error.message)
            }
        }
        let horizontal = shape?.scrollDirection == .horizontal
        section.header = try keys["header"].map { (field) throws(SpecError) in
            try supplementary(field, horizontal: horizontal)
        }
        section.footer = try keys["footer"].map { (field) throws(SpecError) in
            try supplementary(field, horizontal: horizontal)
        }
        if let itemsField = keys["items"] {
            let list = try itemsField.sequence()
            try reserve(list.count, at: itemsField)
            section.items.reserveCapacity(list.count)
            for element in list {
                if shape?.scrollDirection == .horizontal {
                    section.items.append(try horizontalItem(element, columns: columns))
                } else {
                    section.items.append(try item(element, columns: columns))
                }
            }
        }
        // Items written in the spec come first, then the data file's records, then generated ones.
        if let fromField = keys["itemsFrom"] {
            section.items += try itemsFrom(
                fromField, columns: columns, horizontal: shape?.scrollDirection == .horizontal,
                firstItem: section.items.count)
        }
        if let generateField = keys["generate"] {
            try generate(generateField, into: &section.items)
        }
        // A paged section shows its first page; the rest is loaded by `--animate load-more`.
        if let pageField = keys["pageSize"] {
            let size = try pageField.integer(in: 1...SpecLimits.maximumItems)
            section.pageSize = size
            if section.items.count > size {
                section.laterItems = section.items[size...]
                section.items.removeSubrange(size...)
            }
        }
        return section
    }

    /// An item of a horizontal feed: it gives its `width` where a vertical feed's item gives its
    /// `height` (its length along the scroll direction); read as such, with messages naming `width`.
    private mutating func horizontalItem(_ field: Field, columns: Int) throws(SpecError) -> SpecItem {
        guard case .mapping(let mapping) = field.node else { return try item(field, columns: columns) }
        var pairs: [(Node, Node)] = []
        for (key, value) in mapping {
            guard case .scalar(let scalar) = key else { return try item(field, columns: columns) }
            switch scalar.string {
            case "height":
                throw field.child("height", value).error(
                    "an item of a horizontal feed gives its \"width\", not a height")
            case "width":
                pairs.append((.scalar(Node.Scalar("height", scalar.tag, scalar.style, scalar.mark)), value))
            default:
                pairs.append((key, value))
            }
        }
        let renamed = Node.mapping(Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark))
        do {
            return try item(Field(node: renamed, path: field.path), columns: columns)
        } catch {
            var error = error
            let itemHeight = field.path + ".height"
            if error.location == itemHeight { error.location = field.path + ".width" }
            error.message = error.message.replacingHeight
            throw error
        }
    }

    /// `{0: 2, 600: 3, 900: 4}`: from each width on (>= 0), that many columns.
    private func breakpoints(_ field: Field) throws(SpecError) -> [ColumnBreakpoint] {
        guard case .mapping(let mapping) = field.node else { throw field.error("expected a mapping") }
        var entries: [ColumnBreakpoint] = []
        for (keyNode, valueNode) in mapping {
            let key = Field(node: keyNode, path: field.path)
            guard case .scalar(let scalar) = keyNode else {
                throw key.error("expected a width as a number, found \(key.kindName)")
            }
            let width: Double
            if key.tagName == .int || key.tagName == .float {
                width = try key.length()
            } else if Double(scalar.string)?.isFinite == true {
                // JSON's keys are always strings: "600" is a width too.
                let numeric = Field(
                    node: .scalar(Node.Scalar(scalar.string, Tag(.float), .plain, scalar.mark)), path: key.path)
                width = try numeric.length()
            } else {
                throw key.error("expected a width as a number, found \(key.kindName)")
            }
            guard !entries.contains(where: { $0.width == width }) else { throw key.error("duplicate width") }
            let value = field.child(scalar.string, valueNode)
            entries.append(
                ColumnBreakpoint(width: width, columns: try value.integer(in: 1...SpecLimits.maximumColumns)))
        }
        guard !entries.isEmpty else { throw field.error("must give at least one width and its columns") }
        return entries
    }

    private func supplementary(_ field: Field, horizontal: Bool = false) throws(SpecError) -> SpecSupplementary {
        let keys = try field.mapping(allowed: Self.supplementaryKeys)
        guard let height = keys["height"] else { throw field.error("missing key \"height\"") }
        var alignment: TextAlignment?
        if let align = keys["align"] { alignment = try align.choice(of: TextAlignment.self) }
        let sizedByTitle = height.isWord("auto")
        let title = try keys["title"]?.string()
        if sizedByTitle, title == nil {
            throw height.error("a header or footer sized by its title (\"auto\") needs a \"title\"")
        }
        if sizedByTitle, horizontal {
            throw height.error(
                "\"auto\" sizes a header or footer by its title only down a vertical feed; in a horizontal "
                    + "one give its width in points")
        }
        var supplementary = SpecSupplementary(
            height: sizedByTitle ? 0 : try height.length(), title: title, color: try keys["color"]?.color(),
            align: alignment, textColor: try keys["textColor"]?.color())
        supplementary.isSizedByTitle = sizedByTitle
        supplementary.separator = try keys["separator"]?.color()
        supplementary.tappable = try keys["tappable"]?.boolean()
        supplementary.dark = try keys["dark"].map { (field) throws(SpecError) in
            try darkColors(field, allowed: Self.supplementaryDarkKeys)
        }
        return supplementary
    }

    /// A header's, a footer's or an item's `dark` mapping: its colours in the dark appearance.
    func darkColors(_ field: Field, allowed: [String] = darkColorKeys) throws(SpecError) -> DarkColors {
        let keys = try field.mapping(allowed: allowed)
        return DarkColors(
            color: try keys["color"]?.color(), textColor: try keys["textColor"]?.color(),
            separator: try keys["separator"]?.color())
    }

    private func insets(_ field: Field) throws(SpecError) -> EdgeInsets {
        if case .scalar = field.node {
            return EdgeInsets(all: try field.length())
        }
        let keys = try field.mapping(allowed: Self.insetKeys)
        return EdgeInsets(
            top: try keys["top"]?.length() ?? 0, left: try keys["left"]?.length() ?? 0,
            bottom: try keys["bottom"]?.length() ?? 0, right: try keys["right"]?.length() ?? 0)
    }
}

/// One content size's entry of a `fromContentSize` mapping: its keys, read as section settings.
struct ContentSizeOverride {
    var from: ContentSizeCategory
    var field: Field
    var keys: [String: Field]
}

extension String {
    /// A message about an item's `"height"` said of its `"width"`, as a horizontal feed names it.
    fileprivate var replacingHeight: String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: "\"height\"") {
            result += rest[..<range.lowerBound] + "\"width\""
            rest = rest[range.upperBound...]
        }
        result += rest
        // "0 is not a height a card can have" (see `item(_:columns:)`).
        return result.replacing("not a height a card", with: "not a width a card")
    }
}
