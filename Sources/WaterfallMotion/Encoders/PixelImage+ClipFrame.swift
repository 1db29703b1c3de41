import WaterfallCore

extension PixelImage {
    /// Throws unless the image is a well-formed frame of `width` × `height` pixels; `index` counts
    /// frames from 0 and `file` is the clip's name in the error.
    func checkIsFrame(_ index: Int, width: Int, height: Int, file: String) throws {
        guard self.width == width, self.height == height, isWellFormed else {
            throw ClipError.wrongFrameSize(
                file: file, frame: index + 1, width: self.width, height: self.height, clipWidth: width,
                clipHeight: height)
        }
    }
}
