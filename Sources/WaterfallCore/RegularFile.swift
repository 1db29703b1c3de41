import SystemPackage

/// The one way the tool reads a whole file it did not make: a spec folder's entries, images,
/// data files, served files and compared pictures; and, with ``readToEnd(_:limit:)``, a spec
/// from standard input or a pipe.
///
/// Only a regular file is read. A FIFO, socket or device is refused before a byte is read
/// (opening it does not wait for a writer), and so is a file over the limit, even one that grows
/// while it is read. The system calls are swift-system's, with their errors as `Errno`.
package enum RegularFile {
    /// Why a file could not be read.
    package enum Failure: Error, Equatable, Sendable {
        /// open, fstat or read failed with this error.
        case system(Errno)
        /// Not a regular file (a directory, FIFO, socket or device): never read, so never waited on.
        case notRegular(isDirectory: Bool)
        /// Larger than the limit asked for.
        case tooLarge

        /// Whether there is no file at the path (`ENOENT`, or `ENOTDIR` for a path through a file).
        package var isMissing: Bool {
            self == .system(.noSuchFileOrDirectory) || self == .system(.notDirectory)
        }

        /// Whether the path is a symbolic link, refused because links were not to be followed
        /// (`ELOOP` from `O_NOFOLLOW`).
        package var isLink: Bool { self == .system(.tooManySymbolicLinkLevels) }

        /// The reason in a few plain words, for a message that names the file before it.
        package var reason: String {
            switch self {
            case _ where isMissing: "no such file"
            case .system(let error): "cannot be read (\(error.description))"
            case .notRegular(isDirectory: true): "is a directory"
            case .notRegular(isDirectory: false): "is not a regular file (a FIFO, a device or a socket)"
            case .tooLarge: "is too large"
            }
        }
    }

    /// Opens `path` for reading without waiting on a FIFO, and returns the descriptor of the
    /// regular file it names (links followed unless `followingLinks` is false: then a link is
    /// refused) with its size; the caller closes it.
    package static func open(
        _ path: String, followingLinks: Bool = true
    ) -> Result<(descriptor: FileDescriptor, size: Int), Failure> {
        let descriptor: FileDescriptor
        do {
            var options: FileDescriptor.OpenOptions = [.nonBlocking, .closeOnExec]
            if !followingLinks { options.insert(.noFollow) }
            descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: options, retryOnInterrupt: true)
        } catch {
            return .failure(.system(error as? Errno ?? .ioError))
        }
        return checked(descriptor)
    }

    /// Opens `path` beneath the folder `folder` (``Beneath``; links that stay beneath it
    /// followed unless `links` says none) without waiting on a FIFO, and returns the descriptor of
    /// the regular file it names with its size; the caller closes it.
    package static func open(
        _ path: String, beneath folder: FileDescriptor, links: Beneath.Links = .stayingBeneath
    ) -> Result<(descriptor: FileDescriptor, size: Int), Failure> {
        switch Beneath.open(path, in: folder, .readOnly, options: [.nonBlocking], links: links) {
        case .success(let descriptor): return checked(descriptor)
        case .failure(let error): return .failure(.system(error))
        }
    }

    /// A file's identity, whatever the spelling of its path or the link it was opened through:
    /// its device and inode.
    package static func identity(of descriptor: FileDescriptor) -> String {
        guard let information = try? descriptor.stat() else { return "descriptor \(descriptor.rawValue)" }
        return "\(information.deviceID.rawValue):\(information.inode.rawValue)"
    }

    /// `descriptor` with its size when it is a regular file; otherwise it is closed and refused.
    private static func checked(
        _ descriptor: FileDescriptor
    ) -> Result<(descriptor: FileDescriptor, size: Int), Failure> {
        let information: Stat
        do {
            information = try descriptor.stat()
        } catch {
            try? descriptor.close()
            return .failure(.system(error))
        }
        guard information.type == .regular else {
            try? descriptor.close()
            return .failure(.notRegular(isDirectory: information.type == .directory))
        }
        return .success((descriptor, Int(information.size)))
    }

    /// The first `count` bytes (fewer when the file is shorter) of the regular file at `path`; a
    /// link is refused unless `followingLinks`.
    package static func readPrefix(
        atPath path: String, count: Int, followingLinks: Bool = true
    ) -> Result<[UInt8], Failure> {
        let descriptor: FileDescriptor
        switch open(path, followingLinks: followingLinks) {
        case .success(let file): descriptor = file.descriptor
        case .failure(let failure): return .failure(failure)
        }
        defer { try? descriptor.close() }
        var bytes = [UInt8](repeating: 0, count: count)
        var total = 0
        while total < count {
            let got: Int
            do {
                got = try bytes.withUnsafeMutableBytes { buffer in
                    try descriptor.read(
                        into: UnsafeMutableRawBufferPointer(rebasing: buffer[total...]), retryOnInterrupt: true)
                }
            } catch {
                return .failure(.system(error as? Errno ?? .ioError))
            }
            if got == 0 { break }
            total += got
        }
        return .success(Array(bytes[..<total]))
    }

    /// Whether `path` names a regular file (links followed), without opening it.
    package static func isRegular(_ path: String) -> Bool {
        (try? FilePath(path).stat().type) == .regular
    }

    /// Whether `path` itself is a symbolic link (not followed), dangling or not.
    package static func isSymbolicLink(_ path: String) -> Bool {
        (try? FilePath(path).stat(followTargetSymlink: false).type) == .symbolicLink
    }

    /// The bytes of the regular file at `path`, read straight into the array; a link is refused
    /// unless `followingLinks`.
    package static func read(
        atPath path: String, limit: Int, followingLinks: Bool = true
    ) -> Result<[UInt8], Failure> {
        switch open(path, followingLinks: followingLinks) {
        case .success(let file):
            defer { try? file.descriptor.close() }
            return read(file.descriptor, expected: file.size, limit: limit)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// The bytes of the open regular file `descriptor`, `expected` long when it was opened, read
    /// straight into the array; more than `limit` of them, even when the file grows while it is
    /// read, is refused.
    package static func read(_ descriptor: FileDescriptor, expected: Int, limit: Int) -> Result<[UInt8], Failure> {
        guard expected <= limit else { return .failure(.tooLarge) }
        var bytes: [UInt8] = []
        // Never room for more than one byte past the limit: that byte says the file is over it.
        var capacity = min(max(expected, 1), limit)
        while true {
            var failure: Errno?
            let before = bytes.count
            // One byte more than expected, so that the end of the file is seen in the same read.
            let room = capacity + 1 - before
            var got = 0
            // Read straight into new, uninitialized room, the bytes so far copied in front: no
            // zeros written first (a debug build wrote them one element at a time, 7 s of CPU for
            // a 19 MB font collection).
            let kept = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: before + room) { buffer, count in
                let space = UnsafeMutableRawBufferPointer(buffer)
                kept.withUnsafeBytes { space.copyMemory(from: $0) }
                while got < room {
                    do {
                        let read = try descriptor.read(
                            into: UnsafeMutableRawBufferPointer(rebasing: space[(before + got)..<(before + room)]),
                            retryOnInterrupt: true)
                        if read == 0 { break }
                        got += read
                    } catch {
                        failure = error as? Errno ?? .ioError
                        break
                    }
                }
                count = before + got
            }
            if let failure { return .failure(.system(failure)) }
            // Checked on every read, the last too: a file that grew past the limit since it was
            // opened was once read whole when its last read did not fill the room.
            guard bytes.count <= limit else { return .failure(.tooLarge) }
            if got < room { return .success(bytes) }
            capacity = min(bytes.count * 2, limit)
        }
    }

    /// The bytes of `descriptor` to its end, whatever it reads (standard input, a pipe, a file),
    /// a block at a time; refused as soon as there are more than `limit`, so that no more than the
    /// limit is held however much more there is (standard input may be endless).
    ///
    /// For a regular file opened by path, ``read(atPath:limit:followingLinks:)`` reads it in one
    /// go and never waits on a FIFO; this is for a descriptor the caller was given.
    package static func readToEnd(_ descriptor: FileDescriptor, limit: Int) -> Result<[UInt8], Failure> {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count: Int
            do {
                count = try block.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
            } catch {
                return .failure(.system(error as? Errno ?? .ioError))
            }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= limit else { return .failure(.tooLarge) }
            bytes += block[..<count]
        }
    }
}
