import Foundation
import WaterfallCore

/// WCAG 2.2's contrast ratio between two colours, from their relative luminance.
///
/// The formula is WCAG's (Understanding SC 1.4.3, "contrast ratio" and "relative luminance"):
/// each sRGB channel `c` in 0…1 is linearized as `c / 12.92` when `c <= 0.04045`, else
/// `((c + 0.055) / 1.055) ^ 2.4`; the luminance is `0.2126 R + 0.7152 G + 0.0722 B`; the ratio is
/// `(L1 + 0.05) / (L2 + 0.05)` with `L1` the lighter. It runs from 1 (the same colour) to 21
/// (black on white).
public enum ContrastRatio {
    /// The ratio between two opaque colours, from 1 to 21.
    ///
    /// - Parameters:
    ///   - first: One colour; its alpha is ignored.
    ///   - second: The other; its alpha is ignored.
    public static func between(_ first: Color, _ second: Color) -> Double {
        between(luminance: luminance(first), luminance: luminance(second))
    }

    /// The ratio between two relative luminances.
    static func between(luminance first: Double, luminance second: Double) -> Double {
        (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// The WCAG relative luminance of an opaque colour, from 0 (black) to 1 (white).
    ///
    /// - Parameter color: The colour; its alpha is ignored.
    public static func luminance(_ color: Color) -> Double {
        0.2126 * linear[Int(color.red)] + 0.7152 * linear[Int(color.green)] + 0.0722 * linear[Int(color.blue)]
    }

    /// Each 8-bit channel value linearized.
    private static let linear: [Double] = (0...255).map { value in
        let channel = Double(value) / 255
        return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }

    /// The ratio WCAG 2.2 AA asks of text: 3 for large text, 4.5 for the rest.
    ///
    /// - Parameters:
    ///   - fontSize: The text's size, in points.
    ///   - bold: Whether the text is bold.
    ///   - largeText: Which reading of large text: 18 pt, or 14 pt bold, in iOS points (the
    ///     default), or WCAG's 24 CSS px, or 18.66 px bold (``LargeTextRule``).
    public static func required(fontSize: Double, bold: Bool, largeText: LargeTextRule = .ios) -> Double {
        largeText.isLarge(fontSize: fontSize, bold: bold) ? 3 : 4.5
    }

    /// `color` drawn at its alpha over the opaque `background`, as Cairo composites it.
    static func composited(_ color: Color, over background: Color) -> Color {
        guard color.alpha < 255 else { return color }
        let alpha = Double(color.alpha) / 255
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * alpha + Double(bottom) * (1 - alpha)).rounded())
        }
        return Color(
            red: mix(color.red, background.red), green: mix(color.green, background.green),
            blue: mix(color.blue, background.blue), alpha: 255)
    }
}
