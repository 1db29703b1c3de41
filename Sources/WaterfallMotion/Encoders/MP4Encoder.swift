import Dispatch
import Foundation
import SystemPackage
import WaterfallCore
import WaterfallPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes H.264 in MP4 through the `ffmpeg` program, its frames piped to it raw.
///
/// ffmpeg reads RGBA frames of the clip's size at its frame rate on standard input and writes
/// x264 at constant quality (CRF 18 by default: visually lossless for rendered screens; a
/// `quality` q maps to CRF 51 × (100 − q) / 100) tuned for animation (twice the reference
/// frames, lighter deblocking and psychovisual tuning, for flat colours and sharp edges: on the
/// benchmark's clip 8 % smaller than x264's default tuning at a higher PSNR and SSIM, for a
/// quarter more of x264's time), 4:2:0 in BT.709 (so players convert it back to
/// the colours drawn), with the index first for streaming (`+faststart`). 4:2:0 needs an even
/// width and height: an odd one gains a black column or row (the padding is left out of ffmpeg's
/// filters when both are even, where it would only copy each frame: a third of ffmpeg's time on
/// the benchmark's clip). Its bytes are ffmpeg's and x264's, not
/// promised to be the same from one run or machine to the next.
final class MP4Encoder: ClipEncoder {
    private let process = Process()
    /// ffmpeg's standard input, closed by `finish` or `deinit` (through the handle, which owns it).
    private let inputHandle: FileHandle
    private let input: FileDescriptor
    private let errors: ErrorTail
    private let name: String
    private let width: Int
    private let height: Int
    private var count = 0
    private var finished = false

    /// CRF when no quality is given.
    static let defaultCRF = 18

    /// Starts `ffmpeg` (the program at `ffmpeg`) writing the clip to `path`, called `name` in errors.
    init(path: String, name: String, width: Int, height: Int, options: ClipOptions, ffmpeg: String) throws {
        self.name = name
        self.width = width
        self.height = height
        // A write to ffmpeg after it died fails with EPIPE, which becomes the error, instead of
        // ending this process.
        Syscalls.ignoreBrokenPipes()
        let crf = options.quality.map { Int((Double(100 - $0) * 51 / 100).rounded()) } ?? Self.defaultCRF
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-hide_banner", "-nostdin", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", "\(options.fps)", "-i", "pipe:0",
            "-vf",
            (width % 2 == 0 && height % 2 == 0 ? "" : "pad=ceil(iw/2)*2:ceil(ih/2)*2,")
                + "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p",
            "-c:v", "libx264", "-crf", "\(crf)", "-tune", "animation", "-pix_fmt", "yuv420p",
            "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
            "-movflags", "+faststart", "-an", "-f", "mp4", "-y", path,
        ]
        let inputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardInput = inputPipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorPipe
        // Only ffmpeg may hold the pipes' other ends: a program started meanwhile must not keep
        // ffmpeg's input open (ffmpeg would wait for more frames) or its errors unread.
        for handle in [inputPipe.fileHandleForWriting, errorPipe.fileHandleForReading] {
            _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
        }
        do {
            try process.run()
        } catch {
            throw ClipError(reason: "\(name): ffmpeg (\(ffmpeg)) could not be started (\(error.localizedDescription))")
        }
        try? inputPipe.fileHandleForReading.close()
        try? errorPipe.fileHandleForWriting.close()
        inputHandle = inputPipe.fileHandleForWriting
        input = FileDescriptor(rawValue: inputHandle.fileDescriptor)
        errors = ErrorTail(reading: errorPipe.fileHandleForReading)
    }

    deinit {
        guard !finished else { return }
        try? inputHandle.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        errors.wait()
    }

    /// The program `name` in the folders of `searchPath` (`:`-separated, as `PATH`), or `nil`.
    static func findProgram(_ name: String, searchPath: String) -> String? {
        for folder in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let path = (folder.isEmpty ? "." : String(folder)) + "/" + name
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                FileManager.default.isExecutableFile(atPath: path)
            {
                return path
            }
        }
        return nil
    }

    func add(_ frame: PixelImage) throws {
        try frame.checkIsFrame(count, width: width, height: height, file: name)
        guard !finished else { throw ClipError(reason: "\(name): a frame added after the clip was finished") }
        if let failure = frame.pixels.withUnsafeBytes({ Syscalls.writeAll($0, to: input) }) {
            throw stopped(writing: failure)
        }
        count += 1
    }

    func finish() throws {
        guard !finished else { return }
        finished = true
        try? inputHandle.close()
        process.waitUntilExit()
        errors.wait()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw ClipError(
                reason: "\(name): ffmpeg failed (\(exitDescription)): \(errors.lastLine ?? "it said nothing")")
        }
        guard count > 0 else { throw ClipError(reason: "\(name): a clip needs at least one frame") }
    }

    /// The error of a write to ffmpeg that failed: what ffmpeg said before it stopped.
    private func stopped(writing failure: Errno) -> ClipError {
        finished = true
        try? inputHandle.close()
        if failure != .brokenPipe, process.isRunning { process.terminate() }
        process.waitUntilExit()
        errors.wait()
        let said = errors.lastLine ?? "it said nothing"
        return ClipError(reason: "\(name): ffmpeg stopped reading frames (\(exitDescription)): \(said)")
    }

    private var exitDescription: String {
        process.terminationReason == .uncaughtSignal
            ? "signal \(process.terminationStatus)" : "exit status \(process.terminationStatus)"
    }
}

/// What a child process writes on standard error, read on a thread of its own until it closes
/// (so that the child never waits on a full pipe); only the last few kilobytes are kept.
private final class ErrorTail: @unchecked Sendable {
    private let text = Locked<[UInt8]>([])
    private let done = DispatchSemaphore(value: 0)
    private var waited = false

    /// The most bytes kept.
    static let limit = 8 << 10

    init(reading handle: FileHandle) {
        let text = text
        let done = done
        StackThread.start(size: 256 << 10) {
            defer {
                try? handle.close()
                done.signal()
            }
            let descriptor = FileDescriptor(rawValue: handle.fileDescriptor)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count =
                    (try? buffer.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }) ?? 0
                guard count > 0 else { return }
                text.withLock { kept in
                    kept += buffer[..<count]
                    if kept.count > Self.limit { kept.removeFirst(kept.count - Self.limit) }
                }
            }
        }
    }

    /// Waits until the child has closed standard error.
    func wait() {
        guard !waited else { return }
        waited = true
        done.wait()
    }

    /// The last line that has more than white space, trimmed.
    var lastLine: String? {
        let all = String(decoding: text.withLock { $0 }, as: UTF8.self)
        return all.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .last { !$0.isEmpty }
    }
}
