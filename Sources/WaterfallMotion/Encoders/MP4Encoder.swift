import CWaterfallMotion
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
/// Each frame is converted to 4:2:0 by libyuv (BT.601, studio range) and piped to ffmpeg raw, which
/// writes x264 at constant quality (CRF 18 by default: visually lossless for rendered screens; a
/// `quality` q maps to CRF 51 × (100 − q) / 100) tuned for animation (twice the reference
/// frames, lighter deblocking and psychovisual tuning, for flat colours and sharp edges: on the
/// benchmark's clip 8 % smaller than x264's default tuning at a higher PSNR and SSIM) with the
/// diamond motion search (a scrolling screen moves all one way, which the motion vectors of its
/// neighbours predict: on the benchmark's clip the diamond's file was 0.5 % larger than the
/// hexagon search's, in 8 % less of x264's time), tagged with the matrix it was converted with so
/// that players convert it back to the colours drawn, with the index first for streaming
/// (`+faststart`). Converting here, with SIMD, rather than in ffmpeg's
/// filters sends 1.5 bytes a pixel through the pipe instead of 4 and keeps ffmpeg's one thread
/// before x264 free: on the benchmark's clip 2.43 s against 2.60 s, at a higher SSIM. 4:2:0 needs
/// an even width and height: an odd one gains a black column or row. Its bytes are ffmpeg's and
/// x264's, not promised to be the same from one run or machine to the next.
final class MP4Encoder: ClipEncoder {
    private let process = Process()
    /// ffmpeg's standard input, closed by `finish` or `deinit` (through the handle, which owns it).
    private let inputHandle: FileHandle
    private let input: FileDescriptor
    private let errors: ErrorTail
    private let name: String
    private let width: Int
    private let height: Int
    /// The size of the frames ffmpeg reads: 4:2:0 needs an even width and height.
    private let evenWidth: Int
    private let evenHeight: Int
    /// A frame in 4:2:0 (Y, then U, then V), written for each frame.
    private var planes: [UInt8] = []
    /// A frame widened to the even size, for odd sizes.
    private var padded: [UInt8] = []
    private var count = 0
    private var finished = false

    /// CRF when no quality is given.
    static let defaultCRF = 18

    /// Starts `ffmpeg` (the program at `ffmpeg`) writing the clip to `path`, called `name` in errors.
    init(path: String, name: String, width: Int, height: Int, options: ClipOptions, ffmpeg: String) throws {
        self.name = name
        self.width = width
        self.height = height
        evenWidth = width + width % 2
        evenHeight = height + height % 2
        // A write to ffmpeg after it died fails with EPIPE, which becomes the error, instead of
        // ending this process.
        Syscalls.ignoreBrokenPipes()
        let crf = options.quality.map { Int((Double(100 - $0) * 51 / 100).rounded()) } ?? Self.defaultCRF
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-hide_banner", "-nostdin", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(evenWidth)x\(evenHeight)", "-r", "\(options.fps)",
            "-i", "pipe:0",
            "-c:v", "libx264", "-crf", "\(crf)", "-tune", "animation", "-x264-params", "me=dia", "-pix_fmt", "yuv420p",
            // The matrix the frames were converted with (BT.601), sRGB's primaries and transfer.
            "-colorspace", "smpte170m", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
            "-movflags", "+faststart", "-an", "-f", "mp4", "-y", path,
        ]
        process.environment = Self.environment(ProcessInfo.processInfo.environment)
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
            throw ClipError.library(
                file: name, library: .ffmpeg,
                problem: "ffmpeg (\(ffmpeg)) could not be started (\(error.localizedDescription))")
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

    /// ffmpeg's environment: this process's, with glibc's allocator told to keep freed frames for
    /// reuse.
    ///
    /// ffmpeg allocates each frame it reads anew; glibc's defaults give the larger ones back to the
    /// system when freed, so every frame's pages are faulted in and zeroed again. On the
    /// benchmark's clip that took 0.4–0.8 s of system time in ffmpeg; kept in the heap, 0.2 s.
    /// Settings already given in `GLIBC_TUNABLES` come after these, so they win.
    static func environment(_ inherited: [String: String]) -> [String: String] {
        var environment = inherited
        let heap = "glibc.malloc.mmap_threshold=\(32 << 20):glibc.malloc.trim_threshold=\(256 << 20)"
        let given = inherited["GLIBC_TUNABLES"] ?? ""
        environment["GLIBC_TUNABLES"] = given.isEmpty ? heap : heap + ":" + given
        return environment
    }

    /// The program `name` in the folders of `searchPath` (`:`-separated, as `PATH`), or `nil`.
    static func findProgram(_ name: String, searchPath: String) -> String? {
        for folder in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let path = Path.join(folder.isEmpty ? "." : String(folder), name)
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
        guard !finished else { throw ClipError.misuse(file: name, problem: .frameAfterFinish) }
        convert(frame)
        if let failure = planes.withUnsafeBytes({ Syscalls.writeAll($0, to: input) }) {
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
            throw ClipError.library(
                file: name, library: .ffmpeg,
                problem: "ffmpeg failed (\(exitDescription)): \(errors.lastLine ?? "it said nothing")")
        }
        guard count > 0 else { throw ClipError.noFrames(file: name) }
    }

    /// Converts `frame` into ``planes``: 4:2:0 by libyuv (BT.601, studio range, each chroma sample
    /// the mean of its 2 × 2 pixels), widened with black to an even size where it is odd.
    private func convert(_ frame: PixelImage) {
        let chromaWidth = evenWidth / 2
        let chromaHeight = evenHeight / 2
        let lumaBytes = evenWidth * evenHeight
        if planes.isEmpty { planes = [UInt8](repeating: 0, count: lumaBytes + 2 * chromaWidth * chromaHeight) }
        let stride = evenWidth * 4
        if evenWidth != width || evenHeight != height {
            if padded.isEmpty {
                // Opaque black where the frame does not reach.
                padded = [UInt8](repeating: 0, count: stride * evenHeight)
                for pixel in 0..<(evenWidth * evenHeight) { padded[pixel * 4 + 3] = 255 }
            }
            frame.pixels.withUnsafeBufferPointer { source in
                padded.withUnsafeMutableBufferPointer { target in
                    for row in 0..<height {
                        (target.baseAddress! + row * stride).update(
                            from: source.baseAddress! + row * width * 4, count: width * 4)
                    }
                }
            }
        }
        let rgba = padded.isEmpty ? frame.pixels : padded
        rgba.withUnsafeBufferPointer { source in
            planes.withUnsafeMutableBufferPointer { target in
                let y = target.baseAddress!
                let u = y + lumaBytes
                let v = u + chromaWidth * chromaHeight
                // libyuv names formats by their 32-bit words, least significant byte first: RGBA
                // bytes are its ABGR.
                _ = ABGRToI420(
                    source.baseAddress, Int32(stride), y, Int32(evenWidth), u, Int32(chromaWidth), v,
                    Int32(chromaWidth), Int32(evenWidth), Int32(evenHeight))
            }
        }
    }

    /// The error of a write to ffmpeg that failed: what ffmpeg said before it stopped.
    private func stopped(writing failure: Errno) -> ClipError {
        finished = true
        try? inputHandle.close()
        if failure != .brokenPipe, process.isRunning { process.terminate() }
        process.waitUntilExit()
        errors.wait()
        let said = errors.lastLine ?? "it said nothing"
        return .library(
            file: name, library: .ffmpeg, problem: "ffmpeg stopped reading frames (\(exitDescription)): \(said)")
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
