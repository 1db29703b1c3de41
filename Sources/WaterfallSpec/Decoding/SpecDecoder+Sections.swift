import WaterfallLayout
import Yams

extension SpecDecoder {
    /// Section settings: `base` (the defaults) with what `keys` changes.
    func settings(_ field: Field, keys: [String: Field], base: SectionSettings) throws(SpecError)
        -> SectionSettings
    {
        var settings = base
        if let value = keys["columns"] { settings.columns = try value.integer(in: 1...SpecLimits.maximumColumns) }
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
        return settings
    }

    mutating func section(_ field: Field, defaults: SectionSettings, style: SpecStyle, darkStyle: SpecStyle?)
        throws(SpecError) -> SpecSection
    {
        let keys = try field.mapping(allowed: Self.sectionKeys)
        let settings = try self.settings(field, keys: keys, base: defaults)
        var section = SpecSection(settings: settings)
        if let styleField = keys["style"] {
            try sectionStyle(styleField, into: &section, style: style, darkStyle: darkStyle)
        }
        section.header = try keys["header"].map { (field) throws(SpecError) in try supplementary(field) }
        section.footer = try keys["footer"].map { (field) throws(SpecError) in try supplementary(field) }
        if let itemsField = keys["items"] {
            let list = try itemsField.sequence()
            try reserve(list.count, at: itemsField)
            section.items.reserveCapacity(list.count)
            for element in list {
                section.items.append(try item(element, columns: settings.columns))
            }
        }
        if let generateField = keys["generate"] {
            section.items += try generate(generateField)
        }
        return section
    }

    private func supplementary(_ field: Field) throws(SpecError) -> SpecSupplementary {
        let keys = try field.mapping(allowed: Self.supplementaryKeys)
        guard let height = keys["height"] else { throw field.error("missing key \"height\"") }
        var alignment: TextAlignment?
        if let align = keys["align"] { alignment = try align.choice(of: TextAlignment.self) }
        return SpecSupplementary(
            height: try height.length(), title: try keys["title"]?.string(), color: try keys["color"]?.color(),
            align: alignment, textColor: try keys["textColor"]?.color())
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
