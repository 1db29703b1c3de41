import Foundation
import WaterfallCore
import WaterfallPipeline

/// The specs a server shows: the files given, and the specs of the folders given, found again
/// each time it is asked so that a spec added to a folder appears.
struct SpecCatalog: Sendable {
    /// One spec: the name pages and URLs use, and its file.
    struct Entry: Sendable, Hashable {
        var name: String
        var path: String
    }

    /// A folder whose files may be served, under `/files/MOUNT/`.
    struct Root: Sendable, Hashable {
        var mount: String
        var path: String
    }

    /// The arguments as given: spec files and folders.
    var arguments: [String]
    /// The folders files are served from: each spec's folder, and the baselines.
    var roots: [Root]
    /// The entries of the folders given that have a spec's name but are not regular files, each
    /// said once on standard error (the folders are looked at four times a second).
    private let skipped = Locked(Set<String>())

    /// Checks that every argument exists.
    init(arguments: [String], baselines: String?) throws(CLIError) {
        self.arguments = arguments
        var folders: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw CLIError.io(path: argument, message: "no such file or folder")
            }
            let folder = isDirectory.boolValue ? argument : (argument as NSString).deletingLastPathComponent
            let real = ServedPath.realPath(folder.isEmpty ? "." : folder) ?? folder
            if !folders.contains(real) { folders.append(real) }
        }
        roots = folders.enumerated().map { Root(mount: "specs\($0.offset + 1)", path: $0.element) }
        if let baselines { roots.append(Root(mount: "baselines", path: baselines)) }
        _ = try entries()
    }

    /// Every spec, in the order given (a folder's sorted by name); two specs with one name are refused.
    func entries() throws(CLIError) -> [Entry] {
        var entries: [Entry] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
            var files = [argument]
            if isDirectory.boolValue {
                let contents = try SpecFolder.scan(argument)
                files = contents.specs
                for path in contents.skipped where skipped.withLock({ $0.insert(path).inserted }) {
                    Output.standardError(SpecFolder.skippedLine(path))
                }
            }
            for file in files {
                let name = RenderPipeline.baseName(file)
                if let other = entries.first(where: { $0.name == name }) {
                    guard other.path != file else { continue }
                    throw CLIError.badArgument("\(file) and \(other.path) are both named \(name); serve one of them")
                }
                entries.append(Entry(name: name, path: file))
            }
        }
        return entries
    }

    /// The spec named `name`, if it is served now.
    func entry(named name: String) -> Entry? {
        (try? entries())?.first { $0.name == name }
    }

    /// The folders of the specs served (not the baselines): the roots their files are read in.
    var specFolders: [String] { roots.filter { $0.mount != "baselines" }.map(\.path) }

    /// The folder mounted at `mount`.
    func root(_ mount: String) -> Root? { roots.first { $0.mount == mount } }

    /// `/files/MOUNT/PATH` for a file inside a root, or `nil`.
    func url(forFile path: String) -> String? {
        guard let real = ServedPath.realPath(path) else { return nil }
        for root in roots {
            guard let base = ServedPath.realPath(root.path), real.hasPrefix(base + "/") else { continue }
            let relative = real.dropFirst(base.count + 1).split(separator: "/").map {
                $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? String($0)
            }
            return "/files/\(root.mount)/" + relative.joined(separator: "/")
        }
        return nil
    }
}
