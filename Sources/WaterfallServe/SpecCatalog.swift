import Foundation
import WaterfallCore
import WaterfallPipeline

/// The specs a server shows: the files given, and the specs of the folders given, found again
/// each time it is asked so that a spec added to a folder appears.
public struct SpecCatalog: Sendable {
    /// One spec: the name pages and URLs use, and its file.
    public struct Entry: Sendable, Hashable {
        /// The file's name without its extension.
        public var name: String
        /// The file, as given or found in a folder given.
        public var path: String
    }

    /// A folder whose files may be served, under `/files/MOUNT/`.
    public struct Root: Sendable, Hashable {
        /// The URL path component after `/files/`.
        public var mount: String
        /// The folder.
        public var path: String
    }

    /// The arguments as given: spec files and folders.
    public var arguments: [String]
    /// The folders files are served from: each spec's folder, and the baselines.
    public var roots: [Root]
    /// The entries of the folders given that have a spec's name but are not regular files, each
    /// said once on standard error (the folders are looked at four times a second).
    private let skipped = Locked(Set<String>())
    /// Says a line on standard error (or wherever the caller keeps warnings).
    private let warn: @Sendable (String) -> Void

    /// Checks that every argument exists, and that `baselines`, when it exists, is a folder.
    ///
    /// - Parameters:
    ///   - arguments: Spec files and folders of specs.
    ///   - baselines: The baselines' folder, served under `/files/baselines/`.
    ///   - warn: Called with each warning line, such as an entry of a folder that is not a regular file.
    public init(arguments: [String], baselines: String?, warn: @escaping @Sendable (String) -> Void) throws(ServeError)
    {
        self.arguments = arguments
        self.warn = warn
        var folders: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw ServeError("\(argument): no such file or folder")
            }
            let folder = isDirectory.boolValue ? argument : argument.folderPart
            // A served folder inside the current one is reached with no link on the way: a
            // committed `specs -> ..` serves nothing.
            switch NamedFolder.open(folder) {
            case .success(let descriptor): try? descriptor.close()
            case .failure(let failure): throw ServeError("\(folder.isEmpty ? "." : folder): \(failure.reason)")
            }
            let absolute = ReadRule.absolute(folder.isEmpty ? "." : folder)
            if !folders.contains(absolute) { folders.append(absolute) }
        }
        roots = folders.enumerated().map { Root(mount: "specs\($0.offset + 1)", path: $0.element) }
        if let baselines {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: baselines, isDirectory: &isDirectory), !isDirectory.boolValue {
                throw ServeError("\(baselines): is not a folder")
            }
            if case .failure(.link(let link)) = NamedFolder.open(baselines) {
                throw ServeError("\(baselines): \(NamedFolder.Failure.link(link).reason)")
            }
            roots.append(Root(mount: "baselines", path: baselines))
        }
        _ = try entries()
    }

    /// Every spec, in the order given (a folder's sorted by name); two specs with one name are refused.
    public func entries() throws(ServeError) -> [Entry] {
        var entries: [Entry] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
            var files = [argument]
            if isDirectory.boolValue {
                let contents: SpecFolder.Contents
                do { contents = try SpecFolder.scan(argument) } catch { throw ServeError(error.description) }
                files = contents.specs
                for path in contents.skipped where skipped.withLock({ $0.insert(path).inserted }) {
                    warn(SpecFolder.skippedLine(path))
                }
            }
            for file in files {
                let name = RenderPipeline.baseName(file)
                if let other = entries.first(where: { $0.name == name }) {
                    guard other.path != file else { continue }
                    throw ServeError("\(file) and \(other.path) are both named \(name); serve one of them")
                }
                entries.append(Entry(name: name, path: file))
            }
        }
        return entries
    }

    /// The spec named `name`, if it is served now.
    public func entry(named name: String) -> Entry? {
        (try? entries())?.first { $0.name == name }
    }

    /// The folders of the specs served (not the baselines): the roots their files are read in.
    public var specFolders: [String] { roots.filter { $0.mount != "baselines" }.map(\.path) }

    /// The folder mounted at `mount`.
    func root(_ mount: String) -> Root? { roots.first { $0.mount == mount } }

    /// `/files/MOUNT/PATH` for a file inside a root, or `nil`.
    func url(forFile path: String) -> String? {
        guard let real = ReadRule.realPath(path) else { return nil }
        for root in roots {
            guard let base = ReadRule.realPath(root.path), real.hasPrefix(base + "/") else { continue }
            let relative = real.dropFirst(base.count + 1).split(separator: "/").map {
                $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? String($0)
            }
            return "/files/\(root.mount)/" + relative.joined(separator: "/")
        }
        return nil
    }
}
