import WaterfallLayout

/// Writes a configuration that may use every screens setting (backgrounds, pinned headers,
/// adaptive columns, mirroring, horizontal feeds) as spec JSON.
public enum ScreenSpecText {
    public static func json(_ configuration: LayoutConfiguration) -> String {
        let horizontal = configuration.scrollDirection == .horizontal
        var sections: [String] = []
        for section in configuration.sections {
            let s = section.settings
            var fields = [
                "\"sectionInset\": \(insets(s.sectionInset))", "\"lineSpacing\": \(s.lineSpacing)",
                "\"interitemSpacing\": \(s.interitemSpacing)",
                "\"spacingWithLastSection\": \(s.spacingWithLastSection)",
                "\"headerInset\": \(insets(s.headerInset))", "\"footerInset\": \(insets(s.footerInset))",
                "\"renderDirection\": \"\(s.renderDirection.rawValue)\"", "\"pinHeader\": \(s.pinHeader)",
            ]
            switch s.adaptiveColumns {
            case nil: fields.append("\"columns\": \(s.columns)")
            case .minimumWidth(let minimum): fields.append("\"minColumnWidth\": \(minimum)")
            case .breakpoints(let entries):
                let pairs = entries.map { "\"\($0.width)\": \($0.columns)" }
                fields.append("\"columns\": {" + pairs.joined(separator: ", ") + "}")
            }
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
        return """
            {"\(horizontal ? "height" : "width")": \(configuration.width), \
            "minimumContentHeight": \(configuration.minimumContentHeight),
             "scrollDirection": "\(configuration.scrollDirection.rawValue)", \
            "layoutDirection": "\(configuration.layoutDirection.rawValue)",
             "sections": [\(sections.joined(separator: ",\n"))]}
            """
    }

    private static func insets(_ insets: EdgeInsets) -> String {
        "{\"top\": \(insets.top), \"left\": \(insets.left), \"bottom\": \(insets.bottom), \"right\": \(insets.right)}"
    }
}
