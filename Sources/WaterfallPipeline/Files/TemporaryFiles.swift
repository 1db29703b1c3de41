import Dispatch
import Foundation
import SystemPackage
import WaterfallCore

/// The temporary files a run has staged and not yet renamed into place, removed if the run is
/// interrupted, so that SIGINT or SIGTERM never leaves half a file or a stray temporary behind.
///
/// A temporary is named `.NAME.tmp-PID-RANDOM` (PID the process's, RANDOM 16 hexadecimal
/// digits), so that one left by a run killed with SIGKILL, which nothing can catch, is known by
/// its name to be orphaned and is removed by the next run that stages into its folder.
///
/// It is also the one place that asks for the system's temporary folder (``systemFolder``), for
/// scratch files a run makes and removes itself.
package enum TemporaryFiles {
    private static let files = Locked(Set<String>())
    private static let sweptFolders = Locked(Set<String>())
    private nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []

    package static func remove(_ path: String) { files.withLock { _ = $0.remove(path) } }

    /// The system's folder for temporary files (`$TMPDIR`, else `/tmp/`), for what a run makes and
    /// removes before it ends, away from the folders it writes.
    package static var systemFolder: String { NSTemporaryDirectory() }

    /// A new path in ``systemFolder``, not yet made: `NAME-UUID` with `suffix` after it
    /// (`waterfall-clip-….png`).
    package static func systemPath(named name: String, suffix: String = "") -> String {
        Path.join(systemFolder, "\(name)-\(UUID().uuidString)\(suffix)")
    }

    /// A new temporary path beside `path`, named so that a later run can tell it is orphaned.
    package static func path(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let random = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        let padded = String(repeating: "0", count: 16 - random.count) + random
        return Path.join(url.deletingLastPathComponent().path, ".\(url.lastPathComponent).tmp-\(getpid())-\(padded)")
    }

    /// The process id in a temporary's file name, when the name is exactly one of ours:
    /// `.NAME.tmp-PID-RANDOM`.
    package static func owner(ofTemporaryNamed name: String) -> pid_t? {
        guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards),
            marker.lowerBound > name.index(after: name.startIndex)
        else { return nil }
        let parts = name[marker.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 16, parts[1].allSatisfy(\.isHexDigit),
            parts[1].allSatisfy({ !$0.isUppercase }), (1...10).contains(parts[0].count),
            parts[0].allSatisfy(\.isASCII), parts[0].allSatisfy(\.isNumber), parts[0].first != "0",
            let pid = pid_t(parts[0]), pid > 0
        else { return nil }
        return pid
    }

    /// Removes the temporaries in `folder` whose process is gone, once a run for each folder.
    ///
    /// Those are what runs killed with SIGKILL left behind. Only names exactly of our pattern are
    /// touched.
    package static func sweepOrphans(in folder: String) {
        let folder = folder.isEmpty ? "." : folder
        guard sweptFolders.withLock({ $0.insert(folder).inserted }) else { return }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let pid = owner(ofTemporaryNamed: name), pid != getpid(), Syscalls.processIsGone(pid) else {
                continue
            }
            let path = Path.join(folder, name)
            // Only a plain file: a folder or link of that name is somebody else's.
            if case .success(.regular) = Syscalls.fileType(atPath: path) { unlink(path) }
        }
    }

    /// Creates the temporary file at `path` in its folder, reached as ``NamedFolder`` reaches it,
    /// as ``create(_:named:in:)`` does.
    package static func create(_ path: String) -> Result<FileDescriptor, Errno> {
        switch NamedFolder.open(path.folderPart) {
        case .success(let folder):
            defer { try? folder.close() }
            return create(path, named: Path.lastComponent(of: path) ?? path, in: folder)
        case .failure(let failure): return .failure(failure.errno)
        }
    }

    /// Creates the temporary file `name` in the folder `folder` (its path `path`), never through
    /// a link and never over anything there, and notes it for removal on an interrupt.
    package static func create(
        _ path: String, named name: String, in folder: FileDescriptor
    ) -> Result<FileDescriptor, Errno> {
        files.withLock { staged in
            let result = Beneath.open(
                name, in: folder, .writeOnly, options: [.create, .exclusiveCreate],
                permissions: FilePermissions(rawValue: 0o666), links: .none)
            if case .success = result { staged.insert(path) }
            return result
        }
    }

    /// Removes what is staged and ends the process with `status`.
    package static func removeAllAndExit(_ status: Int32) -> Never {
        files.withLock { staged in
            for path in staged { unlink(path) }
            staged.removeAll()
            // Exit while holding the lock, so no new file is staged after the sweep.
            _exit(status)
        }
    }

    /// On SIGINT or SIGTERM: remove what is staged, then exit with 128 + the signal's number.
    package static func removeOnInterrupt() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { removeAllAndExit(128 + signalNumber) }
            source.resume()
            sources.append(source)
        }
    }
}
