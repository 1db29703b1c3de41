import CWaterfallSystem
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file with no name in any folder, holding bytes the tool has read and proved, for a library
/// that will only read by path (fontconfig and Pango read a spec's font files so).
///
/// On Linux it is a `memfd_create` file, read through its `/proc/self/fd/N` path: no rename or
/// link in the spec's folder can put another file in its place between the proof and the read.
/// One is made for each file and content (its identity and digest) and kept for the life of the
/// process, so every configuration built from the same file names the same path.
package enum AnonymousFile {
    private static let byKey = Locked([String: String]())

    /// The path of a file holding `bytes`, read from the file and content `key` names; where anonymous files are
    /// missing (not Linux), `fallback` as it is.
    package static func holding(_ bytes: [UInt8], key: String, fallback: String) throws(Errno) -> String {
        if let known = byKey.withLock({ $0[key] }) { return known }
        let raw = wf_memfd_create("waterfall-font")
        guard raw >= 0 else {
            if errno == ENOSYS { return fallback }
            throw Errno(rawValue: errno)
        }
        let descriptor = FileDescriptor(rawValue: raw)
        do {
            _ = try descriptor.writeAll(bytes)
        } catch {
            try? descriptor.close()
            throw error as? Errno ?? .ioError
        }
        let path = "/proc/self/fd/\(raw)"
        return byKey.withLock { paths in
            if let known = paths[key] {
                try? descriptor.close()
                return known
            }
            paths[key] = path
            return path
        }
    }
}
