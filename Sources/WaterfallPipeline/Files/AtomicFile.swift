import Foundation
import SystemPackage
import WaterfallCore

/// Writes files so that a reader never sees half of one: a temporary file in the same folder,
/// then a rename over the destination.
///
/// Only a regular file (or nothing) is ever replaced: a rename onto a symbolic link, a folder, a
/// device, a FIFO or a socket would swap the user's link or node for a plain file, so it is refused.
package enum AtomicFile {
    package static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try checkTarget(path)
        try commit(try stage(bytes, for: path), to: path)
    }

    /// Checks that `path` may be replaced: nothing is there, or a regular file.
    ///
    /// Callers that commit several files call it for every target before committing any, so that
    /// a refused target leaves all of them as they were.
    package static func checkTarget(_ path: String) throws(FileError) {
        let type: FileType
        switch Syscalls.fileType(atPath: path) {
        case .success(let found): type = found
        case .failure(.noSuchFileOrDirectory): return
        case .failure(let error): throw FileError(path: path, message: "cannot be written (\(error.description))")
        }
        let kind: String
        switch type {
        case .regular: return
        case .symbolicLink: kind = "a symbolic link"
        case .directory: kind = "a directory"
        case .characterSpecial, .blockSpecial: kind = "a device"
        case .fifo: kind = "a FIFO"
        case .socket: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw FileError(path: path, message: "is \(kind); not replaced")
    }

    /// Writes `bytes` to a new temporary file beside `path` and returns the temporary file's path.
    ///
    /// The first time a run stages into a folder, it removes the temporaries there that runs
    /// killed with SIGKILL left behind (see ``TemporaryFiles``).
    package static func stage(_ bytes: [UInt8], for path: String) throws(FileError) -> String {
        try stage([bytes[...]], for: path)
    }

    /// Writes `pieces` one after the other to a new temporary file beside `path`, as `stage` does
    /// with one array, and returns the temporary file's path; nothing is joined in memory.
    package static func stage(_ pieces: [ArraySlice<UInt8>], for path: String) throws(FileError) -> String {
        TemporaryFiles.sweepOrphans(in: path.folderPart)
        let temporary = TemporaryFiles.path(for: path)
        let descriptor: FileDescriptor
        switch TemporaryFiles.create(temporary) {
        case .success(let created): descriptor = created
        case .failure(let error):
            throw FileError(path: path, message: "cannot be written (\(error.description); is the folder writable?)")
        }
        var failure: Errno?
        for piece in pieces where failure == nil {
            failure = piece.withUnsafeBytes { Syscalls.writeAll($0, to: descriptor) }
        }
        try? descriptor.close()
        if let failure {
            TemporaryFiles.remove(temporary)
            unlink(temporary)
            throw FileError(path: path, message: "cannot be written (\(failure.description))")
        }
        return temporary
    }

    /// Adds `bytes` to the end of a staged file.
    package static func append(_ bytes: [UInt8], toStaged temporary: String, for path: String) throws(FileError) {
        guard
            let descriptor = try? FileDescriptor.open(
                FilePath(temporary), .writeOnly, options: [.append, .closeOnExec], retryOnInterrupt: true)
        else {
            throw FileError(path: path, message: "cannot be written (the temporary file went away)")
        }
        let failure = bytes.withUnsafeBytes { Syscalls.writeAll($0, to: descriptor) }
        try? descriptor.close()
        if let failure {
            throw FileError(path: path, message: "cannot be written (\(failure.description))")
        }
    }

    /// Renames a staged file over `path`, in one step, when ``checkTarget(_:)`` allows it.
    package static func commit(_ temporary: String, to path: String) throws(FileError) {
        defer { TemporaryFiles.remove(temporary) }
        do {
            try checkTarget(path)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = Errno(rawValue: errno).description
            unlink(temporary)
            throw FileError(path: path, message: "cannot be written (\(reason))")
        }
    }

    /// Makes `folder` (and its parents) if it is not there.
    package static func makeFolder(_ folder: String) throws(FileError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: folder, message: "cannot create the output folder")
        }
        guard access(folder, W_OK) == 0 else {
            throw FileError(path: folder, message: "the output folder is not writable")
        }
    }
}
