import Foundation

/// A repository as a pull-request branch could commit it, beside files it must never read.
///
/// ```
/// FOLDER/
///   outside/secret.csv, secret.png, secret.otf   (each holds `marker`)
///   repo/.git/
///   repo/specs/                                  (specs go here)
///   repo/data/ok.csv, repo/img/ok.png            (inside: these may be read)
///   repo/links/out.csv -> ../../outside/secret.csv      a link out
///   repo/links/chain.csv -> hop.csv -> /…/outside/secret.csv   a chain of links out
///   repo/links/outdir -> ../../outside            a folder link out
///   repo/links/in.csv -> ../data/ok.csv           a link that stays inside
///   repo/links/dangling.csv -> /…/outside/none.csv  a link out to nothing
/// ```
public final class HostileBranch: Sendable {
    /// Text every outside file holds, so a test can look for it in any output.
    public static let marker = "SECRET-d41d8cd98f00"

    public let folder: TemporaryFolder
    /// The repository's root.
    public var repo: String { folder.path + "/repo" }
    /// Where its specs are written.
    public var specs: String { repo + "/specs" }
    /// The folder outside the repository.
    public var outside: String { folder.path + "/outside" }

    /// Every way out of the repository, for a file of extension `ext`, as a spec in `specs/`
    /// writes it: absolute, `..`, a link out, a chain of links, a folder link, a dangling link out.
    public func waysOut(_ ext: String) -> [String] {
        [
            "\(outside)/secret.\(ext)", "../../outside/secret.\(ext)", "../links/out.\(ext)", "../links/chain.\(ext)",
            "../links/outdir/secret.\(ext)", "../links/dangling.\(ext)", "../data/../../outside/secret.\(ext)",
        ]
    }

    /// Ways to name a file inside: `..` that stays inside, an absolute path inside, a link inside.
    public func waysIn(_ ext: String) -> [String] {
        ["../data/ok.\(ext)", "\(repo)/data/ok.\(ext)", "../links/in.\(ext)"]
    }

    /// Builds the tree; `png` is a valid PNG's bytes (the outside one ends with `marker` too).
    public init(png: [UInt8]) throws {
        folder = try TemporaryFolder()
        let manager = FileManager.default
        for path in ["repo/.git", "repo/specs", "repo/data", "repo/img", "repo/links", "outside"] {
            try manager.createDirectory(atPath: folder.path + "/" + path, withIntermediateDirectories: true)
        }
        let csv = "name,image\n\(Self.marker),x.png\n"
        try csv.write(toFile: outside + "/secret.csv", atomically: true, encoding: .utf8)
        try Data(png + Array(Self.marker.utf8)).write(to: URL(fileURLWithPath: outside + "/secret.png"))
        try Data(Array("OTTO".utf8) + Array(Self.marker.utf8)).write(to: URL(fileURLWithPath: outside + "/secret.otf"))
        try "name,image\nInside card,ok.png\n".write(toFile: repo + "/data/ok.csv", atomically: true, encoding: .utf8)
        try Data(png).write(to: URL(fileURLWithPath: repo + "/data/ok.png"))
        try Data(png).write(to: URL(fileURLWithPath: repo + "/img/ok.png"))
        for ext in ["csv", "png", "otf"] {
            try manager.createSymbolicLink(
                atPath: repo + "/links/out.\(ext)", withDestinationPath: "../../outside/secret.\(ext)")
            try manager.createSymbolicLink(
                atPath: repo + "/links/hop.\(ext)", withDestinationPath: outside + "/secret.\(ext)")
            try manager.createSymbolicLink(atPath: repo + "/links/chain.\(ext)", withDestinationPath: "hop.\(ext)")
            try manager.createSymbolicLink(
                atPath: repo + "/links/dangling.\(ext)", withDestinationPath: outside + "/none.\(ext)")
            if ext != "otf" {
                try manager.createSymbolicLink(
                    atPath: repo + "/links/in.\(ext)", withDestinationPath: "../data/ok.\(ext)")
            }
        }
        try manager.createSymbolicLink(atPath: repo + "/links/outdir", withDestinationPath: "../../outside")
    }

    /// Writes `text` as `specs/NAME.yaml` and returns its path.
    @discardableResult
    public func spec(_ name: String, _ text: String) throws -> String {
        let path = specs + "/\(name).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every file under `folder` (links not followed) whose bytes hold the marker.
    public static func filesHoldingMarker(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        for case let relative as String in walker {
            let path = folder + "/" + relative
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular,
                let data = FileManager.default.contents(atPath: path)
            else { continue }
            if data.range(of: Data(marker.utf8)) != nil { found.append(relative) }
        }
        return found
    }
}
