import WaterfallCore

/// Settings for `PixelDiff`, with pixelmatch's defaults.
public struct DiffOptions: Sendable, Equatable {
    /// Matching threshold in 0...1 (pixelmatch semantics); smaller is more sensitive.
    public var threshold: Double
    /// When true, pixels detected as anti-aliasing are counted as different too.
    public var includeAntialiasing: Bool
    /// Opacity (0...1) of the grayscale copy of image A shown under the diff.
    public var fadeAlpha: Double
    /// Colour of changed pixels in the diff image.
    public var diffColor: DiffColor
    /// Colour of anti-aliased (not counted) pixels in the diff image.
    public var antialiasingColor: DiffColor

    /// Creates options; every parameter has pixelmatch's default.
    public init(
        threshold: Double = 0.1,
        includeAntialiasing: Bool = false,
        fadeAlpha: Double = 0.1,
        diffColor: DiffColor = .red,
        antialiasingColor: DiffColor = .yellow
    ) {
        self.threshold = threshold
        self.includeAntialiasing = includeAntialiasing
        self.fadeAlpha = fadeAlpha
        self.diffColor = diffColor
        self.antialiasingColor = antialiasingColor
    }
}
