/// Measures how wide a line of text is, so that every renderer can be given the same lines.
///
/// The Pango measurer in `WaterfallCairo` is the one the tool uses; SVG and HTML then draw the
/// lines it fitted, which is why the three outputs agree on where text ends.
public protocol TextMeasuring {
    /// The advance width of `text` on one line, in points.
    func width(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double

    /// How far below the top of its line the baseline of `text` sits, in points.
    func baseline(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double

    /// `text` on one line within `width`: whole if it fits, otherwise cut and ended with "…".
    func fitting(
        _ text: String, width: Double, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight
    ) -> String
}

extension TextMeasuring {
    /// The ascent of DejaVu Sans, for measurers that know no better.
    public func baseline(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double {
        fontSize * 0.928
    }

    /// `text` on one line within `width`: whole if it fits, otherwise cut and ended with "…".
    public func fitting(
        _ text: String, width: Double, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight
    ) -> String {
        let line = String(text.map { $0.isNewline ? " " : $0 })
        func fits(_ candidate: String) -> Bool {
            self.width(of: candidate, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight) <= width
        }
        if fits(line) { return line }
        let characters = Array(line)
        // The longest prefix that fits with the ellipsis, by bisection on its length.
        var low = 0
        var high = characters.count
        while low < high {
            let middle = (low + high + 1) / 2
            if fits(String(characters[..<middle]).trimmingTrailingSpaces + "…") {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low == 0 ? "" : String(characters[..<low]).trimmingTrailingSpaces + "…"
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
