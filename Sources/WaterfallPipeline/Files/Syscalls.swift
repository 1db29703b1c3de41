#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX calls the command line makes itself, in one place and the same on Linux and macOS.
package enum Syscalls {
    /// Writes all of `bytes` to `descriptor`, going on after a signal or a full non-blocking pipe.
    ///
    /// - Returns: nil, or the error number of the write that failed.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count > 0 {
                offset += count
                continue
            }
            // A write of nothing for something would loop for ever.
            if count == 0 { return EIO }
            let failure = errno
            if failure == EINTR { continue }
            if failure == EAGAIN || failure == EWOULDBLOCK {
                var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&entry, 1, -1)
                continue
            }
            return failure
        }
        return nil
    }

    /// The system's text for an error number, such as "No space left on device".
    package static func errorText(_ number: Int32) -> String {
        String(cString: strerror(number))
    }

    /// The `errno` of the last failed call.
    package static var lastError: Int32 { errno }

    /// The kind of file at `path` without following a final symbolic link; nil with `errno` set when
    /// it cannot be looked at (`ENOENT`: there is nothing there).
    package static func fileType(atPath path: String) -> mode_t? {
        var information = stat()
        guard lstat(path, &information) == 0 else { return nil }
        return information.st_mode & S_IFMT
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
