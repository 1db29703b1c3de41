import Foundation
import WaterfallCairo
import WaterfallCore

extension PictureComparison {
    /// Two PNG files compared pixel by pixel, as `waterfall diff` compares them.
    ///
    /// Equal bytes are answered from the header without decoding. Without a diff image, files of
    /// Waterfall's own writer are read a segment at a time and compared as they are read;
    /// anything else, or any failure there, is decoded whole, both files at once (one on each
    /// core), and refused there if it must be.
    ///
    /// - Parameters:
    ///   - old: The reference PNG's bytes.
    ///   - oldName: Its name in error messages.
    ///   - new: The other PNG's bytes.
    ///   - newName: Its name in error messages.
    ///   - options: The threshold and whether anti-aliased pixels count.
    ///   - diffImage: Whether to draw the diff image.
    /// - Returns: The comparison, and the diff image when asked for.
    public static func compare(
        png old: [UInt8], named oldName: String, with new: [UInt8], named newName: String, options: DiffOptions,
        diffImage: Bool = false
    ) throws(PNGFileError) -> (result: DiffResult, diffImage: PixelImage?) {
        if !diffImage, old.hasSameBytes(as: new), let size = PNGCodec.size(of: old) {
            return (DiffResult.identical(width: size.width, height: size.height), nil)
        }
        if !diffImage, let a = PNGCodec.rowReader(old), let b = PNGCodec.rowReader(new),
            let result = PixelDiff.compare(feed(a), feed(b), options: options)
        {
            return (result, nil)
        }
        let decoded = WorkerPool.map(count: 2, workers: 2) { index in
            Result { () throws(PNGFileError) in
                index == 0 ? try PixelImage(png: old, name: oldName) : try PixelImage(png: new, name: newName)
            }
        }
        let (a, b) = (try decoded[0].get(), try decoded[1].get())
        guard diffImage else { return (PixelDiff.compare(a, b, options: options), nil) }
        let (result, image) = PixelDiff.compareWithDiffImage(a, b, options: options)
        return (result, image)
    }

    /// The rows of a PNG as its reader decodes them.
    package static func feed(_ reader: PNGRowReader) -> PixelRowFeed {
        PixelRowFeed(
            width: reader.width, height: reader.height,
            advance: { keep, end in reader.advance(keeping: keep, through: end) ? reader.origin : nil },
            finish: { reader.finish() })
    }
}
