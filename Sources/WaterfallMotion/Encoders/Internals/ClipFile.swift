import SystemPackage
import WaterfallPipeline

/// The staged file a clip is streamed into, written from start to end, with a few bytes patched
/// in place at the end (a count only known then); errors name the file the user asked for.
final class ClipFile {
    /// What errors call the file.
    let name: String
    private var descriptor: FileDescriptor?

    /// Opens the file at `path` for writing, emptied; `name` is what errors call it.
    init(path: String, name: String) throws {
        self.name = name
        do {
            descriptor = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .truncate, .closeOnExec],
                permissions: FilePermissions(rawValue: 0o666), retryOnInterrupt: true)
        } catch {
            throw ClipError.cannotWrite(file: name, problem: "\(error)")
        }
    }

    deinit { try? descriptor?.close() }

    /// Appends `bytes`.
    func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let descriptor else { throw ClipError.misuse(file: name, problem: .writtenAfterClose) }
        if let failure = Syscalls.writeAll(bytes, to: descriptor) {
            throw ClipError.cannotWrite(file: name, problem: "\(failure)")
        }
    }

    /// Appends `bytes`.
    func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    /// Writes `bytes` over the file's bytes from `offset` on.
    func patch(_ bytes: [UInt8], at offset: Int64) throws {
        guard let descriptor else { throw ClipError.misuse(file: name, problem: .writtenAfterClose) }
        do {
            _ = try descriptor.writeAll(toAbsoluteOffset: offset, bytes)
        } catch {
            throw ClipError.cannotWrite(file: name, problem: "\(error)")
        }
    }

    /// Closes the file; nothing may be written after.
    func close() throws {
        guard let descriptor else { return }
        self.descriptor = nil
        do {
            try descriptor.close()
        } catch {
            throw ClipError.cannotWrite(file: name, problem: "\(error)")
        }
    }
}
