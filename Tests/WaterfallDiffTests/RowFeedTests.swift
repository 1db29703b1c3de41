import Testing
import WaterfallCore
import WaterfallTestSupport

@testable import WaterfallDiff

/// Comparing pictures read a band of rows at a time gives what comparing them whole gives.
@Suite struct RowFeedTests {
    /// A feed over `image` whose rows outside the last `keep..<end` asked for are overwritten
    /// with noise, so a comparison reading a row it did not ask for gets another answer.
    final class PoisonedFeed {
        let image: PixelImage
        var copy: [UInt8]
        var asked: [Range<Int>] = []
        var finished = false

        init(_ image: PixelImage) {
            self.image = image
            copy = image.pixels
        }

        func advance(_ keep: Int, _ end: Int) -> UnsafeRawPointer? {
            let rows = keep..<min(end, image.height)
            asked.append(rows)
            let rowBytes = image.width * 4
            for index in copy.indices {
                let y = index / max(rowBytes, 1)
                copy[index] = rows.contains(y) ? image.pixels[index] : UInt8(truncatingIfNeeded: index &* 131 &+ 7)
            }
            return copy.withUnsafeBytes { UnsafeRawPointer($0.baseAddress!) }
        }

        var feed: PixelRowFeed {
            PixelRowFeed(
                width: image.width, height: image.height, advance: { self.advance($0, $1) },
                finish: {
                    self.finished = true
                    return true
                })
        }
    }

    static func check(_ a: PixelImage, _ b: PixelImage, _ options: DiffOptions = .init()) {
        let whole = PixelDiff.compare(a, b, options: options)
        for bandRows in [1, 2, 3, 7, 256] {
            let feedA = PoisonedFeed(a)
            let feedB = PoisonedFeed(b)
            let banded = PixelDiff.compare(feedA.feed, feedB.feed, options: options, bandRows: bandRows)
            #expect(banded == whole, "\(a.width)×\(a.height) and \(b.width)×\(b.height), bands of \(bandRows)")
            #expect(feedA.finished && feedB.finished)
        }
    }

    @Test func movedCardsWithText() {
        let a = FastPathTests.page(width: 203, height: 60, shift: 0)
        let b = FastPathTests.page(width: 203, height: 60, shift: 9)
        Self.check(a, b)
        Self.check(a, b, DiffOptions(includeAntialiasing: true))
        Self.check(a, b, DiffOptions(threshold: 0))
        Self.check(a, a)
    }

    @Test func translucentCardsAndSizeMismatch() {
        let a = FastPathTests.page(width: 90, height: 40, shift: 0, alpha: 120)
        Self.check(a, FastPathTests.page(width: 90, height: 40, shift: 5, alpha: 200))
        Self.check(a, FastPathTests.page(width: 70, height: 47, shift: 6))
        Self.check(FastPathTests.page(width: 70, height: 47, shift: 6), a)
    }

    @Test func singleRowsAndColumnsAndTheLastRow() {
        for (width, height) in [(50, 1), (1, 50), (2, 9), (12, 5)] {
            let a = TestImages.solid(width, height, FastPathTests.background)
            var b = a
            TestImages.fill(&b, x: 0, y: height - 1, width: width, height: 1, FastPathTests.ink)
            Self.check(a, b)
            TestImages.fill(&b, x: 0, y: 0, width: (width + 1) / 2, height: height, [0, 0, 0, 0])
            Self.check(a, b, DiffOptions(threshold: 0, includeAntialiasing: true))
        }
    }

    @Test func randomPairs() {
        var rng = TestRandom(seed: 77)
        for _ in 0..<60 {
            let (a, b) = PixelDiffTests.randomPair(&rng, maxSide: 24)
            Self.check(a, b, DiffOptions(includeAntialiasing: Bool.random(using: &rng)))
        }
    }

    @Test func aFeedThatFailsGivesNoAnswer() {
        let image = FastPathTests.page(width: 40, height: 30, shift: 0)
        let good = PoisonedFeed(image)
        let failing = PixelRowFeed(width: 40, height: 30, advance: { _, _ in nil }, finish: { true })
        #expect(PixelDiff.compare(good.feed, failing) == nil)
        let unfinished = PixelRowFeed(
            width: 40, height: 30, advance: { good.advance($0, $1) }, finish: { false })
        #expect(PixelDiff.compare(PoisonedFeed(image).feed, unfinished) == nil)
    }
}
