import SystemPackage

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
}

extension String {
    /// The folder part of a path: what comes before its last component (`dir` of `dir/a.png`,
    /// `/` of `/a.png`), empty for a bare name.
    ///
    /// `NSString.deletingLastPathComponent` gives the same answers but traps on a one-character
    /// path in this Foundation (`waterfall render a` crashed), so every module asks here.
    package var folderPart: String {
        var path = FilePath(self)
        path.removeLastComponent()
        return path.string
    }
}
