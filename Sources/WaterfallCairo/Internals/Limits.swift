/// Sizes Cairo and the decoders can handle.
enum Limits {
    /// Cairo's largest image surface side, in device pixels.
    static let maxSurfaceSide = 32767
    /// The most pixels a decoded image may have (1 GiB of RGBA).
    static let maxImagePixels = 1 << 28
}
