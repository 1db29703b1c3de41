import Testing
import WaterfallCore
import WaterfallTestSupport

@testable import WaterfallDiff

/// The scan's eight-pixel path (long flat stretches changed from one colour to another) gives the
/// answers of the plain pixelmatch port, on pictures made to take it and to leave it.
@Suite struct FastPathTests {
    static let background: [UInt8] = [215, 218, 224, 255]
    static let card: [UInt8] = [255, 255, 255, 255]
    static let ink: [UInt8] = [20, 20, 30, 255]

    /// A page of cards in columns, each with a few lines of anti-aliased "text"; `shift` moves the
    /// first column's cards down, as a taller first card does.
    static func page(width: Int, height: Int, shift: Int, alpha: UInt8 = 255) -> PixelImage {
        var page = TestImages.solid(width, height, background)
        let columns = max(1, width / 40)
        let cardWidth = width / columns - 4
        for column in 0..<columns {
            var top = 3 + (column == 0 ? shift : 0) + column % 3
            while top < height {
                let cardHeight = 14 + (top * 7 + column * 5) % 19
                var color = card
                color[3] = alpha
                TestImages.fill(
                    &page, x: column * (cardWidth + 4) + 2, y: top, width: cardWidth, height: cardHeight, color)
                // text: a dark stroke with half-covered edges, which is anti-aliasing
                for line in stride(from: top + 3, to: min(top + cardHeight - 3, height), by: 5) {
                    let left = column * (cardWidth + 4) + 5
                    let length = max(1, cardWidth - 8 - line % 7)
                    TestImages.fill(&page, x: left, y: line, width: length, height: 1, ink)
                    TestImages.fill(&page, x: left, y: line + 1, width: length, height: 1, [140, 140, 150, 255])
                }
                top += cardHeight + 4
            }
        }
        return page
    }

    static func check(_ a: PixelImage, _ b: PixelImage, _ options: DiffOptions = .init()) {
        PixelDiffTests.checkAgainstTwin(a, b, options)
        PixelDiffTests.checkAgainstTwin(b, a, options)
    }

    @Test func movedCardsWithText() {
        let a = Self.page(width: 203, height: 120, shift: 0)
        let b = Self.page(width: 203, height: 120, shift: 9)
        let result = PixelDiff.compare(a, b)
        #expect(result.differentPixels > 1_000 && result.antialiasedPixels > 0)
        for options in [
            DiffOptions(), DiffOptions(includeAntialiasing: true), DiffOptions(threshold: 0), DiffOptions(threshold: 1),
        ] {
            Self.check(a, b, options)
        }
    }

    @Test func translucentCards() {
        let a = Self.page(width: 160, height: 90, shift: 0, alpha: 120)
        let b = Self.page(width: 160, height: 90, shift: 5, alpha: 200)
        Self.check(a, b)
        Self.check(a, Self.page(width: 160, height: 90, shift: 5, alpha: 120), DiffOptions(includeAntialiasing: true))
    }

    @Test func sizeMismatch() {
        let a = Self.page(width: 170, height: 100, shift: 0)
        let b = Self.page(width: 130, height: 117, shift: 6)
        let result = PixelDiff.compare(a, b)
        #expect(result.sizeMismatch != nil && result.totalPixels == 130 * 100)
        Self.check(a, b)
    }

    @Test func singleRowsAndColumns() {
        for (width, height) in [(300, 1), (1, 300), (300, 2), (2, 300), (9, 40), (10, 40), (11, 3)] {
            let a = TestImages.solid(width, height, Self.background)
            var b = a
            TestImages.fill(&b, x: 0, y: 0, width: width, height: height / 2 + 1, Self.ink)
            Self.check(a, b)
            Self.check(a, b, DiffOptions(threshold: 0, includeAntialiasing: true))
        }
    }

    @Test func differenceInTheLastRowAndColumn() {
        let a = Self.page(width: 120, height: 50, shift: 0)
        var b = a
        TestImages.fill(&b, x: 0, y: 49, width: 120, height: 1, [0, 0, 255, 255])
        TestImages.fill(&b, x: 119, y: 0, width: 1, height: 50, [0, 0, 255, 255])
        let result = PixelDiff.compare(a, b)
        #expect(result.differentPixels + result.antialiasedPixels == 120 + 49)
        Self.check(a, b)
    }

    @Test func flatStretchesBesideSinglePixels() {
        // runs of eight and more, broken by one pixel at every offset from a lane boundary
        var a = TestImages.solid(96, 24, Self.background)
        TestImages.fill(&a, x: 0, y: 4, width: 96, height: 16, Self.card)
        var b = TestImages.solid(96, 24, Self.background)
        TestImages.fill(&b, x: 0, y: 6, width: 96, height: 16, Self.ink)
        for row in 5..<20 { TestImages.set(&b, 1 + row * 5, row, [200, 0, 0, 255]) }
        Self.check(a, b)
    }

    /// The eight-at-a-time neighbour count agrees with `equalNeighbours` on every interior pixel.
    @Test func neighbourCountMatchesThePixelOne() {
        var rng = TestRandom(seed: 2024)
        for _ in 0..<20 {
            let (image, _) = PixelDiffTests.randomPair(&rng, maxSide: 40)
            guard image.width >= 10, image.height >= 3 else { continue }
            image.pixels.withUnsafeBytes { raw in
                let scanner = DiffScanner(
                    a: raw.baseAddress!, strideA: image.width * 4, b: raw.baseAddress!, strideB: image.width * 4,
                    width: image.width, height: image.height, maxDelta: 0, includeAA: false, output: nil, fade: 0,
                    diffPixel: 0, aaPixel: 0)
                for y in 1..<(image.height - 1) {
                    for x in 1..<(image.width - 8) {
                        let many = (x..<(x + 8)).allSatisfy {
                            scanner.equalNeighbours(raw.baseAddress!, image.width * 4, $0, y) >= 3
                        }
                        #expect(
                            DiffScanner.manyEqualNeighbours(raw.baseAddress!, image.width * 4, x, y) == many,
                            "at (\(x), \(y))")
                    }
                }
            }
        }
    }
}
