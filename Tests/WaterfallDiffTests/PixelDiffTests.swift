import Testing
import WaterfallCore
import WaterfallTestSupport

@testable import WaterfallDiff

@Suite struct PixelDiffTests {
    let white: [UInt8] = [255, 255, 255, 255]
    let black: [UInt8] = [0, 0, 0, 255]

    @Test func identicalImages() {
        let a = TestImages.coveredRect(imageWidth: 40, imageHeight: 30, x0: 5.5, y: 5, width: 10, height: 10)
        let b = TestImages.coveredRect(imageWidth: 40, imageHeight: 30, x0: 5.5, y: 5, width: 10, height: 10)
        for r in [PixelDiff.compare(a, b), PixelDiff.compare(a, a)] {
            #expect(r.identical)
            #expect(!r.isDifferent)
            #expect(r.differentPixels == 0 && r.antialiasedPixels == 0)
            #expect(r.totalPixels == 1200)
            #expect(r.regions.isEmpty && r.share == 0)
        }
    }

    @Test func oneChangedPixel() {
        let a = TestImages.solid(20, 20)
        var b = a
        TestImages.set(&b, 5, 7, [255, 0, 0, 255])
        let r = PixelDiff.compare(a, b)
        #expect(!r.identical && r.isDifferent)
        #expect(r.differentPixels == 1)
        #expect(r.antialiasedPixels == 0)
        #expect(r.regions == [PixelRegion(x: 5, y: 7, width: 1, height: 1)])
        #expect(r.share == 1.0 / 400)
    }

    @Test func onePixelCardShift() {
        var a = TestImages.solid(60, 40)
        var b = TestImages.solid(60, 40)
        TestImages.fill(&a, x: 10, y: 10, width: 20, height: 20, black)
        TestImages.fill(&b, x: 11, y: 10, width: 20, height: 20, black)
        let r = PixelDiff.compare(a, b)
        #expect(r.differentPixels == 40)
        #expect(r.antialiasedPixels == 0)
        #expect(
            r.regions == [
                PixelRegion(x: 10, y: 10, width: 1, height: 20),
                PixelRegion(x: 30, y: 10, width: 1, height: 20),
            ])
    }

    @Test func halfPixelShiftIsAntialiasingByDefaultButCountedWhenIncluded() {
        // A: soft edges (50 % coverage) at columns 10 and 30; B: the same card moved by half a pixel, hard edges.
        let a = TestImages.coveredRect(imageWidth: 60, imageHeight: 40, x0: 10.5, y: 10, width: 20, height: 20)
        let b = TestImages.coveredRect(imageWidth: 60, imageHeight: 40, x0: 11.0, y: 10, width: 20, height: 20)
        #expect(TestImages.get(a, 30, 15) == [128, 128, 128, 255])
        #expect(TestImages.get(b, 30, 15) == black)

        let byDefault = PixelDiff.compare(a, b)
        #expect(byDefault.antialiasedPixels > 0)
        #expect(byDefault.differentPixels + byDefault.antialiasedPixels == 40)
        #expect(byDefault.differentPixels == 0)  // pixelmatch's documented behaviour

        let included = PixelDiff.compare(a, b, options: DiffOptions(includeAntialiasing: true))
        #expect(included.differentPixels == 40)
        #expect(included.antialiasedPixels == byDefault.antialiasedPixels)
        #expect(included.isDifferent)
        #expect(
            included.regions == [
                PixelRegion(x: 10, y: 10, width: 1, height: 20),
                PixelRegion(x: 30, y: 10, width: 1, height: 20),
            ])
    }

    @Test func differentSizes() {
        var a = TestImages.solid(30, 20)
        let b = TestImages.solid(40, 25, [255, 255, 255, 255])
        TestImages.set(&a, 29, 19, black)
        let r = PixelDiff.compare(a, b)
        #expect(
            r.sizeMismatch == DiffSizeMismatch(a: DiffSize(width: 30, height: 20), b: DiffSize(width: 40, height: 25)))
        #expect(!r.identical && r.isDifferent)
        #expect(r.totalPixels == 600)
        #expect(r.differentPixels == 1)
        #expect(r.regions == [PixelRegion(x: 29, y: 19, width: 1, height: 1)])

        let sameContent = PixelDiff.compare(TestImages.solid(10, 30), TestImages.solid(12, 8))
        #expect(sameContent.isDifferent && sameContent.differentPixels == 0 && sameContent.totalPixels == 80)

        let image = PixelDiff.diffImage(a, b)
        #expect(image.width == 30 && image.height == 20 && image.pixels.count == 2400)
        #expect(TestImages.get(image, 29, 19) == [255, 0, 0, 255])

        let empty = PixelDiff.compare(TestImages.solid(0, 0), TestImages.solid(3, 3))
        #expect(empty.totalPixels == 0 && empty.isDifferent && empty.share == 0)
    }

    @Test func threshold() {
        let a = TestImages.solid(9, 9, [100, 100, 100, 255])
        var small = a
        var large = a
        TestImages.set(&small, 4, 4, [103, 103, 103, 255])
        TestImages.set(&large, 4, 4, [130, 130, 130, 255])
        #expect(PixelDiff.compare(a, small).differentPixels == 0)
        #expect(!PixelDiff.compare(a, small).identical)
        #expect(PixelDiff.compare(a, large).differentPixels == 1)
        #expect(PixelDiff.compare(a, small, options: DiffOptions(threshold: 0)).differentPixels == 1)
        #expect(PixelDiff.compare(a, large, options: DiffOptions(threshold: 0.5)).differentPixels == 0)
    }

    @Test func diffImageColours() {
        let a = TestImages.coveredRect(imageWidth: 60, imageHeight: 40, x0: 10.5, y: 10, width: 20, height: 20)
        var b = TestImages.coveredRect(imageWidth: 60, imageHeight: 40, x0: 11.0, y: 10, width: 20, height: 20)
        TestImages.set(&b, 45, 5, [0, 0, 255, 255])
        var a2 = a
        TestImages.set(&a2, 50, 30, [123, 123, 123, 255])
        TestImages.set(&b, 50, 30, [123, 123, 123, 255])
        let (result, image) = PixelDiff.compareWithDiffImage(a2, b)
        #expect(result.differentPixels == 1)
        #expect(image.width == 60 && image.height == 40)
        #expect(TestImages.get(image, 45, 5) == [255, 0, 0, 255])  // changed: red
        #expect(TestImages.get(image, 30, 15) == [255, 255, 0, 255])  // anti-aliasing: yellow
        #expect(TestImages.get(image, 50, 30) == [242, 242, 242, 255])  // 255 + (123 - 255) * 0.1
        #expect(TestImages.get(image, 0, 0) == white)
        #expect(image == PixelDiff.diffImage(a2, b))

        let custom = DiffOptions(fadeAlpha: 1, diffColor: DiffColor(red: 1, green: 2, blue: 3))
        let image2 = PixelDiff.diffImage(a2, b, options: custom)
        #expect(TestImages.get(image2, 45, 5) == [1, 2, 3, 255])
        #expect(TestImages.get(image2, 50, 30) == [123, 123, 123, 255])

        let same = PixelDiff.diffImage(a2, a2)
        #expect(TestImages.get(same, 50, 30) == [242, 242, 242, 255])
    }

    @Test func manyRegionsAreCapped() {
        let a = TestImages.solid(200, 200)
        var b = a
        for y in stride(from: 0, to: 200, by: 4) {
            for x in stride(from: 0, to: 200, by: 4) { TestImages.set(&b, x, y, black) }
        }
        let r = PixelDiff.compare(a, b)
        #expect(r.differentPixels == 2500)
        #expect(r.regions.count == PixelDiff.maxRegions && r.regionsTruncated)
        #expect(r.regions.first == PixelRegion(x: 0, y: 0, width: 1, height: 1))
        #expect(r.regions[50] == PixelRegion(x: 0, y: 4, width: 1, height: 1))
    }

    @Test func touchingComponentBoxesMerge() {
        // An L and a dot inside its bounding box: two components, one merged region.
        let a = TestImages.solid(20, 20)
        var b = a
        TestImages.fill(&b, x: 2, y: 2, width: 1, height: 10, black)
        TestImages.fill(&b, x: 2, y: 11, width: 10, height: 1, black)
        TestImages.set(&b, 8, 4, black)
        TestImages.set(&b, 15, 15, black)
        let r = PixelDiff.compare(a, b)
        #expect(
            r.regions == [
                PixelRegion(x: 2, y: 2, width: 10, height: 10), PixelRegion(x: 15, y: 15, width: 1, height: 1),
            ])
    }

    /// Random image pairs: few flat colours (so anti-aliasing detection triggers), noise blocks, shifts, alpha.
    static func randomPair(_ rng: inout TestRandom, maxSide: Int) -> (PixelImage, PixelImage) {
        let palette: [[UInt8]] = [
            [255, 255, 255, 255], [0, 0, 0, 255], [128, 128, 128, 255], [200, 30, 30, 255],
            [30, 30, 200, 120], [250, 250, 250, 255], [0, 0, 0, 0],
        ]
        let w = Int.random(in: 1...maxSide, using: &rng)
        let h = Int.random(in: 1...maxSide, using: &rng)
        var a = TestImages.solid(w, h, palette[Int.random(in: 0..<palette.count, using: &rng)])
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            let c = palette[Int.random(in: 0..<palette.count, using: &rng)]
            TestImages.fill(
                &a, x: Int.random(in: -2..<w, using: &rng), y: Int.random(in: -2..<h, using: &rng),
                width: Int.random(in: 1...max(1, w / 2), using: &rng),
                height: Int.random(in: 1...max(1, h / 2), using: &rng), c)
        }
        if Bool.random(using: &rng) {  // soft gray edge pixels
            for _ in 0..<Int.random(in: 0...20, using: &rng) {
                let v = UInt8.random(in: 0...255, using: &rng)
                TestImages.set(
                    &a, Int.random(in: 0..<w, using: &rng), Int.random(in: 0..<h, using: &rng), [v, v, v, 255])
            }
        }
        var b = a
        switch Int.random(in: 0..<4, using: &rng) {
        case 0:  // shift everything by a pixel
            let dx = Int.random(in: -1...1, using: &rng)
            let dy = Int.random(in: -1...1, using: &rng)
            for y in 0..<h {
                for x in 0..<w {
                    let sx = min(max(x - dx, 0), w - 1)
                    let sy = min(max(y - dy, 0), h - 1)
                    TestImages.set(&b, x, y, TestImages.get(a, sx, sy))
                }
            }
        case 1:  // noise block
            let bx = Int.random(in: 0..<w, using: &rng)
            let by = Int.random(in: 0..<h, using: &rng)
            for y in by..<min(h, by + Int.random(in: 1...6, using: &rng)) {
                for x in bx..<min(w, bx + Int.random(in: 1...6, using: &rng)) {
                    TestImages.set(&b, x, y, (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) })
                }
            }
        case 2:  // a few single-pixel changes, some small
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                var p = TestImages.get(a, Int.random(in: 0..<w, using: &rng), Int.random(in: 0..<h, using: &rng))
                p[0] = p[0] &+ UInt8.random(in: 1...60, using: &rng)
                TestImages.set(&b, Int.random(in: 0..<w, using: &rng), Int.random(in: 0..<h, using: &rng), p)
            }
        default:  // different size, random content
            b = TestImages.solid(Int.random(in: 1...maxSide, using: &rng), Int.random(in: 1...maxSide, using: &rng))
            for y in 0..<min(h, b.height) {
                for x in 0..<min(w, b.width) where Int.random(in: 0..<5, using: &rng) > 0 {
                    TestImages.set(&b, x, y, TestImages.get(a, x, y))
                }
            }
        }
        return (a, b)
    }

    static func checkAgainstTwin(_ a: PixelImage, _ b: PixelImage, _ options: DiffOptions) {
        let (fast, image) = PixelDiff.compareWithDiffImage(a, b, options: options)
        let slow = ReferenceDiff.run(a, b, options: options)
        #expect(fast.differentPixels == slow.differentPixels)
        #expect(fast.antialiasedPixels == slow.antialiasedPixels)
        #expect(fast.regions == slow.regions)
        #expect(fast.regionsTruncated == slow.truncated)
        let sameImage = image == slow.image
        #expect(sameImage, "diff image differs from the twin")
        #expect(fast.identical == (a == b))
        #expect(PixelDiff.compare(a, b, options: options) == fast)
    }

    @Test func matchesBruteForceTwinOnRandomPairs() {
        var rng = TestRandom(seed: 42)
        for _ in 0..<200 {
            let (a, b) = Self.randomPair(&rng, maxSide: 24)
            let options = DiffOptions(
                threshold: [0, 0.05, 0.1, 0.3][Int.random(in: 0..<4, using: &rng)],
                includeAntialiasing: Bool.random(using: &rng))
            Self.checkAgainstTwin(a, b, options)
        }
    }

    @Test func matchesBruteForceTwinOnLargeThreadedPairs() {
        var rng = TestRandom(seed: 7)
        for _ in 0..<3 {
            var (a, b) = Self.randomPair(&rng, maxSide: 16)
            // scale up past the threading threshold (65,536 px) by tiling, then add noise blocks across bands
            func tile(_ img: PixelImage) -> PixelImage {
                var out = TestImages.solid(320, 240)
                for y in 0..<240 {
                    for x in 0..<320 {
                        TestImages.set(&out, x, y, TestImages.get(img, x % img.width, y % img.height))
                    }
                }
                return out
            }
            a = tile(a)
            b = tile(a)
            for _ in 0..<8 {
                let bx = Int.random(in: 0..<320, using: &rng)
                let by = Int.random(in: 0..<240, using: &rng)
                for y in by..<min(240, by + 30) {
                    for x in bx..<min(320, bx + 12) where Int.random(in: 0..<3, using: &rng) == 0 {
                        TestImages.set(&b, x, y, [UInt8.random(in: 0...255, using: &rng), 0, 0, 255])
                    }
                }
            }
            Self.checkAgainstTwin(a, b, DiffOptions())
            Self.checkAgainstTwin(a, b, DiffOptions(includeAntialiasing: true))
        }
    }

    @Test func deterministic() {
        var rng = TestRandom(seed: 99)
        let (a, b) = Self.randomPair(&rng, maxSide: 24)
        let first = PixelDiff.compareWithDiffImage(a, b)
        for _ in 0..<5 {
            let again = PixelDiff.compareWithDiffImage(a, b)
            #expect(again.result == first.result && again.image == first.image)
        }
    }
}
