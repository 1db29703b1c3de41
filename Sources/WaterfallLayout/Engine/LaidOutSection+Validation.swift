extension LaidOutSection {
    /// Refuses settings no section can be laid out with: columns out of range, lengths negative
    /// or not finite, insets that leave a header or footer no width.
    static func validate(
        _ settings: SectionSettings, headerHeight: Double, footerHeight: Double, section: Int, width: Double
    ) throws(LayoutError) {
        guard settings.columns >= 1 else {
            throw LayoutError(section: section, key: "columns", message: "must be at least 1, not \(settings.columns)")
        }
        guard settings.columns <= CellColumns.maximumColumns else {
            throw LayoutError(
                section: section, key: "columns",
                message: "must be at most \(CellColumns.maximumColumns), not \(settings.columns)")
        }
        // Keys are built only for an error: a section's setup stays free of string work.
        func check(_ value: Double, _ key: @autoclosure () -> String) throws(LayoutError) {
            guard value.isFinite, value >= 0 else {
                throw LayoutError(section: section, key: key(), message: "must be a finite number >= 0, not \(value)")
            }
        }
        func check(_ insets: EdgeInsets, _ name: String) throws(LayoutError) {
            try check(insets.top, name + ".top")
            try check(insets.left, name + ".left")
            try check(insets.bottom, name + ".bottom")
            try check(insets.right, name + ".right")
        }
        try check(settings.lineSpacing, "lineSpacing")
        try check(settings.interitemSpacing, "interitemSpacing")
        try check(settings.spacingWithLastSection, "spacingWithLastSection")
        try check(settings.sectionInset, "sectionInset")
        try check(settings.headerInset, "headerInset")
        try check(settings.footerInset, "footerInset")
        guard settings.flowTolerance >= 0 else {
            throw LayoutError(
                section: section, key: "flowTolerance",
                message: "must be a number >= 0 or infinity, not \(settings.flowTolerance)")
        }
        try check(headerHeight, "header.height")
        try check(footerHeight, "footer.height")
        if headerHeight > 0, !(width - settings.headerInset.left - settings.headerInset.right > 0) {
            throw LayoutError(section: section, key: "headerInset", message: "leaves the header no width")
        }
        if footerHeight > 0, !(width - settings.footerInset.left - settings.footerInset.right > 0) {
            throw LayoutError(section: section, key: "footerInset", message: "leaves the footer no width")
        }
    }
}
