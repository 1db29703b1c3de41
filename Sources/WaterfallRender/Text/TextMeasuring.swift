/// Measures how wide a line of text is, so that every renderer can be given the same lines.
///
/// The Pango measurer in `WaterfallCairo` is the one the tool uses; SVG and HTML then draw the
/// lines it fitted, which is why the three outputs agree on where text ends.
public protocol TextMeasuring {
    /// The advance width of `text` on one line, in points.
    func width(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double

    /// How far below the top of its line the baseline of `text` sits, in points.
    func baseline(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double

    /// Where `text`'s line sits and where its glyphs' ink reaches, below the top of its line.
    func lineMetrics(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight)
        -> LineMetrics

    /// `text` on one line within `width`: whole if it fits, otherwise cut and ended with "…".
    func fitting(
        _ text: String, width: Double, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight
    ) -> String

    /// `text` wrapped to at most `maxLines` lines within `width`, the last cut and ended with "…"
    /// when the text goes on past it.
    func lines(
        _ text: String, width: Double, maxLines: Int, fontFamilies: [String], fontSize: Double,
        weight: TextRun.Weight
    ) -> [String]

    /// The app's font files it measures with beside the pinned ones, which the scene is then
    /// drawn with; `nil` for the pinned fonts alone.
    var fonts: SceneFonts? { get }

    /// How far one emoji advances a line of text at `fontSize`, in points; `nil` when unknown.
    func emojiAdvance(fontSize: Double) -> Double?
}

extension TextMeasuring {
    /// The pinned fonts alone.
    public var fonts: SceneFonts? { nil }

    /// Unknown: each viewer sets emoji as its font says.
    public func emojiAdvance(fontSize: Double) -> Double? { nil }
}

extension TextMeasuring {
    /// The ascent of DejaVu Sans, for measurers that know no better.
    public func baseline(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double {
        fontSize * 0.928
    }

    /// DejaVu Sans's metrics, for measurers that know no better.
    public func lineMetrics(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight)
        -> LineMetrics
    {
        let baseline = self.baseline(of: text, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight)
        return LineMetrics(baseline: baseline, height: fontSize * 1.164, inkTop: 0, inkBottom: fontSize * 1.164)
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
        return Self.ellipsized(Array(line), fits: fits)
    }

    /// The longest prefix of `characters` that fits (by `fits`) with "…" after it, found by
    /// bisection on its length; empty when not even one character does.
    ///
    /// Bisection assumes a longer prefix is never narrower, which holds for the text engines here.
    public static func ellipsized(_ characters: [Character], fits: (String) -> Bool) -> String {
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

extension TextMeasuring {
    /// Greedy wrapping by characters, for measurers that know no better.
    public func lines(
        _ text: String, width: Double, maxLines: Int, fontFamilies: [String], fontSize: Double,
        weight: TextRun.Weight
    ) -> [String] {
        var lines: [String] = []
        var rest = Substring(text.map { $0.isNewline ? " " : $0 })
        while !rest.isEmpty, lines.count < maxLines - 1 {
            var end = rest.startIndex
            while end < rest.endIndex {
                let next = rest.index(after: end)
                let candidate = String(rest[..<next])
                if self.width(of: candidate, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight) > width {
                    break
                }
                end = next
            }
            if end == rest.startIndex { end = rest.index(after: end) }
            lines.append(String(rest[..<end]))
            rest = rest[end...].drop { $0 == " " }
        }
        if !rest.isEmpty {
            let last = fitting(
                String(rest), width: width, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight)
            if !last.isEmpty { lines.append(last) }
        }
        return lines
    }
}

extension String {
    /// The text without the spaces at its end.
    package var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
