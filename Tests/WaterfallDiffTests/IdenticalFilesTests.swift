import Testing
import WaterfallCore
import WaterfallDiff

/// The answer for byte-identical files, given without decoding, is the full comparison's.
@Suite struct IdenticalFilesTests {
    @Test(arguments: [(1, 1), (7, 3), (640, 480), (300, 1200)])
    func identicalResultIsWhatTheFullComparisonAnswers(width: Int, height: Int) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in pixels.indices { pixels[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }
        let a = PixelImage(width: width, height: height, pixels: pixels)
        let b = PixelImage(width: width, height: height, pixels: Array(pixels))
        for options in [DiffOptions(), DiffOptions(threshold: 0, includeAntialiasing: true)] {
            let full = PixelDiff.compare(a, b, options: options)
            let fast = DiffResult.identical(width: width, height: height)
            #expect(fast == full)
            #expect(fast.text == full.text)
            #expect(fast.json == full.json)
        }
    }
}
