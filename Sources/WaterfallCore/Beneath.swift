import CWaterfallSystem
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens a path beneath a folder's descriptor, the kernel keeping it there.
///
/// A path compared as a string lets a branch through: a missing folder then `..`, a chain of
/// links, a rename between the check and the open. Container runtimes open untrusted paths with
/// Linux's `openat2(RESOLVE_BENEATH)` from a directory descriptor instead, so that `..`, links
/// and races are settled in one system call; this does the same. Where `openat2` is missing
/// (macOS, kernels before 5.6, a seccomp filter answering `ENOSYS`), a walk one component at a
/// time with `openat(O_NOFOLLOW)` applies the same rule (``walk(_:in:flags:mode:links:)``).
///
/// Errors are the kernel's: `EXDEV` for a path that would leave the folder (an absolute path or
/// link, a `..` above it), `ELOOP` for a link where none is allowed or past
/// ``maximumLinkHops``, `ENOENT` and `ENOTDIR` for what is not there.
package enum Beneath {
    /// Which symbolic links a path may pass through.
    package enum Links: Sendable, Equatable {
        /// Relative links whose targets stay beneath the folder; an absolute link, or one whose
        /// `..` leaves the folder, is refused (`EXDEV`).
        case stayingBeneath
        /// None: a link anywhere on the way, the last component too, is refused (`ELOOP`).
        case none
    }

    /// The most links one path may pass through, as Linux's `open` allows (`ELOOP` past it).
    package static let maximumLinkHops = 40

    /// How often an open is tried again when the kernel answers `EAGAIN` (a rename raced a `..`).
    static let raceRetries = 16

    /// Opens `path`, relative to `folder`, beneath it.
    ///
    /// - Parameters:
    ///   - path: The path below `folder` (`.` or empty for the folder itself); an absolute path is
    ///     refused with `EXDEV`.
    ///   - folder: A descriptor of the folder the path must stay beneath.
    ///   - access: Read, write or both.
    ///   - options: Further flags; `O_CLOEXEC` is always added.
    ///   - permissions: The new file's permissions, with `.create`.
    ///   - links: Which links the path may pass through.
    package static func open(
        _ path: String, in folder: FileDescriptor, _ access: FileDescriptor.AccessMode,
        options: FileDescriptor.OpenOptions = [], permissions: FilePermissions? = nil, links: Links
    ) -> Result<FileDescriptor, Errno> {
        let path = path.isEmpty ? "." : path
        let flags = access.rawValue | options.rawValue | O_CLOEXEC
        let mode = permissions?.rawValue ?? 0
        var resolve = UInt64(WF_RESOLVE_BENEATH | WF_RESOLVE_NO_MAGICLINKS)
        if links == .none { resolve |= UInt64(WF_RESOLVE_NO_SYMLINKS) }
        var attempts = 0
        while true {
            let descriptor = path.withCString { wf_openat2(folder.rawValue, $0, flags, UInt32(mode), resolve) }
            if descriptor >= 0 { return .success(FileDescriptor(rawValue: descriptor)) }
            let error = Errno(rawValue: errno)
            switch error {
            case .interrupted: continue
            case .resourceTemporarilyUnavailable where attempts < raceRetries:
                attempts += 1
                continue
            case .noFunction:
                return walk(path, in: folder, flags: flags, mode: mode_t(mode), links: links)
            default:
                return .failure(error)
            }
        }
    }

    /// The same rule as ``open(_:in:_:options:permissions:links:)``, walked one component at a time.
    ///
    /// Each folder is opened with `O_NOFOLLOW | O_DIRECTORY` from the one before, a link read
    /// with `readlinkat` and its target walked in its place, `..` a step back to a descriptor
    /// already held. Used where `openat2` is missing; the tests hold it to `openat2`'s answers.
    package static func walk(
        _ path: String, in folder: FileDescriptor, flags: CInt, mode: mode_t, links: Links
    ) -> Result<FileDescriptor, Errno> {
        if path.hasPrefix("/") { return .failure(.improperLink) }
        var pending = components(path)
        // The folders walked into, each opened by the walk; the last is where the next
        // component is looked up, `folder` when it is empty.
        var opened: [CInt] = []
        defer { for descriptor in opened { _ = close(descriptor) } }
        var current: CInt { opened.last ?? folder.rawValue }
        var hops = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == "." { continue }
            if component == ".." {
                guard let last = opened.popLast() else { return .failure(.improperLink) }
                _ = close(last)
                continue
            }
            let isLast = pending.allSatisfy { $0 == "." }
            let descriptor =
                isLast
                ? openat(current, component, flags | O_NOFOLLOW, mode)
                : openat(current, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if descriptor >= 0 {
                if isLast { return .success(FileDescriptor(rawValue: descriptor)) }
                opened.append(descriptor)
                continue
            }
            let error = Errno(rawValue: errno)
            guard error == .tooManySymbolicLinkLevels || error == .notDirectory,
                let target = linkTarget(component, in: current)
            else { return .failure(error) }
            guard links == .stayingBeneath else { return .failure(.tooManySymbolicLinkLevels) }
            hops += 1
            guard hops <= maximumLinkHops else { return .failure(.tooManySymbolicLinkLevels) }
            guard !target.hasPrefix("/") else { return .failure(.improperLink) }
            pending = components(target) + pending
        }
        let descriptor = openat(current, ".", flags, mode)
        guard descriptor >= 0 else { return .failure(Errno(rawValue: errno)) }
        return .success(FileDescriptor(rawValue: descriptor))
    }

    /// `path`'s components, empty ones (from `//` or a trailing `/`) left out.
    private static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// What the link `name` in `folder` points to, or `nil` when it is no link.
    private static func linkTarget(_ name: String, in folder: CInt) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                readlinkat(folder, name, $0, bytes.count - 1)
            }
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
