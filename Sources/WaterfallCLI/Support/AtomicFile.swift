import Foundation

/// Writes files so that a reader never sees half of one: a temporary file in the same folder,
/// then a rename over the destination.
enum AtomicFile {
    static func write(_ bytes: [UInt8], to path: String) throws(CLIError) {
        try commit(try stage(bytes, for: path), to: path)
    }

    /// Writes `bytes` to a new temporary file beside `path` and returns the temporary file's path.
    static func stage(_ bytes: [UInt8], for path: String) throws(CLIError) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let temporary = (folder as NSString).appendingPathComponent(
            ".\(url.lastPathComponent).tmp-\(UUID().uuidString)")
        let descriptor = TemporaryFiles.create(temporary)
        guard descriptor >= 0 else {
            throw CLIError.io(path: path, message: "cannot be written (is the folder writable?)")
        }
        // The error number of a failed write, taken before `close` can change `errno`.
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
        close(descriptor)
        if let failure {
            TemporaryFiles.remove(temporary)
            unlink(temporary)
            throw CLIError.io(path: path, message: "cannot be written (\(String(cString: strerror(failure))))")
        }
        return temporary
    }

    /// Adds `bytes` to the end of a staged file.
    static func append(_ bytes: [UInt8], toStaged temporary: String, for path: String) throws(CLIError) {
        guard let handle = FileHandle(forWritingAtPath: temporary) else {
            throw CLIError.io(path: path, message: "cannot be written (the temporary file went away)")
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(bytes))
        } catch {
            throw CLIError.io(path: path, message: "cannot be written (\(error.localizedDescription))")
        }
    }

    /// Renames a staged file over `path`, in one step.
    static func commit(_ temporary: String, to path: String) throws(CLIError) {
        defer { TemporaryFiles.remove(temporary) }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw CLIError.io(path: path, message: "cannot be written (\(reason))")
        }
    }

    /// Makes `folder` (and its parents) if it is not there.
    static func makeFolder(_ folder: String) throws(CLIError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CLIError.io(path: folder, message: "cannot create the output folder")
        }
        guard access(folder, W_OK) == 0 else {
            throw CLIError.io(path: folder, message: "the output folder is not writable")
        }
    }
}
