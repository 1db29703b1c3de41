/// Chromium's fixed-point lengths: whole 1/64ths of a CSS pixel, which grid-lanes placement
/// (``Placement/gridLanes``) models so that its frames are the browser's own.
enum LayoutUnit {
    /// How many units a pixel (a point here) holds.
    static let perPixel = 64.0

    /// `value` as a CSS length becomes in Blink: kept as a `Float`, then rounded down to 1/64.
    @inline(__always)
    static func floor(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        return (Double(Float(value)) * perPixel).rounded(.down) / perPixel
    }

    /// `insets` with each side rounded down to 1/64.
    static func floor(_ insets: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: floor(insets.top), left: floor(insets.left), bottom: floor(insets.bottom), right: floor(insets.right))
    }

    /// The widths of `count` equal (`1fr`) columns sharing `available` points less the gaps, as
    /// Chromium sizes flexible tracks: the size of one fraction is a `Float`, each column is that
    /// plus what earlier columns left over, rounded down to 1/64, and the leftover is carried on in
    /// `Float` arithmetic (so the columns may fall short of `available` by a unit or two).
    static func columnWidths(available: Double, gap: Double, count: Int) -> [Double] {
        let free = max(0, available - Double(count - 1) * gap)
        let fraction = Float(free) / Float(count)
        var leftover: Float = 0
        var widths: [Double] = []
        widths.reserveCapacity(count)
        for _ in 0..<count {
            let share = fraction + leftover
            let units = (Double(share) * perPixel).rounded(.down)
            leftover = share - Float(units / perPixel)
            widths.append(units / perPixel)
        }
        return widths
    }
}

extension SectionSettings {
    /// The settings with every length rounded down to 1/64, as a grid-lanes container holds them.
    var inLayoutUnits: SectionSettings {
        var settings = self
        settings.sectionInset = LayoutUnit.floor(sectionInset)
        settings.headerInset = LayoutUnit.floor(headerInset)
        settings.footerInset = LayoutUnit.floor(footerInset)
        settings.lineSpacing = LayoutUnit.floor(lineSpacing)
        settings.interitemSpacing = LayoutUnit.floor(interitemSpacing)
        settings.spacingWithLastSection = LayoutUnit.floor(spacingWithLastSection)
        settings.flowTolerance = LayoutUnit.floor(flowTolerance)
        return settings
    }
}
