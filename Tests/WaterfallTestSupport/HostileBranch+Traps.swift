import Foundation

/// The traps the hostile suite sets in a branch, beside ``HostileBranch``'s own links.
///
/// ```
/// repo/data/link.csv, link.png, link.otf -> ../../outside/secret.*   links out where data lives
/// repo/hops/1.csv -> 2.csv -> … -> 41.csv -> ../../outside/secret.csv  41 links, the last one out
///   (and .png, .otf alike)
/// outside/bl/, outside/blob/                                           folders a link may lead to
/// repo/.git/config                                                     holds `marker`, as a CI token
/// ```
extension HostileBranch {
    /// The links of the traps above; call once.
    public func setTraps() throws {
        let manager = FileManager.default
        for path in ["repo/hops", "outside/bl", "outside/blob"] {
            try manager.createDirectory(atPath: folder.path + "/" + path, withIntermediateDirectories: true)
        }
        for ext in ["csv", "png", "otf"] {
            try manager.createSymbolicLink(
                atPath: repo + "/data/link.\(ext)", withDestinationPath: "../../outside/secret.\(ext)")
            try manager.createSymbolicLink(
                atPath: repo + "/hops/41.\(ext)", withDestinationPath: "../../outside/secret.\(ext)")
            for hop in 1...40 {
                try manager.createSymbolicLink(
                    atPath: repo + "/hops/\(hop).\(ext)", withDestinationPath: "\(hop + 1).\(ext)")
            }
        }
        try "[core]\n\trepositoryformatversion = 0\n[http]\n\textraheader = AUTHORIZATION: basic \(Self.marker)\n"
            .write(toFile: repo + "/.git/config", atomically: true, encoding: .utf8)
    }

    /// Writes `text` at `relative`, a path inside the repository, and returns its full path.
    @discardableResult
    public func write(_ text: String, at relative: String) throws -> String {
        let path = repo + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Makes `relative`, inside the repository, a symbolic link to `target`.
    public func link(_ relative: String, to target: String) throws {
        let path = repo + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
    }

    /// Whether `bytes` hold the marker as they are, or inside a base64 data URI (an embedded
    /// picture or font).
    public static func holdsMarker(_ bytes: Data) -> Bool {
        if bytes.range(of: Data(marker.utf8)) != nil { return true }
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = text[...]
        while let start = rest.range(of: "base64,") {
            let encoded = rest[start.upperBound...].prefix { $0.isLetter || $0.isNumber || "+/=".contains($0) }
            var padded = String(encoded.prefix { $0 != "=" })
            while padded.count % 4 != 0 { padded += "=" }
            if let decoded = Data(base64Encoded: padded), decoded.range(of: Data(marker.utf8)) != nil { return true }
            rest = rest[start.upperBound...]
        }
        return false
    }

    /// Every regular file under `folder` (links not followed): its path relative to `folder`.
    public static func regularFiles(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        for case let relative as String in walker {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + relative)
            if attributes?[.type] as? FileAttributeType == .typeRegular { found.append(relative) }
        }
        return found.sorted()
    }

    /// Every file under `folder` (links not followed) that holds the marker, embedded ones too.
    public static func filesLeakingMarker(in folder: String) -> [String] {
        regularFiles(in: folder).filter { relative in
            FileManager.default.contents(atPath: folder + "/" + relative).map(holdsMarker) ?? false
        }
    }

    /// The outside folder's files with their sizes and times, to tell that nothing changed there.
    public var outsideState: [String: String] {
        var state: [String: String] = [:]
        for relative in Self.regularFiles(in: outside) {
            let attributes = try? FileManager.default.attributesOfItem(atPath: outside + "/" + relative)
            let size = attributes?[.size] as? Int ?? -1
            let time = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            state[relative] = "\(size) \(time)"
        }
        return state
    }
}
