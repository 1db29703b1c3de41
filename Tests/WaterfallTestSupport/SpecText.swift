import WaterfallLayout

/// Writes a configuration as spec JSON, the way a user would give it to `waterfall layout`.
public enum SpecText {
    public static func json(_ configuration: LayoutConfiguration) -> String {
        var sections: [String] = []
        for section in configuration.sections {
            let s = section.settings
            var fields = [
                "\"columns\": \(s.columns)", "\"sectionInset\": \(insets(s.sectionInset))",
                "\"lineSpacing\": \(s.lineSpacing)", "\"interitemSpacing\": \(s.interitemSpacing)",
                "\"spacingWithLastSection\": \(s.spacingWithLastSection)", "\"headerInset\": \(insets(s.headerInset))",
                "\"footerInset\": \(insets(s.footerInset))", "\"renderDirection\": \"\(s.renderDirection.rawValue)\"",
            ]
            if section.headerHeight > 0 { fields.append("\"header\": {\"height\": \(section.headerHeight)}") }
            if section.footerHeight > 0 { fields.append("\"footer\": {\"height\": \(section.footerHeight)}") }
            let items = section.items.map { item -> String in
                var parts: [String] = []
                switch item.sizing {
                case .height(let height): parts.append("\"height\": \(height)")
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
            {"width": \(configuration.width), "minimumContentHeight": \(configuration.minimumContentHeight),
             "sections": [\(sections.joined(separator: ",\n"))]}
            """
    }

    private static func insets(_ insets: EdgeInsets) -> String {
        "{\"top\": \(insets.top), \"left\": \(insets.left), \"bottom\": \(insets.bottom), \"right\": \(insets.right)}"
    }
}
