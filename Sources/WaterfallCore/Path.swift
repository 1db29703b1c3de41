/// The one way the tool builds a path from a folder and a name.
///
/// A path is a `String` throughout the package; these put two together without a hand-written
/// `"/"`, so that a folder with a trailing slash, the root folder or an empty folder (the current
/// one) never gives `a//b`, `//b` or `/b`. The name's own bytes are kept (a trailing slash in it
/// still tells the kernel it must be a folder), unlike `FilePath`, which would tidy them.
package enum Path {
    /// `name` inside the folder `folder`: `dir/a.png` for `dir` (or `dir/`) and `a.png`, `/a.png`
    /// for `/`, `a.png` for an empty folder.
    ///
    /// `name` may hold several components (`Library/Caches`); a leading `/` in it is dropped, as
    /// `NSString.appendingPathComponent` drops it. For a name that may be absolute, see
    /// ``resolve(_:from:)``.
    package static func join(_ folder: String, _ name: String) -> String {
        let name = name.drop { $0 == "/" }
        guard !folder.isEmpty else { return String(name) }
        guard !name.isEmpty else { return folder }
        var folder = Substring(folder)
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder == "/" ? "/" + name : String(folder) + "/" + name
    }

    /// `path` as seen from the folder `folder`: itself when it is absolute, else inside `folder`
    /// (`base/images/a.png` for `images/a.png` from `base`).
    package static func resolve(_ path: String, from folder: String) -> String {
        path.hasPrefix("/") ? path : join(folder, path)
    }

    /// The names of `path` between its slashes, none empty: `["a", "b"]` for `a//b/`.
    package static func components(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// The last name of `path` (`a.png` of `dir/a.png`, `b` of `a/b/`), `nil` for an empty path
    /// or the root: `FilePath.lastComponent`'s answers.
    package static func lastComponent(of path: String) -> String? {
        guard let last = path.utf8.lastIndex(where: { $0 != UInt8(ascii: "/") }) else { return nil }
        let end = path.utf8.index(after: last)
        let start = path.utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) }
        return String(path[(start ?? path.startIndex)..<end])
    }

    /// `path` in its lexical normal form, no link followed: `FilePath.lexicallyNormalized()`'s answers.
    ///
    /// `.` is dropped, each `..` takes away the name before it (at the root, nothing), and one slash
    /// stands between names: `/a/c` for `/a/./b/../c/`, `../x` for `a/../../x`, empty for `a/..`.
    package static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var kept: [Substring] = []
        for name in components(of: path) {
            switch name {
            case ".": continue
            case "..":
                if let last = kept.last, last != ".." {
                    kept.removeLast()
                } else if !absolute {
                    kept.append(name)
                }
            default: kept.append(name)
            }
        }
        return (absolute ? "/" : "") + kept.joined(separator: "/")
    }
}

extension String {
    /// The folder part of a path: what comes before its last component (`dir` of `dir/a.png`,
    /// `/` of `/a.png`), empty for a bare name.
    ///
    /// `NSString.deletingLastPathComponent` gives the same answers but traps on a one-character
    /// path in this Foundation (`waterfall render a` crashed), so every module asks here.
    ///
    /// Its names keep one slash between them (`a/b` of `a//b/c`), as `FilePath` gives them; the
    /// answers are `FilePath.removeLastComponent()`'s, worked out on the string.
    package var folderPart: String {
        let names = Path.components(of: self).dropLast()
        return hasPrefix("/") ? "/" + names.joined(separator: "/") : names.joined(separator: "/")
    }
}
