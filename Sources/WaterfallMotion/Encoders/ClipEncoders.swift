/// Makes the encoder of a format.
public enum ClipEncoders {
    /// An encoder writing a clip of `frameCount` frames of `width` × `height` pixels in `format`
    /// into the file at `path` (a staged file the caller renames into place when it is done).
    ///
    /// - Throws: ``ClipError`` when the format cannot be written here (`mp4` without `ffmpeg`)
    ///   or the file cannot be created.
    public static func make(
        _ format: ClipFormat, path: String, width: Int, height: Int, frameCount: Int, options: ClipOptions
    ) throws -> any ClipEncoder {
        throw ClipError(reason: "\(format.rawValue) clips are not written yet")
    }
}

/// Why a clip cannot be made, in one line.
public struct ClipError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the file or the option at fault.
    public var reason: String

    /// Creates an error with its reason.
    public init(reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
