import Foundation
import WaterfallCore
import WaterfallPipeline

/// The folders a command made, so that a command that fails leaves none of them behind empty.
///
/// Only folders this command made are taken back, and only while they are still empty: `rmdir`
/// removes nothing else (a folder with a file in it, a link, a folder that was already there).
final class CreatedFolders: Sendable {
    /// The folders made, each after its parent.
    private let folders = Locked<[String]>([])

    /// The folders of the command ``Waterfall/run(_:)`` is running.
    @TaskLocal static var current = CreatedFolders()

    /// Makes `folder` and any of its parents that are missing (``AtomicFile/makeFolder(_:)``),
    /// noting those it made.
    static func make(_ folder: String) throws {
        var missing: [String] = []
        var path = folder
        while !path.isEmpty, path != "/", path != ".", !FileManager.default.fileExists(atPath: path) {
            missing.insert(path, at: 0)
            let parent = Self.parent(of: path)
            if parent == path { break }
            path = parent
        }
        try AtomicFile.makeFolder(folder)
        current.folders.withLock { $0 += missing }
    }

    /// The folder `path` names its last component in: `""` for a name alone, `/` for a name at
    /// the root. (Foundation's `deletingLastPathComponent` traps on a one-character path.)
    static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// Removes the folders made that are still empty, the deepest first.
    func removeEmpty() {
        let made = folders.withLock { folders in
            defer { folders.removeAll() }
            return folders
        }
        for folder in made.reversed() { rmdir(folder) }
    }
}
