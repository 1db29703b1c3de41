import Foundation

/// Makes the encoder of a format.
public enum ClipEncoders {
    /// An encoder writing a clip of `frameCount` frames of `width` × `height` pixels in `format`
    /// into the file at `path` (a staged file the caller renames into place when it is done).
    ///
    /// - Parameters:
    ///   - format: The file format.
    ///   - path: The file to write, created or truncated.
    ///   - width: Every frame's width in pixels.
    ///   - height: Every frame's height in pixels.
    ///   - frameCount: How many frames will be added.
    ///   - options: The frame rate and the format's choices.
    ///   - name: What errors call the file (the path it will be renamed to); `path` when `nil`.
    ///   - searchPath: The folders, `:`-separated, in which `mp4` looks for the `ffmpeg` program;
    ///     the `PATH` when `nil`.
    /// - Throws: ``ClipError`` when the format cannot be written here (`mp4` without `ffmpeg`)
    ///   or the file cannot be created.
    public static func make(
        _ format: ClipFormat, path: String, width: Int, height: Int, frameCount: Int, options: ClipOptions,
        name: String? = nil, searchPath: String? = nil
    ) throws -> any ClipEncoder {
        let name = name ?? path
        guard width > 0, height > 0 else {
            throw ClipError.badSettings(file: name, problem: .frameSize(width: width, height: height))
        }
        guard ClipRequest.fpsRange.contains(options.fps) else {
            throw ClipError.badSettings(file: name, problem: .fps(options.fps, allowed: ClipRequest.fpsRange))
        }
        if let quality = options.quality, !(0...100).contains(quality) {
            throw ClipError.badSettings(file: name, problem: .quality(quality, allowed: 0...100))
        }
        switch format {
        case .apng:
            return try APNGEncoder(path: path, name: name, width: width, height: height, fps: options.fps)
        case .webp:
            return try WebPEncoder(path: path, name: name, width: width, height: height, options: options)
        case .gif:
            return try GIFEncoder(path: path, name: name, width: width, height: height, options: options)
        case .mp4:
            let folders = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
            guard let ffmpeg = MP4Encoder.findProgram("ffmpeg", searchPath: folders) else {
                throw ClipError.missingProgram(program: "ffmpeg", format: .mp4)
            }
            return try MP4Encoder(
                path: path, name: name, width: width, height: height, options: options, ffmpeg: ffmpeg)
        }
    }
}
