import WaterfallLayout
import WaterfallRender

/// Measures text with the same Pango setup that draws PNG and PDF output.
public final class PangoTextMeasurer: TextMeasuring {
    private let engine: TextEngine
    /// The app's font files it measures with beside the pinned ones (``AppFonts``).
    public let fonts: SceneFonts?

    /// Lines up to this many UTF-8 bytes are fitted by bisection over the whole line.
    ///
    /// Longer ones first find a prefix that already overflows, so a 10 MB title costs what its
    /// first few hundred characters cost. Below it both ways give the same line.
    static let wholeLineBytes = 4096

    /// Creates a measurer with the pinned fonts and `fonts`' files; throws when they cannot be loaded.
    public init(fonts: SceneFonts? = nil) throws {
        engine = try TextEngine(fonts: fonts)
        self.fonts = fonts
    }

    /// How far one emoji advances a line at `fontSize`, in points, as PNG and PDF draw it.
    public func emojiAdvance(fontSize: Double) -> Double? {
        engine.emojiAdvance(fontSize: fontSize)
    }

    /// The width of `text` on one line, in points; infinite when Pango cannot lay it out.
    public func width(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double {
        let run = TextRun(
            text: text, frame: .zero, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight, color: .black)
        // A layout that cannot be made measures as too wide, so the text is cut rather than overflowing.
        return (try? engine.width(of: run)) ?? .infinity
    }

    /// How far below the top of its line box the first baseline of `text` sits, in points.
    public func baseline(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double {
        let run = TextRun(
            text: text, frame: .zero, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight, color: .black)
        return (try? engine.baseline(of: run)) ?? fontSize * 0.928
    }

    public func lineMetrics(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight)
        -> LineMetrics
    {
        let run = TextRun(
            text: text, frame: .zero, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight, color: .black)
        return (try? engine.lineMetrics(of: run))
            ?? LineMetrics(
                baseline: fontSize * 0.928, height: fontSize * 1.164, inkTop: 0, inkBottom: fontSize * 1.164)
    }

    /// `text` on one line within `width`: whole if it fits, otherwise cut and ended with "…".
    ///
    /// The line is first made shapeable (see `String.shapeable`: noncharacters replaced, runs of
    /// combining marks bounded), so every format draws the same text. The longest prefix that fits
    /// with the ellipsis is found by bisection; for long lines only over a prefix of twice as many
    /// characters as the first prefix found to overflow, assuming (as the bisection does) that a
    /// longer prefix is never narrower. Pango is handed O(fitting prefix) text, never the whole line.
    public func fitting(
        _ text: String, width: Double, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight
    ) -> String {
        let line = text.shapeable
        func fits(_ candidate: String) -> Bool {
            self.width(of: candidate, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight) <= width
        }
        // The characters to bisect over: all of them, or a prefix known to overflow.
        var bound = line.endIndex
        if line.utf8.count > Self.wholeLineBytes {
            var count = 64
            while true {
                guard let end = line.index(line.startIndex, offsetBy: count, limitedBy: line.endIndex),
                    end < line.endIndex
                else { break }
                if !fits(String(line[..<end])) {
                    bound = end
                    break
                }
                count *= 2
            }
        }
        if bound == line.endIndex, fits(line) { return line }
        return Self.ellipsized(Array(line[..<bound]), fits: fits)
    }
}

extension PangoTextMeasurer {
    /// `text` wrapped by Pango to at most `maxLines` lines within `width`, the last fitted with an
    /// ellipsis when the text goes on past it.
    ///
    /// Every line but the last is Pango's own; the last is the rest of the text fitted on one
    /// line, so a long title costs what its first lines cost. Each line is drawn as its own run,
    /// so every format shows these very lines.
    public func lines(
        _ text: String, width: Double, maxLines: Int, fontFamilies: [String], fontSize: Double,
        weight: TextRun.Weight
    ) -> [String] {
        let full = text.shapeable
        guard maxLines > 1 else {
            let line = fitting(full, width: width, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight)
            return line.isEmpty ? [] : [line]
        }
        // Enough text for the first lines and well past them: a line holds at most about
        // width / (a fifth of the font size) characters.
        let perLine = Int(min(width / max(fontSize * 0.2, 0.01), 100_000)) + 8
        let limit = min((maxLines + 1) * perLine * 2, 1_000_000)
        let prefix = full.count > limit ? String(full.prefix(limit)) : full
        let run = TextRun(
            text: prefix, frame: .zero, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight, color: .black)
        guard let wrapped = try? engine.wrappedLines(of: run, width: width), !wrapped.isEmpty else { return [] }
        if wrapped.count <= maxLines, prefix.count == full.count {
            return wrapped.map(\.trimmingTrailingSpaces).filter { !$0.isEmpty }
        }
        var lines = wrapped.prefix(maxLines - 1).map(\.trimmingTrailingSpaces)
        // The rest starts after the characters the first lines took, and the spaces they broke at.
        let taken = wrapped.prefix(maxLines - 1).reduce(0) { $0 + $1.count }
        let rest = Substring(full).dropFirst(taken).drop { $0 == " " }
        let last = fitting(String(rest), width: width, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight)
        if !last.isEmpty { lines.append(last) }
        return lines.filter { !$0.isEmpty }
    }
}
