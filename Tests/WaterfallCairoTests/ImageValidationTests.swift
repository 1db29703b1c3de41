import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallRender

/// `ImageDecoder.validate`, which proves an image whole for outputs that never draw it, fails
/// exactly when and as `decode` does, and keeps no pixels.
@Suite struct ImageValidationTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/images").path

    /// The JPEG and PNG files the mutations start from.
    static func originals() throws -> [(name: String, format: SceneImage.Format, bytes: [UInt8])] {
        var files: [(String, SceneImage.Format, [UInt8])] = [
            ("two halves", .jpeg, JPEGFixture.twoHalves), ("progressive", .jpeg, JPEGFixture.progressive),
        ]
        for name in ["fog.jpg", "sunset.jpg", "meadow.png", "night.png"] {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: examples + "/" + name)))
            files.append((name, name.hasSuffix(".png") ? .png : .jpeg, bytes))
        }
        return files
    }

    /// What `body` throws, as text, or `nil`.
    static func problem(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Copies of `bytes` cut short and with single bytes changed, at spread-out places.
    static func mutations(of bytes: [UInt8]) -> [[UInt8]] {
        var all: [[UInt8]] = [[], Array(bytes.prefix(1)), Array(bytes.prefix(2)), Array(bytes.dropLast())]
        let step = max(1, bytes.count / 150)
        for length in stride(from: 3, to: bytes.count, by: step) { all.append(Array(bytes.prefix(length))) }
        for position in stride(from: 0, to: bytes.count, by: max(1, step / 2)) {
            for value: UInt8 in [0x00, 0xFF, bytes[position] ^ 0x10] {
                var changed = bytes
                changed[position] = value
                all.append(changed)
            }
        }
        return all
    }

    @Test func validationFailsExactlyWhenAndAsDecodingDoes() throws {
        var failures = 0
        var checked = 0
        for original in try Self.originals() {
            for bytes in Self.mutations(of: original.bytes) {
                // A fresh image each time: nothing decoded is shared between the two.
                func image() -> SceneImage {
                    SceneImage(path: original.name, format: original.format, data: bytes, pixelWidth: 1, pixelHeight: 1)
                }
                let decoded = Self.problem { _ = try ImageDecoder.decode(image()) }
                let validated = Self.problem { try ImageDecoder.validate(image()) }
                #expect(validated == decoded, "\(original.name), \(bytes.count) bytes")
                checked += 1
                if decoded != nil { failures += 1 }
            }
        }
        // Both kinds are there: damage that decodes anyway (as browsers show it), and damage that does not.
        #expect(failures > 100 && checked - failures > 100, "\(failures) of \(checked) fail")
    }

    @Test func validationKeepsNoPixelsAndTakesHeldOnesAsProof() throws {
        for original in try Self.originals() {
            let image = SceneImage(
                path: original.name, format: original.format, data: original.bytes, pixelWidth: 1, pixelHeight: 1,
                decoded: DecodedPixels(budget: PixelBudget()))
            try ImageDecoder.validate(image)
            #expect(!image.decoded.isHeld, "\(original.name)")
            _ = try ImageDecoder.decode(image)
            #expect(image.decoded.isHeld, "\(original.name)")
            try ImageDecoder.validate(image)
        }
    }
}
