import Testing
import WaterfallCore
import WaterfallDiff

/// A change too faint for the threshold is still counted and said, never reported as nothing.
@Suite struct FaintChangeTests {
    /// A #f5f5f5 page with a white card `cardHeight` rows tall.
    func page(cardHeight: Int) -> PixelImage {
        var image = PixelImage(width: 40, height: 60, color: Color(red: 0xF5, green: 0xF5, blue: 0xF5))
        for y in 10..<(10 + cardHeight) {
            for x in 10..<30 {
                for channel in 0..<3 { image.pixels[(y * 40 + x) * 4 + channel] = 0xFF }
            }
        }
        return image
    }

    @Test func aWhiteCardGrowingOnALightPageIsCountedAndSaid() {
        let result = PixelDiff.compare(page(cardHeight: 20), page(cardHeight: 30))
        #expect(!result.isDifferent, "below pixelmatch's default threshold, as pixelmatch says")
        #expect(!result.identical)
        #expect(result.changedPixels == 200)
        #expect(result.text.contains("200 pixels changed by less than the threshold"))
        #expect(result.json.contains("\"changedPixels\":200"))
        let exact = PixelDiff.compare(page(cardHeight: 20), page(cardHeight: 30), options: DiffOptions(threshold: 0))
        #expect(exact.isDifferent && exact.differentPixels == 200)
    }

    /// The report's parts, which the review page and JUnit show apart, make up its text.
    @Test func theVerdictAndRegionLinesMakeUpTheText() {
        let result = PixelDiff.compare(
            page(cardHeight: 20), page(cardHeight: 30), options: DiffOptions(threshold: 0))
        #expect(result.verdictLines.count == 1 && result.verdictLines[0].hasPrefix("different: 200 of 2400"))
        #expect(result.regionLines == ["changed region at (10, 30) size 20×10"])
        #expect(result.text == (result.verdictLines + result.regionLines).joined(separator: "\n") + "\n")
        let same = PixelDiff.compare(page(cardHeight: 20), page(cardHeight: 20))
        #expect(same.regionLines.isEmpty && same.text == same.verdictLines.joined(separator: "\n") + "\n")
    }
}
