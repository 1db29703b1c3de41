extension ClipError {
    /// Why the frames kept on disk beside a clip (a GIF's, while its one palette is made) cannot
    /// be written or read back.
    public enum SpoolProblem: Sendable, Equatable, CustomStringConvertible {
        /// They cannot be written; the value is what the system said.
        case cannotWrite(String)
        /// They cannot be read; the value is what the system said.
        case cannotRead(String)
        /// One of them cannot be decoded again; the value is what the PNG decoder said.
        case unreadableFrame(String)
        /// The file they were kept in ends early.
        case endsEarly

        /// What is wrong, after the file's name.
        public var description: String {
            switch self {
            case .cannotWrite(let problem): "cannot keep frames beside it (\(problem))"
            case .cannotRead(let problem): "cannot read the frames kept beside it (\(problem))"
            case .unreadableFrame(let problem): "a frame kept beside it cannot be read back (\(problem))"
            case .endsEarly: "the frames kept beside it end early"
            }
        }
    }
}
