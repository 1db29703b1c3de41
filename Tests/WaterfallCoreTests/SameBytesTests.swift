import Testing
import WaterfallCore

/// The memory comparison gives the answers of the array's own `==`, and pictures compare by it.
@Suite struct SameBytesTests {
    static let bytes: [UInt8] = (0..<4_099).map { (index: Int) -> UInt8 in UInt8(truncatingIfNeeded: index &* 7) }

    @Test func equalAndDifferingArraysAnswerAsTheArraysEqualityDoes() {
        var cases: [([UInt8], [UInt8])] = [([], []), ([], [0]), ([0], []), (Self.bytes, Self.bytes)]
        cases.append((Self.bytes, Array(Self.bytes.dropLast())))
        for place in [0, 1, 31, 32, 2_048, Self.bytes.count - 1] {
            var changed = Self.bytes
            changed[place] &+= 1
            cases.append((Self.bytes, changed))
            cases.append((changed, Self.bytes))
        }
        for (a, b) in cases {
            #expect(a.hasSameBytes(as: b) == (a == b), "\(a.count) and \(b.count) bytes")
        }
        #expect(cases.filter { $0.0.hasSameBytes(as: $0.1) }.count == 2)
    }

    @Test func picturesAreEqualWhenSizeAndEveryByteAre() {
        let pixels = Array(Self.bytes.prefix(4 * 32))
        let image = PixelImage(width: 8, height: 4, pixels: pixels)
        #expect(image == PixelImage(width: 8, height: 4, pixels: pixels))
        // The same bytes as another shape are another picture.
        #expect(image != PixelImage(width: 4, height: 8, pixels: pixels))
        var last = pixels
        last[last.count - 1] &+= 1
        #expect(image != PixelImage(width: 8, height: 4, pixels: last))
    }
}
