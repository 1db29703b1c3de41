import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls the command line makes itself, in one place and the same on Linux and macOS:
/// swift-system's `FileDescriptor`, `FilePath` and `Errno` where it has them, POSIX (signals,
/// processes, `poll`) where it has not.
package enum Syscalls {
    /// Writes all of `bytes` to `descriptor`, going on after a signal or a full non-blocking pipe.
    ///
    /// - Returns: nil, or the error of the write that failed.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: FileDescriptor) -> Errno? {
        var offset = 0
        while offset < bytes.count {
            do {
                let count = try descriptor.write(
                    UnsafeRawBufferPointer(rebasing: bytes[offset...]), retryOnInterrupt: true)
                // A write of nothing for something would loop for ever.
                guard count > 0 else { return .ioError }
                offset += count
            } catch Errno.resourceTemporarilyUnavailable {
                var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, -1)
            } catch {
                return error as? Errno ?? .ioError
            }
        }
        return nil
    }

    /// The kind of file at `path` without following a final symbolic link, or why it cannot be
    /// looked at (`.noSuchFileOrDirectory`: there is nothing there).
    package static func fileType(atPath path: String) -> Result<FileType, Errno> {
        Result { () throws(Errno) in try FilePath(path).stat(followTargetSymlink: false).type }
    }

    /// Whether no process `pid` exists (a process of another user still counts as existing).
    package static func processIsGone(_ pid: pid_t) -> Bool {
        kill(pid, 0) == -1 && errno == ESRCH
    }

    /// Ignores SIGPIPE, so that writing to a closed pipe fails with EPIPE instead of ending the
    /// process without a word.
    package static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Puts /dev/null, open for reading only, on each of standard input, output and error that is
    /// closed.
    ///
    /// A closed descriptor 0, 1 or 2 would be reused by the next file the run opens, and what was
    /// meant for the terminal would go into it. Open for reading, it reads as empty and fails every
    /// write with EBADF, as the closed descriptor would have.
    package static func holdClosedStandardDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let held = open("/dev/null", O_RDONLY)
            if held >= 0, held != descriptor {
                dup2(held, descriptor)
                close(held)
            }
        }
    }
}
