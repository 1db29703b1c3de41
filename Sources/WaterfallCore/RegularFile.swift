#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way the tool reads a whole file it did not make: a spec folder's entries, images,
/// data files, served files and compared pictures.
///
/// Only a regular file is read. A FIFO, socket or device is refused before a byte is read
/// (opening it does not wait for a writer), and so is a file over the limit, even one that grows
/// while it is read.
package enum RegularFile {
    /// Why a file could not be read.
    package enum Failure: Error, Equatable, Sendable {
        /// open, fstat or read failed with this error number.
        case system(Int32)
        /// Not a regular file (a directory, FIFO, socket or device): never read, so never waited on.
        case notRegular(isDirectory: Bool)
        /// Larger than the limit asked for.
        case tooLarge

        /// The reason in a few plain words, for a message that names the file before it.
        package var reason: String {
            switch self {
            case .system(let number) where number == ENOENT || number == ENOTDIR: "no such file"
            case .system(let number): "cannot be read (\(String(cString: strerror(number))))"
            case .notRegular(isDirectory: true): "is a directory"
            case .notRegular(isDirectory: false): "is not a regular file (a FIFO, a device or a socket)"
            case .tooLarge: "is too large"
            }
        }
    }

    /// Opens `path` for reading without waiting on a FIFO, and returns the descriptor of the
    /// regular file it names (links followed) with its size; the caller closes it.
    package static func open(_ path: String) -> Result<(descriptor: Int32, size: Int), Failure> {
        #if canImport(Glibc)
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #else
        let descriptor = Darwin.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #endif
        guard descriptor >= 0 else { return .failure(.system(errno)) }
        var information = stat()
        guard fstat(descriptor, &information) == 0 else {
            let failure = errno
            close(descriptor)
            return .failure(.system(failure))
        }
        let type = information.st_mode & S_IFMT
        guard type == S_IFREG else {
            close(descriptor)
            return .failure(.notRegular(isDirectory: type == S_IFDIR))
        }
        return .success((descriptor, Int(information.st_size)))
    }

    /// Whether `path` names a regular file (links followed), without opening it.
    package static func isRegular(_ path: String) -> Bool {
        var information = stat()
        return stat(path, &information) == 0 && information.st_mode & S_IFMT == S_IFREG
    }

    /// The bytes of the regular file at `path`, read with read(2) straight into the array.
    package static func read(atPath path: String, limit: Int) -> Result<[UInt8], Failure> {
        let descriptor: Int32
        let expected: Int
        switch open(path) {
        case .success(let file): (descriptor, expected) = file
        case .failure(let failure): return .failure(failure)
        }
        defer { close(descriptor) }
        guard expected <= limit else { return .failure(.tooLarge) }
        var bytes: [UInt8] = []
        var capacity = max(expected, 1)
        while true {
            var failure: Int32?
            let before = bytes.count
            bytes.reserveCapacity(capacity + 1)
            // One byte more than expected, so that the end of the file is seen in the same read.
            let room = capacity + 1 - before
            bytes.append(contentsOf: repeatElement(0, count: room))
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                var total = 0
                while total < room {
                    #if canImport(Glibc)
                    let count = Glibc.read(descriptor, buffer.baseAddress! + before + total, room - total)
                    #else
                    let count = Darwin.read(descriptor, buffer.baseAddress! + before + total, room - total)
                    #endif
                    if count > 0 {
                        total += count
                    } else if count == 0 {
                        break
                    } else if errno != EINTR {
                        failure = errno
                        break
                    }
                }
                return total
            }
            if let failure { return .failure(.system(failure)) }
            bytes.removeLast(room - got)
            if got < room { return .success(bytes) }
            guard bytes.count <= limit else { return .failure(.tooLarge) }
            capacity = bytes.count * 2
        }
    }
}
