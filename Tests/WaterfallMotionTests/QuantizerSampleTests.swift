import Testing
import WaterfallCore

@testable import WaterfallMotion

/// The quantizer's sampling, beside the plain loop it stands for.
struct QuantizerSampleTests {
    @Test func aSampleIsEveryFourthPixelOfEveryFourthRow() {
        let image = ClipFrames.movingRectangle(count: 1, width: 301, height: 263, grain: 9)[0]
        let sample = Quantizer.sample(of: image)
        #expect(sample.width == 76 && sample.height == 66)
        var expected: [UInt8] = []
        for y in stride(from: 0, to: image.height, by: 4) {
            for x in stride(from: 0, to: image.width, by: 4) {
                let start = (y * image.width + x) * 4
                expected += image.pixels[start..<start + 4]
            }
        }
        #expect(sample.pixels == expected)
        let small = ClipFrames.movingRectangle(count: 1)[0]
        #expect(small.width * small.height < Quantizer.smallestSampled)
        #expect(Quantizer.sample(of: small) == small)
    }

    @Test func aPaletteFromASampleIsAlmostAsCloseAsOneFromEveryPixel() throws {
        let image = ClipFrames.movingRectangle(count: 1, width: 400, height: 300, grain: 12)[0]
        func meanError(_ quantizer: Quantizer) throws -> Double {
            let indexed = try quantizer.quantize(image)
            var total = 0
            for pixel in 0..<(image.width * image.height) {
                let colour = Int(indexed.indices[pixel]) * 3
                for channel in 0..<3 {
                    total += abs(Int(image.pixels[pixel * 4 + channel]) - Int(indexed.palette[colour + channel]))
                }
            }
            return Double(total) / Double(image.width * image.height * 3)
        }
        let sampled = try meanError(Quantizer(dither: false, name: "sampled"))
        let whole = try meanError(Quantizer(dither: false, name: "whole", samplesLargeImages: false))
        #expect(whole < 16, "every pixel: \(whole)")
        #expect(sampled <= whole * 1.05 + 0.1, "sampled \(sampled), every pixel \(whole)")
    }
}
