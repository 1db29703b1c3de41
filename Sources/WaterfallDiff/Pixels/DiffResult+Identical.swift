extension DiffResult {
    /// The result of comparing a `width` × `height` image with itself, known without looking at a
    /// pixel: what `PixelDiff.compare` answers for two byte-equal images.
    ///
    /// `waterfall diff` answers byte-identical files with it before decoding them.
    public static func identical(width: Int, height: Int) -> DiffResult {
        DiffResult(
            identical: true, sizeMismatch: nil, differentPixels: 0, antialiasedPixels: 0,
            totalPixels: width * height, regions: [], regionsTruncated: false, changedPixels: 0)
    }
}
