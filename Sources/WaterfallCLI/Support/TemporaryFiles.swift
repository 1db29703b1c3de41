import Dispatch
import Foundation

/// The temporary files a run has staged and not yet renamed into place, removed if the run is
/// interrupted, so that SIGINT or SIGTERM never leaves half a file or a stray temporary behind.
enum TemporaryFiles {
    private static let files = Locked(Set<String>())
    private nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

    static func add(_ path: String) { files.withLock { _ = $0.insert(path) } }
    static func remove(_ path: String) { files.withLock { _ = $0.remove(path) } }

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
