import Foundation
import Testing
import WaterfallAudit
import WaterfallCore

/// WCAG 2.2's contrast ratio, against the formula written out here and against known pairs.
@Suite struct ContrastRatioTests {
    /// WCAG's relative luminance, written from the definition with no table.
    static func luminance(_ hex: String) -> Double {
        let color = Color(hex: hex)!
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    static func ratio(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    @Test(arguments: [
        ("#000000", "#ffffff", 21.0),
        ("#777777", "#ffffff", 4.48),
        ("#767676", "#ffffff", 4.54),
        ("#aaaaaa", "#ffffff", 2.32),
        ("#ff0000", "#ffffff", 4.0),
        ("#0000ff", "#ffffff", 8.59),
        ("#ffffff", "#ffffff", 1.0),
    ])
    func knownPairs(text: String, background: String, expected: Double) {
        let ratio = ContrastRatio.between(Color(hex: text)!, Color(hex: background)!)
        #expect(abs(ratio - expected) < 0.005, "\(text) on \(background): \(ratio)")
        #expect(abs(ratio - Self.ratio(text, background)) < 1e-12)
    }

    @Test func theTwoGreysFallEitherSideOfAA() {
        let white = Color(hex: "#ffffff")!
        #expect(ContrastRatio.between(Color(hex: "#777777")!, white) < 4.5)
        #expect(ContrastRatio.between(Color(hex: "#767676")!, white) >= 4.5)
    }

    @Test func everyGreyOnWhiteAgreesWithTheFormula() {
        for value in 0...255 {
            let hex =
                "#"
                + String(
                    repeating: String(value, radix: 16).count == 1
                        ? "0\(String(value, radix: 16))" : String(value, radix: 16), count: 3)
            let ratio = ContrastRatio.between(Color(hex: hex)!, Color(hex: "#ffffff")!)
            #expect(abs(ratio - Self.ratio(hex, "#ffffff")) < 1e-12, "\(hex)")
        }
    }

    @Test func largeTextNeedsThreeToOne() {
        #expect(ContrastRatio.required(fontSize: 18, bold: false) == 3)
        #expect(ContrastRatio.required(fontSize: 17.9, bold: false) == 4.5)
        #expect(ContrastRatio.required(fontSize: 14, bold: true) == 3)
        #expect(ContrastRatio.required(fontSize: 13.9, bold: true) == 4.5)
    }
}
