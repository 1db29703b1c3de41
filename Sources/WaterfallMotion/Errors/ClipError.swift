import WaterfallCairo
import WaterfallCore

/// Why a clip cannot be made, written or read back: one line naming the file or the option at
/// fault.
///
/// Each case says the kind of failure, so a caller can act on it:
///
/// ```swift
/// do {
///     var reader = try AnimatedPNGReader(bytes: bytes, name: "feed.scroll.png")
///     while let frame = try reader.next() { show(frame.image) }
/// } catch .unreadable(_, .stillPNG) {
///     showStill(bytes)
/// } catch {
///     print("error: \(error)")
/// }
/// ```
public enum ClipError: UserFacingError, Equatable {
    /// The file `file` cannot be read as an animated PNG; `problem` says why.
    case unreadable(file: String, problem: AnimatedPNGProblem)
    /// An encoder setting for `file` is out of range.
    case badSettings(file: String, problem: SettingsProblem)
    /// Frames of `width` × `height` pixels are more than `format` can hold, whose frames have at
    /// most `limit` pixels a side.
    case tooLarge(file: String, width: Int, height: Int, format: ClipFormat, limit: Int)
    /// A frame of the clip of `file` would be `width` × `height` device pixels, more than the
    /// `limit` pixels a clip's frame may have.
    case frameTooLarge(file: String, width: Int, height: Int, limit: Int)
    /// The clip of `file` would have `count` frames, more than the `limit` allowed.
    case tooManyFrames(file: String, count: Int, limit: Int)
    /// The frames of the clip of `file` in flight need about `needed` bytes, and only `available`
    /// can be had (a memory limit).
    case notEnoughMemory(file: String, needed: Int, available: Int)
    /// The clip `file` was finished without a frame.
    case noFrames(file: String)
    /// Frame number `frame` (from 1) of `file` is `width` × `height` pixels (or not well formed),
    /// not the clip's `clipWidth` × `clipHeight`.
    case wrongFrameSize(file: String, frame: Int, width: Int, height: Int, clipWidth: Int, clipHeight: Int)
    /// Frame number `frame` (from 1) of `file` has pixels that are not opaque.
    case translucentFrame(file: String, frame: Int)
    /// Frame number `frame` (from 1) of `file` could not be compressed; `problem` is what the
    /// compressor said.
    case frameNotEncoded(file: String, frame: Int, problem: String)
    /// A library (or the `ffmpeg` program) failed on `file`; `problem` is the rest of the line,
    /// what was asked and what it answered.
    case library(file: String, library: Library, problem: String)
    /// No memory could be had for `what` (such as "a palette") while writing `file`.
    case outOfMemory(file: String, what: String)
    /// The format `format` needs the program `program`, which is not installed.
    case missingProgram(program: String, format: ClipFormat)
    /// The file `file` cannot be written; `problem` is what the system said.
    case cannotWrite(file: String, problem: String)
    /// The frames kept on disk beside `file` (a GIF's, while its palette is made) cannot be
    /// written or read back.
    case spool(file: String, problem: SpoolProblem)
    /// A frame could not be kept on disk as a PNG; the error names the file.
    case png(PNGFileError)
    /// What was asked of the clip of `file` cannot be done.
    case badRequest(file: String, problem: RequestProblem)
    /// An encoder was used in an order it does not allow: a defect, not bad input.
    case misuse(file: String, problem: Misuse)

    /// The error on one line, naming the file or the option at fault.
    public var description: String {
        switch self {
        case .unreadable(let file, let problem): "\(file): \(problem)"
        case .badSettings(let file, let problem): "\(file): \(problem)"
        case .tooLarge(let file, let width, let height, let format, let limit):
            switch format {
            case .apng: "\(file): \(width) × \(height) is not a size PNG can hold"
            case .webp, .gif, .mp4:
                "\(file): \(width) × \(height) is larger than the \(limit) × \(limit) \(format.formatName) can hold"
            }
        case .frameTooLarge(let file, let width, let height, let limit):
            "\(file): a frame of \(width) × \(height) device pixels is larger than the \(limit) pixels a clip's "
                + "frame may have; give a smaller --viewport or --scale"
        case .tooManyFrames(let file, let count, let limit):
            "\(file): the clip would have \(count) frames, more than the \(limit) allowed; give a shorter "
                + "--duration or a lower --fps"
        case .notEnoughMemory(let file, let needed, let available):
            "\(file): the clip's frames in flight need about \(needed >> 20) MiB, and only \(available >> 20) MiB "
                + "can be had (a memory limit); give a smaller --viewport or --scale, or fewer formats"
        case .noFrames(let file): "\(file): a clip needs at least one frame"
        case .wrongFrameSize(let file, let frame, let width, let height, let clipWidth, let clipHeight):
            "\(file): frame \(frame) is \(width) × \(height) pixels, not the clip's \(clipWidth) × \(clipHeight)"
        case .translucentFrame(let file, let frame):
            "\(file): frame \(frame) has pixels that are not opaque; clips are of opaque frames"
        case .frameNotEncoded(let file, let frame, let problem):
            "\(file): frame \(frame) cannot be encoded (\(problem))"
        case .library(let file, _, let problem): "\(file): \(problem)"
        case .outOfMemory(let file, let what): "\(file): no memory for \(what)"
        case .missingProgram(let program, let format):
            "\(format.rawValue) needs the \(program) program, which is not installed; install \(program) or "
                + "choose \(Self.formats(besides: format))"
        case .cannotWrite(let file, let problem): "\(file): cannot be written (\(problem))"
        case .spool(let file, let problem): "\(file): \(problem)"
        case .png(let error): error.description
        case .badRequest(let file, let problem): "\(file): \(problem)"
        case .misuse(let file, let problem): "\(file): \(problem)"
        }
    }

    /// The formats other than `format`, as `apng, webp or gif`.
    private static func formats(besides format: ClipFormat) -> String {
        ProseList.joined(ClipFormat.allCases.filter { $0 != format }.map(\.rawValue), "or")
    }
}

extension ClipFormat {
    /// The format's name in a sentence: `PNG`, `WebP`, `GIF`, `MP4`.
    fileprivate var formatName: String {
        switch self {
        case .apng: "PNG"
        case .webp: "WebP"
        case .gif: "GIF"
        case .mp4: "MP4"
        }
    }
}
