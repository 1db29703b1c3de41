import Foundation

/// What a poll compares to see that a file changed: its modification time, size and inode.
struct FileStamp: Hashable, Sendable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var inode: UInt64

    /// The stamp of the file at `path` (through links), or `nil` when there is none.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
        size = Int(info.st_size)
        inode = UInt64(info.st_ino)
    }
}
