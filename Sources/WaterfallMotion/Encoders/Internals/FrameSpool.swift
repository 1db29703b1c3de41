import SystemPackage
import WaterfallCairo
import WaterfallCore
import WaterfallPipeline

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Images kept on disk until they can be written: a GIF's changed rectangles while the clip's one
/// palette is made from all of them.
///
/// Each is stored as PNG (lossless, and small and quick for rendered screens) with where it goes
/// and how long it shows, in a temporary file beside the clip, named and swept as every staged file
/// is (removed on SIGINT or SIGTERM, and by the next run after SIGKILL). Memory holds one image at
/// a time, however long the clip.
final class FrameSpool {
    /// One image and where it goes.
    struct Entry {
        var rect: PixelRect
        /// How long it shows, in the format's unit.
        var delay: Int
        var image: PixelImage
    }

    private let path: String
    private let name: String
    private var writer: FileDescriptor?
    private var removed = false

    /// A new empty spool beside the file at `target` (called `name` in errors).
    init(beside target: String, name: String) throws {
        path = TemporaryFiles.path(for: target)
        self.name = name
        switch TemporaryFiles.create(path) {
        case .success(let descriptor): writer = descriptor
        case .failure(let error):
            throw ClipError.spool(file: name, problem: .cannotWrite(error.description))
        }
    }

    deinit { remove() }

    /// Adds `image`, shown at `rect` for `delay`.
    func append(_ image: PixelImage, at rect: PixelRect, delay: Int) throws {
        guard let writer else { throw ClipError.misuse(file: name, problem: .keptAfterReplay) }
        let png: [UInt8]
        do {
            png = try image.pngBytes(name: name)
        } catch {
            throw ClipError.png(error)
        }
        let header = [rect.x, rect.y, rect.width, rect.height, delay, png.count].flatMap(Self.word)
        for bytes in [header, png] {
            if let failure = bytes.withUnsafeBytes({ Syscalls.writeAll($0, to: writer) }) {
                throw ClipError.spool(file: name, problem: .cannotWrite(failure.description))
            }
        }
    }

    /// Hands each image to `body` in the order they were added, one at a time; no image may be
    /// added after.
    func replay(_ body: (Entry) throws -> Void) throws {
        if let writer {
            self.writer = nil
            try? writer.close()
        }
        let reader: FileDescriptor
        do {
            reader = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec], retryOnInterrupt: true)
        } catch {
            throw ClipError.spool(file: name, problem: .cannotRead("\(error)"))
        }
        defer { try? reader.close() }
        while let header = try read(6 * 4, from: reader, endAllowed: true) {
            let fields = (0..<6).map { Self.value(header, at: $0 * 4) }
            guard let png = try read(fields[5], from: reader, endAllowed: false) else { break }
            let image: PixelImage
            do {
                image = try PixelImage(png: png, name: name)
            } catch {
                throw ClipError.spool(file: name, problem: .unreadableFrame("\(error)"))
            }
            try body(
                Entry(
                    rect: PixelRect(x: fields[0], y: fields[1], width: fields[2], height: fields[3]), delay: fields[4],
                    image: image))
        }
    }

    /// Deletes the spool's file.
    func remove() {
        guard !removed else { return }
        removed = true
        if let writer { try? writer.close() }
        writer = nil
        TemporaryFiles.remove(path)
        unlink(path)
    }

    /// `count` bytes from `reader`; `nil` at the end of the file when `endAllowed`.
    private func read(_ count: Int, from reader: FileDescriptor, endAllowed: Bool) throws -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got: Int
            do {
                got = try bytes.withUnsafeMutableBytes {
                    try reader.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]), retryOnInterrupt: true)
                }
            } catch {
                throw ClipError.spool(file: name, problem: .cannotRead("\(error)"))
            }
            if got == 0 {
                if filled == 0, endAllowed { return nil }
                throw ClipError.spool(file: name, problem: .endsEarly)
            }
            filled += got
        }
        return bytes
    }

    private static func word(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func value(_ bytes: [UInt8], at offset: Int) -> Int {
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
    }
}
