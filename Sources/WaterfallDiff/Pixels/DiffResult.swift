/// What `PixelDiff.compare` found.
public struct DiffResult: Sendable, Equatable {
    /// True when both images have the same size and byte-equal pixels.
    public var identical: Bool
    /// Set when the sizes differ; only the common top-left area is then compared.
    public var sizeMismatch: DiffSizeMismatch?
    /// Pixels over the threshold, excluding anti-aliasing unless `includeAntialiasing`.
    public var differentPixels: Int
    /// Pixels with any changed channel, whatever the threshold: a change too faint to count is
    /// still reported, so no change goes unseen.
    public var changedPixels: Int
    /// Pixels over the threshold detected as anti-aliasing (also in `differentPixels` when included).
    public var antialiasedPixels: Int
    /// Pixels compared: the common area of both images.
    public var totalPixels: Int
    /// Bounding boxes of 8-connected groups of different pixels, merged when touching, sorted by y then x.
    public var regions: [PixelRegion]
    /// True when `regions` was capped at `PixelDiff.maxRegions` or left unmerged because of too many components.
    public var regionsTruncated: Bool

    /// Creates a result.
    public init(
        identical: Bool,
        sizeMismatch: DiffSizeMismatch?,
        differentPixels: Int,
        antialiasedPixels: Int,
        totalPixels: Int,
        regions: [PixelRegion],
        regionsTruncated: Bool,
        changedPixels: Int = 0
    ) {
        self.changedPixels = changedPixels
        self.identical = identical
        self.sizeMismatch = sizeMismatch
        self.differentPixels = differentPixels
        self.antialiasedPixels = antialiasedPixels
        self.totalPixels = totalPixels
        self.regions = regions
        self.regionsTruncated = regionsTruncated
    }

    /// `differentPixels / totalPixels`, or 0 when nothing was compared.
    public var share: Double {
        totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels)
    }

    /// True when any pixel counts as different or the sizes differ.
    public var isDifferent: Bool {
        differentPixels > 0 || sizeMismatch != nil
    }
}
