extension ClipError {
    /// A library or program a clip encoder calls.
    public enum Library: String, Sendable, Equatable, CaseIterable {
        /// libwebp and its muxer, for WebP.
        case libwebp
        /// giflib, for GIF.
        case giflib
        /// libimagequant, for GIF's palettes.
        case libimagequant
        /// The `ffmpeg` program, for MP4.
        case ffmpeg
    }
}
