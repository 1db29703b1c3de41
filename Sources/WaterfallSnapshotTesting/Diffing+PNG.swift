import Foundation
import SnapshotTesting
import WaterfallCairo
import WaterfallCore
import WaterfallDiff

extension Diffing where Value == Data {
    /// Compares PNG data by decoded pixels, on Linux as anywhere, with the same perceptual diff as
    /// `waterfall diff`.
    ///
    /// On failure the reference, the actual picture and a diff image are written to
    /// `SNAPSHOT_ARTIFACTS` (or the temporary folder) and the message says where.
    ///
    /// - Parameters:
    ///   - precision: The share of pixels that must match, from 0 to 1.
    ///   - perceptualPrecision: How close a pixel must be to count as matching, from 0 to 1: 1 is
    ///     exact, 0.9 is `waterfall diff`'s default threshold of 0.1.
    public static func pngPixels(precision: Double = 1, perceptualPrecision: Double = 1) -> Diffing {
        .diff(
            toData: { $0 }, fromData: { $0 },
            diffV2: { reference, actual in
                // Equal bytes pass only when they are a picture: an error text is never a match.
                let isPNG = PNGFormat.hasSignature(actual)
                guard reference != actual || !isPNG else { return nil }
                return PNGSnapshotComparison(
                    reference: reference, actual: actual, precision: precision, perceptualPrecision: perceptualPrecision
                ).failure()
            })
    }
}
