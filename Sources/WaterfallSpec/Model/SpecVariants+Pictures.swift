extension SpecVariants {
    /// Why variants of `widths` widths × `appearances` appearances × `screens` screens (the whole
    /// page counts as one), with `clips` clips of each width and appearance, are too many to
    /// draw; `nil` when they are within ``SpecLimits/maximumPictures``.
    ///
    /// The decoder and the options' expansion both ask it, so that a spec and a command line
    /// are refused alike.
    public static func picturesProblem(widths: Int, appearances: Int, screens: Int, clips: Int) -> String? {
        let each = screens + clips
        let (perWidth, overflow) = appearances.multipliedReportingOverflow(by: each)
        let (total, overflowAgain) = widths.multipliedReportingOverflow(by: perWidth)
        guard overflow || overflowAgain || total > SpecLimits.maximumPictures else { return nil }
        func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
        let last = clips == 0 ? count(screens, "screen") : "(\(count(screens, "screen")) + \(count(clips, "clip")))"
        let product = "\(count(widths, "width")) × \(count(appearances, "appearance")) × \(last)"
        let amount = overflow || overflowAgain ? "more" : String(total)
        return "\(product) are \(amount) pictures, more than the \(SpecLimits.maximumPictures) one spec may have"
    }
}
