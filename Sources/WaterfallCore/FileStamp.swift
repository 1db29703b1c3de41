import Foundation

/// What tells that a file was written again: its device and inode, size, and modification and
/// change times to the nanosecond.
///
/// `serve` polls with it; the font digests of a fingerprint are kept by it for the life of the
/// process, so a file is read again only when its stamp changes.
package struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modified: timespec
    var changed: timespec

    /// The stamp of the file at `path` (through links), or `nil` when there is none.
    package init?(path: String) {
        var information = stat()
        guard stat(path, &information) == 0 else { return nil }
        self.init(information)
    }

    /// The stamp of the open file `descriptor`, or `nil` when `fstat` fails.
    package init?(descriptor: Int32) {
        var information = stat()
        guard fstat(descriptor, &information) == 0 else { return nil }
        self.init(information)
    }

    private init(_ information: stat) {
        device = UInt64(information.st_dev)
        inode = UInt64(information.st_ino)
        size = Int(information.st_size)
        #if canImport(Darwin)
        modified = information.st_mtimespec
        changed = information.st_ctimespec
        #else
        modified = information.st_mtim
        changed = information.st_ctim
        #endif
    }

    /// Whether the file was last written two seconds or more before now, so that a write from now
    /// on gives it another stamp (file times come from a coarse clock: two writes a few
    /// milliseconds apart can leave the same times, which is why git, too, trusts only such
    /// files' stamps).
    package var isSettled: Bool {
        let now = time(nil)
        return modified.tv_sec <= now - 2 && changed.tv_sec <= now - 2
    }

    package static func == (left: FileStamp, right: FileStamp) -> Bool {
        (left.device, left.inode, left.size) == (right.device, right.inode, right.size)
            && (left.modified.tv_sec, left.modified.tv_nsec) == (right.modified.tv_sec, right.modified.tv_nsec)
            && (left.changed.tv_sec, left.changed.tv_nsec) == (right.changed.tv_sec, right.changed.tv_nsec)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(device)
        hasher.combine(inode)
        hasher.combine(size)
        hasher.combine(modified.tv_sec)
        hasher.combine(modified.tv_nsec)
    }
}
