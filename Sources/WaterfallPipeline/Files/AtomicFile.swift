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

    /// The folder `path` is written into, opened as ``NamedFolder`` does (a link on the way
    /// inside the current folder refused), and the file's name in it.
    private static func folder(
        of path: String, creating: Bool = false
    ) throws(FileError) -> (descriptor: FileDescriptor, name: String) {
        let name = Path.lastComponent(of: path) ?? path
        switch NamedFolder.open(path.folderPart, creating: creating) {
        case .success(let descriptor): return (descriptor, name)
        case .failure(let failure): throw FileError(path: path, message: failure.reason)
        }
    }

    /// Checks that `path` may be replaced: nothing is there, or a regular file, in a folder
    /// reached with no link on the way.
    ///
    /// Callers that commit several files call it for every target before committing any, so that
    /// a refused target leaves all of them as they were.
    package static func checkTarget(_ path: String) throws(FileError) {
        let folder: FileDescriptor
        switch NamedFolder.open(path.folderPart) {
        case .success(let opened): folder = opened
        // A folder that is not there yet holds nothing to replace; it is made when written.
        case .failure(.missing): return
        case .failure(let failure): throw FileError(path: path, message: failure.reason)
        }
        defer { try? folder.close() }
        try checkTarget(Path.lastComponent(of: path) ?? path, in: folder, path: path)
    }

    /// Checks that the entry `name` of `folder` may be replaced; `path` names it in messages.
    private static func checkTarget(_ name: String, in folder: FileDescriptor, path: String) throws(FileError) {
        let type: FileType
        switch NamedFolder.fileType(name, in: folder) {
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
        let folder = try self.folder(of: path)
        defer { try? folder.descriptor.close() }
        TemporaryFiles.sweepOrphans(in: path.folderPart)
        let temporary = TemporaryFiles.path(for: path)
        let temporaryName = Path.lastComponent(of: temporary) ?? temporary
        let descriptor: FileDescriptor
        switch TemporaryFiles.create(temporary, named: temporaryName, in: folder.descriptor) {
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
            unlinkat(folder.descriptor.rawValue, temporaryName, 0)
            throw FileError(path: path, message: "cannot be written (\(failure.description))")
        }
        return temporary
    }

    /// Adds `bytes` to the end of a staged file.
    package static func append(_ bytes: [UInt8], toStaged temporary: String, for path: String) throws(FileError) {
        let folder = try self.folder(of: temporary)
        defer { try? folder.descriptor.close() }
        let opened = Beneath.open(folder.name, in: folder.descriptor, .writeOnly, options: [.append], links: .none)
        guard case .success(let descriptor) = opened else {
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
        let temporaryName = Path.lastComponent(of: temporary) ?? temporary
        let folder: (descriptor: FileDescriptor, name: String)
        do {
            folder = try self.folder(of: path)
        } catch {
            unlink(temporary)
            throw error
        }
        defer { try? folder.descriptor.close() }
        do {
            try checkTarget(folder.name, in: folder.descriptor, path: path)
        } catch {
            unlinkat(folder.descriptor.rawValue, temporaryName, 0)
            throw error
        }
        guard renameat(folder.descriptor.rawValue, temporaryName, folder.descriptor.rawValue, folder.name) == 0 else {
            let reason = Errno(rawValue: errno).description
            unlinkat(folder.descriptor.rawValue, temporaryName, 0)
            throw FileError(path: path, message: "cannot be written (\(reason))")
        }
    }

    /// Removes the file `path` when it is a regular file, from its folder reached as files are
    /// written (no link on the way); a link or anything else there is left alone.
    package static func removeFile(_ path: String) {
        guard let folder = try? self.folder(of: path) else { return }
        defer { try? folder.descriptor.close() }
        if case .success(.regular) = NamedFolder.fileType(folder.name, in: folder.descriptor) {
            unlinkat(folder.descriptor.rawValue, folder.name, 0)
        }
    }

    /// Makes `folder` (and its parents) if it is not there, with no link on the way inside the
    /// current folder.
    package static func makeFolder(_ folder: String) throws(FileError) {
        switch NamedFolder.open(folder, creating: true) {
        case .success(let descriptor):
            defer { try? descriptor.close() }
            guard faccessat(descriptor.rawValue, ".", W_OK, 0) == 0 else {
                throw FileError(path: folder, message: "the output folder is not writable")
            }
        case .failure(.link(let link)):
            throw FileError(path: folder, message: NamedFolder.Failure.link(link).reason)
        case .failure:
            throw FileError(path: folder, message: "cannot create the output folder")
        }
    }
}
