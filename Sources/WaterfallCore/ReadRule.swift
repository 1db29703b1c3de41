import Foundation

/// The folders a spec may read files from: its root, and the folders the user widened it by.
///
/// A spec from a pull-request branch is someone else's input. Every file it names (data files,
/// images, fonts) is resolved, links followed and `..` removed, and read only when the result
/// lies inside one of these folders, the way Vite's `server.fs.allow` and Deno's `--allow-read`
/// work: one root, one rule, widened only by name.
///
/// A spec's root is the nearest folder above it that holds `.git` (its repository), else the
/// spec's own folder (see ``forSpec(inFolder:allowing:)``); `serve` makes its served folders the roots.
public struct ReadRule: Sendable, Hashable {
    /// The folders files may be read from, each resolved (absolute, no links, no `..`); the first is
    /// the spec's root, the one messages name.
    public let folders: [String]

    /// A rule reading from `folders`, each resolved as it is now; a folder that cannot be
    /// resolved (missing) is kept as its absolute spelling, which no resolved file lies inside
    /// unless it comes to exist.
    public init(folders: [String]) {
        var resolved: [String] = []
        for folder in folders {
            let path = Self.resolve(folder)
            if !resolved.contains(path) { resolved.append(path) }
        }
        self.folders = resolved
    }

    /// The rule of a spec in `folder`: its root (the nearest folder above that holds `.git`, else
    /// `folder` itself) and the folders in `allowing`.
    public static func forSpec(inFolder folder: String, allowing: [String] = []) -> ReadRule {
        ReadRule(folders: [root(ofFolder: folder)] + allowing)
    }

    /// The nearest folder at or above `folder` that holds `.git` (a folder or, in a worktree or
    /// submodule, a file), else `folder` itself, resolved.
    public static func root(ofFolder folder: String) -> String {
        let start = resolve(folder)
        var candidate = start
        while true {
            if FileManager.default.fileExists(atPath: (candidate as NSString).appendingPathComponent(".git")) {
                return candidate
            }
            let parent = candidate.folderPart
            if parent == candidate || parent.isEmpty { return start }
            candidate = parent
        }
    }

    /// Where a path leads, and whether the rule lets it be read.
    public enum Resolution: Sendable, Equatable {
        /// Inside one of the folders: read it at this resolved path (which may not exist).
        case inside(String)
        /// Outside every folder: never read, never opened, never said to exist or not.
        case outside(String)
    }

    /// Where `path` (absolute, or relative to the current folder) leads: links followed and `..`
    /// removed, as far as the path exists; the part that does not exist is joined as written.
    public func resolution(of path: String) -> Resolution {
        let resolved = Self.resolve(path)
        return contains(resolved) ? .inside(resolved) : .outside(resolved)
    }

    /// Whether `resolved`, a resolved path, lies inside one of the folders.
    public func contains(_ resolved: String) -> Bool {
        folders.contains { folder in
            resolved == folder || resolved.hasPrefix(folder == "/" ? "/" : folder + "/")
        }
    }

    /// The sentence a refusal ends with: which root, and how to widen it.
    public var widening: String {
        "outside the spec's root \(folders.first ?? "/")\(folders.count > 1 ? " and the folders allowed" : ""); "
            + "name its folder with --allow-read DIR to read it"
    }

    /// The most links one path may pass through, as Linux's `open` allows (ELOOP past it).
    public static let maximumLinkHops = 40

    /// `path` absolute, its links followed and `.` and `..` removed, as far as it exists.
    ///
    /// Walks the path a component at a time as the kernel does: a link is replaced by its target
    /// (a dangling one too, so a link cannot hide where it points by pointing at nothing). From the
    /// first component that does not exist on, the rest is joined by name: nothing can be opened
    /// through it. A path past ``maximumLinkHops`` links stops at the link, which opening refuses.
    public static func resolve(_ path: String) -> String {
        let absolute =
            path.hasPrefix("/")
            ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        var pending = ArraySlice(absolute.split(separator: "/").map(String.init))
        var result: [String] = []
        var hops = 0
        var exists = true
        while let component = pending.popFirst() {
            if component == "." { continue }
            if component == ".." {
                // `result` holds no link, so its parent by name is its parent on disk.
                if !result.isEmpty { result.removeLast() }
                continue
            }
            let candidate = "/" + (result + [component]).joined(separator: "/")
            if exists, let target = linkTarget(candidate) {
                hops += 1
                guard hops <= maximumLinkHops else { return candidate }
                let parts = target.split(separator: "/").map(String.init)
                if target.hasPrefix("/") { result = [] }
                pending = ArraySlice(parts + pending)
                continue
            }
            if exists {
                var status = stat()
                exists = lstat(candidate, &status) == 0
            }
            result.append(component)
        }
        return "/" + result.joined(separator: "/")
    }

    /// What the link at `path` points to, or `nil` when `path` is no link.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
