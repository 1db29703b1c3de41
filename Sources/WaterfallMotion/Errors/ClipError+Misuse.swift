extension ClipError {
    /// An encoder used in an order it does not allow: a defect in the caller, not bad input.
    public enum Misuse: Sendable, Equatable, CustomStringConvertible {
        /// Bytes written to the file after it was closed.
        case writtenAfterClose
        /// A frame kept on disk after the kept frames were read back.
        case keptAfterReplay
        /// A frame added after the clip was finished.
        case frameAfterFinish
        /// A shared palette asked for before any frame's colours were counted.
        case noColours
        /// A frame mapped to the shared palette before it was made.
        case noSharedPalette

        /// What went wrong, after the file's name.
        public var description: String {
            switch self {
            case .writtenAfterClose: "written after it was closed"
            case .keptAfterReplay: "frames kept after they were read"
            case .frameAfterFinish: "a frame added after the clip was finished"
            case .noColours: "no colours to make a palette of"
            case .noSharedPalette: "no shared palette made"
            }
        }
    }
}
