extension SpecVariants {
    /// Why variants of `widths` widths × `contentSizes` content sizes × `appearances`
    /// appearances × `screens` screens (the whole page counts as one), with `clips` clips of each
    /// width, content size and appearance, are too many to draw; `nil` when they are within
    /// ``SpecLimits/maximumPictures``.
    ///
    /// The decoder and the options' expansion both ask it, so that a spec and a command line
    /// are refused alike.
    ///
    /// - Parameters:
    ///   - widths: How many widths are drawn.
    ///   - contentSizes: How many Dynamic Type sizes are drawn at each width; the product names
    ///     them only when there are several.
    ///   - appearances: How many appearances are drawn at each width and content size.
    ///   - screens: How many screens each variant draws; 1 for a whole page.
    ///   - clips: How many clips each variant draws.
    public static func picturesProblem(
        widths: Int, contentSizes: Int = 1, appearances: Int, screens: Int, clips: Int
    ) -> String? {
        let each = screens + clips
        let (perSize, overflow) = appearances.multipliedReportingOverflow(by: each)
        let (perWidth, overflowOnce) = contentSizes.multipliedReportingOverflow(by: perSize)
        let (total, overflowAgain) = widths.multipliedReportingOverflow(by: perWidth)
        let overflowed = overflow || overflowOnce || overflowAgain
        guard overflowed || total > SpecLimits.maximumPictures else { return nil }
        func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
        let last = clips == 0 ? count(screens, "screen") : "(\(count(screens, "screen")) + \(count(clips, "clip")))"
        let sizes = contentSizes == 1 ? "" : " × \(count(contentSizes, "content size"))"
        let product = "\(count(widths, "width"))\(sizes) × \(count(appearances, "appearance")) × \(last)"
        let amount = overflowed ? "more" : String(total)
        return "\(product) are \(amount) pictures, more than the \(SpecLimits.maximumPictures) one spec may have"
    }
}
