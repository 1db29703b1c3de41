import WaterfallCairo
import WaterfallCore

/// A baseline picture compared with the pixels drawn now: the comparison `check` makes of every
/// tile and the snapshot strategies make of every PNG snapshot.
public struct PictureComparison: Sendable {
    /// The baseline's pixels.
    public var reference: PixelImage
    /// The pixel comparison.
    public var result: DiffResult
    /// The diff picture as PNG; `nil` when the pixels are equal.
    public var diffImage: [UInt8]?
    /// Whether the drawn pixels equal the baseline's exactly (whatever the threshold).
    public var isIdentical: Bool { diffImage == nil }

    /// Decodes the baseline PNG `reference` (named `name` in errors) and compares it with `actual`.
    public init(reference png: [UInt8], name: String, actual: PixelImage, options: DiffOptions) throws {
        reference = try PixelImage(png: png, name: name)
        // Most tiles of a check are unchanged: equal pixels need no diff picture and no second
        // scan, their counts are an identical pair's (`IdenticalFilesTests`).
        guard reference != actual else {
            result = DiffResult.identical(width: actual.width, height: actual.height)
            diffImage = nil
            return
        }
        let (result, image) = PixelDiff.compareWithDiffImage(reference, actual, options: options)
        self.result = result
        diffImage = try image.pngBytes(name: name + " (diff)")
    }
}
