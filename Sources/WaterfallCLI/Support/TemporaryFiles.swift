import Dispatch
import Foundation

/// The temporary files a run has staged and not yet renamed into place, removed if the run is
/// interrupted, so that SIGINT or SIGTERM never leaves half a file or a stray temporary behind.
enum TemporaryFiles {
    private static let files = Locked(Set<String>())
    private nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

    static func remove(_ path: String) { files.withLock { _ = $0.remove(path) } }

    /// Creates `path`, a new empty file, and records it, as one step under the lock the
    /// interrupt sweep holds: a file is either made and recorded before the sweep, which then
    /// removes it, or not made at all.
    ///
    /// Returns the file open for writing, or -1 with `errno` set.
    static func create(_ path: String) -> Int32 {
        files.withLock { staged in
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 { staged.insert(path) }
            return descriptor
        }
    }

    /// On SIGINT or SIGTERM: remove what is staged, then exit with 128 + the signal's number.
    static func removeOnInterrupt() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                files.withLock { staged in
                    for path in staged { unlink(path) }
                    staged.removeAll()
                    // Exit while holding the lock, so no new file is staged after the sweep.
                    _exit(128 + signalNumber)
                }
            }
            source.resume()
            sources.append(source)
        }
    }
}
