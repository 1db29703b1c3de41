import Foundation
import SystemPackage

/// A folder the user named (an output folder, a baselines or templates folder, a served one),
/// opened so that a link committed on the way is refused.
///
/// A folder inside the current folder (where a repository is checked out) is reached from the
/// current folder one component at a time beneath it, with no symbolic link followed
/// (``Beneath``): `--junit reports/junit.xml` with a committed `reports -> /etc` is refused, not
/// written through. A folder outside the current folder is where the user pointed, links and
/// all; what is created below it is created beneath its descriptor. Files are then made,
/// checked and renamed with the `*at` calls from that descriptor, so no rename of a folder on
/// the way between the check and the write can move them elsewhere.
package enum NamedFolder {
    /// Why a folder could not be had.
    package enum Failure: Error, Equatable, Sendable {
        /// A symbolic link lies on the way, at this path.
        case link(String)
        /// Part of the way is not there (and was not to be created).
        case missing
        /// A part is not a folder, or a system call failed.
        case system(Errno)

        /// The failure as the error a plain `open` of a path through it would give: a link `ELOOP`,
        /// a missing part `ENOENT`.
        package var errno: Errno {
            switch self {
            case .link: .tooManySymbolicLinkLevels
            case .missing: .noSuchFileOrDirectory
            case .system(let error): error
            }
        }

        /// The failure in a few words, for a message that names the path before it.
        package var reason: String {
            switch self {
            case .link(let path): "passes through the symbolic link \(path.escapedForMessage), which is not followed"
            case .missing: "its folder is not there"
            case .system(.notDirectory): "cannot be written (a part of its folder is a file)"
            case .system(let error): "cannot be written (\(error.description))"
            }
        }
    }

    /// Opens `folder` (empty for the current folder), creating its missing parts when `creating`;
    /// the caller closes the descriptor.
    package static func open(_ folder: String, creating: Bool = false) -> Result<FileDescriptor, Failure> {
        let absolute = ReadRule.absolute(folder.isEmpty ? "." : folder)
        let current = FileManager.default.currentDirectoryPath
        let start: String
        let below: String
        if let inside = ReadRule.path(absolute, below: current) {
            (start, below) = (current, inside)
        } else {
            // Outside the current folder: the deepest part that is there, as the user named it.
            var existing = absolute
            while !existing.isEmpty, existing != "/", (try? FilePath(existing).stat()) == nil {
                existing = existing.folderPart
            }
            if existing.isEmpty { existing = "/" }
            (start, below) = (existing, ReadRule.path(absolute, below: existing) ?? ".")
        }
        var descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(
                FilePath(start), .readOnly, options: [.directory, .closeOnExec], retryOnInterrupt: true)
        } catch {
            return .failure(.system(error as? Errno ?? .ioError))
        }
        // The way so far, for messages: from the current folder as the user wrote it, else absolute.
        var walked = start == current ? "" : start
        for component in below.split(separator: "/").map(String.init) where component != "." {
            walked = Path.join(walked, component)
            var next = Beneath.open(component, in: descriptor, .readOnly, options: [.directory], links: .none)
            if case .failure(.noSuchFileOrDirectory) = next, creating {
                if mkdirat(descriptor.rawValue, component, 0o777) != 0, errno != EEXIST {
                    let error = Errno(rawValue: errno)
                    try? descriptor.close()
                    return .failure(.system(error))
                }
                next = Beneath.open(component, in: descriptor, .readOnly, options: [.directory], links: .none)
            }
            try? descriptor.close()
            switch next {
            case .success(let opened): descriptor = opened
            case .failure(.tooManySymbolicLinkLevels): return .failure(.link(walked))
            case .failure(.noSuchFileOrDirectory): return .failure(.missing)
            case .failure(let error): return .failure(.system(error))
            }
        }
        return .success(descriptor)
    }

    /// The bytes of a file the tool wrote (a baseline, a record, a blob's index), at most `limit`:
    /// its folder reached as ``open(_:creating:)`` reaches it and the file opened beneath it, with
    /// no link followed on the way or at the end (a link is `ELOOP`, ``RegularFile/Failure/isLink``).
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], RegularFile.Failure> {
        let name = Path.lastComponent(of: path) ?? path
        switch open(path.folderPart) {
        case .success(let folder):
            defer { try? folder.close() }
            switch RegularFile.open(name, beneath: folder, links: .none) {
            case .success(let file):
                defer { try? file.descriptor.close() }
                return RegularFile.read(file.descriptor, expected: file.size, limit: limit)
            case .failure(let failure): return .failure(failure)
            }
        case .failure(let failure): return .failure(.system(failure.errno))
        }
    }

    /// The kind of the entry `name` in the folder `descriptor`, a final link not followed.
    package static func fileType(_ name: String, in descriptor: FileDescriptor) -> Result<FileType, Errno> {
        var information = stat()
        guard fstatat(descriptor.rawValue, name, &information, AT_SYMLINK_NOFOLLOW) == 0 else {
            return .failure(Errno(rawValue: errno))
        }
        return .success(FileType(rawValue: information.st_mode & S_IFMT))
    }
}
