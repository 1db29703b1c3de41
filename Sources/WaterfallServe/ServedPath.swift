import Foundation

/// A file under one of the served folders, found from the raw components of a request's path.
///
/// Every component is percent-decoded on its own, so `%2e%2e` and `%2F` are seen for what they
/// are; `.`, `..`, hidden names, empty components and NUL are refused.
enum ServedPath {
    /// The path below a served folder that `components` (percent-encoded, as the URL has them)
    /// name, or `nil` when one is empty, `.`, `..`, hidden (a dot folder such as `.git`, where
    /// a CI checkout keeps its token, or a dot file) or holds a `/`, `\\` or NUL.
    ///
    /// The file is then opened beneath the served folder's descriptor (``ServedFile``), so a link
    /// inside it that leads out is refused by the kernel, not by comparing strings.
    static func relative(_ components: some Sequence<Substring>) -> String? {
        var decoded: [String] = []
        for component in components {
            guard let name = component.removingPercentEncoding, !name.isEmpty, !name.hasPrefix("."),
                !name.contains("/"), !name.contains("\0"), !name.contains("\\")
            else { return nil }
            decoded.append(name)
        }
        guard !decoded.isEmpty else { return nil }
        return decoded.joined(separator: "/")
    }
}
