/// A column count chosen from the width a section is laid out in, instead of a fixed one.
public enum AdaptiveColumns: Sendable, Hashable {
    /// As many columns as fit at least this wide (> 0):
    /// `max(1, floor((W - inset.left - inset.right + interitemSpacing) / (M + interitemSpacing)))`.
    case minimumWidth(Double)
    /// The count of the entry with the largest width not above `W`; widths >= 0, counts >= 1.
    case breakpoints([ColumnBreakpoint])
}

/// One entry of ``AdaptiveColumns/breakpoints(_:)``: from this width on, this many columns.
public struct ColumnBreakpoint: Sendable, Hashable {
    /// The width from which this entry applies, in points (>= 0).
    public var width: Double
    /// The column count from that width on (>= 1).
    public var columns: Int

    /// Creates a breakpoint: from `width` on, `columns` columns.
    public init(width: Double, columns: Int) {
        self.width = width
        self.columns = columns
    }
}

extension SectionSettings {
    /// The number of columns the section has when laid out across `width`: ``columns``, or what
    /// ``adaptiveColumns`` resolves to.
    ///
    /// - Throws: ``LayoutError`` (key `minColumnWidth` or `columns`) for a minimum width that is
    ///   not a finite number > 0, or breakpoints none of which applies at `width`.
    public func columnCount(forWidth width: Double, section: Int? = nil) throws(LayoutError) -> Int {
        switch adaptiveColumns {
        case nil:
            return columns
        case .minimumWidth(let minimum):
            guard minimum.isFinite, minimum > 0 else {
                throw LayoutError(
                    section: section, key: "minColumnWidth", message: "must be a finite number > 0, not \(minimum)")
            }
            let fitting =
                ((width - sectionInset.left - sectionInset.right + interitemSpacing) / (minimum + interitemSpacing))
                .rounded(.down)
            // Clamped before converting, so that a huge count is refused by validation, not trapped on.
            guard fitting >= 1 else { return 1 }
            return Int(min(fitting, Double(CellColumns.maximumColumns + 1)))
        case .breakpoints(let entries):
            let chosen = entries.filter { $0.width <= width }.max { $0.width < $1.width }
            guard let chosen else {
                throw LayoutError(
                    section: section, key: "columns",
                    message: "has no entry for a width of \(Self.text(width)) or less")
            }
            return chosen.columns
        }
    }

    /// A whole number without its `.0`, as the spec wrote it.
    private static func text(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }
}
