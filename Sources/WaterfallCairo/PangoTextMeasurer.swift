import WaterfallLayout
import WaterfallRender

/// Measures text with the same Pango setup that draws PNG and PDF output.
public final class PangoTextMeasurer: TextMeasuring {
    private let engine: TextEngine

    /// Lines up to this many UTF-8 bytes are fitted by bisection over the whole line.
    ///
    /// Longer ones first find a prefix that already overflows, so a 10 MB title costs what its
    /// first few hundred characters cost. Below it both ways give the same line.
    static let wholeLineBytes = 4096

    public init() throws {
        engine = try TextEngine()
    }

    public func width(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double {
        let run = TextRun(
            text: text, frame: .zero, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight, color: .black)
        // A layout that cannot be made measures as too wide, so the text is cut rather than overflowing.
        return (try? engine.width(of: run)) ?? .infinity
    }

    public func baseline(of text: String, fontFamilies: [String], fontSize: Double, weight: TextRun.Weight) -> Double {
        let run = TextRun(
            text: text, frame: .zero, fontFamilies: fontFamilies, fontSize: fontSize, weight: weight, color: .black)
        return (try? engine.baseline(of: run)) ?? fontSize * 0.928
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
        let characters = Array(line[..<bound])
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
    /// The text without the spaces at its end.
    fileprivate var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
