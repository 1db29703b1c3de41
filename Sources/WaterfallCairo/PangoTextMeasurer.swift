import WaterfallLayout
import WaterfallRender

/// Measures text with the same Pango setup that draws PNG and PDF output.
public final class PangoTextMeasurer: TextMeasuring {
    private let engine: TextEngine

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
}
