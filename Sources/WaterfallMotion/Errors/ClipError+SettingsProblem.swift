extension ClipError {
    /// An encoder setting out of range (``ClipEncoders``).
    public enum SettingsProblem: Sendable, Equatable, CustomStringConvertible {
        /// Frames of `width` × `height` pixels, one of them below 1.
        case frameSize(width: Int, height: Int)
        /// A frame rate of `fps` frames a second, outside `allowed`.
        case fps(Int, allowed: ClosedRange<Int>)
        /// A quality of `quality`, outside `allowed`.
        case quality(Int, allowed: ClosedRange<Int>)

        /// What is wrong, after the file's name.
        public var description: String {
            switch self {
            case .frameSize(let width, let height):
                "a clip's frames must be at least 1 × 1 pixel, not \(width) × \(height)"
            case .fps(let fps, let allowed):
                "\(fps) frames a second is not from \(allowed.lowerBound) to \(allowed.upperBound)"
            case .quality(let quality, let allowed):
                "quality \(quality) is not from \(allowed.lowerBound) to \(allowed.upperBound)"
            }
        }
    }
}
