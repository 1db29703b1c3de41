import Foundation

/// A file under one of the served folders, found from the raw components of a request's path.
///
/// Every component is percent-decoded on its own, so `%2e%2e` and `%2F` are seen for what they
/// are; `.`, `..`, empty components and NUL are refused, and the file found is resolved through
/// its symbolic links and must still lie inside the folder.
enum ServedPath {
    /// The real path of the regular file `components` name under `root`, or `nil` when there is
    /// none or it lies outside `root`.
    static func resolve(_ components: some Sequence<Substring>, under root: String) -> String? {
        var decoded: [String] = []
        for component in components {
            guard let name = component.removingPercentEncoding, !name.isEmpty, name != ".", name != "..",
                !name.contains("/"), !name.contains("\0"), !name.contains("\\")
            else { return nil }
            decoded.append(name)
        }
        guard !decoded.isEmpty, let base = realPath(root) else { return nil }
        guard let target = realPath(([base] + decoded).joined(separator: "/")),
            target.hasPrefix(base == "/" ? "/" : base + "/")
        else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return nil
        }
        return target
    }

    /// `path` with every symbolic link resolved, or `nil` when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
