import Foundation
import SystemPackage

/// The folders a spec may read files from: its root, and the folders the user widened it by.
///
/// A spec from a pull-request branch is someone else's input. Every file it names (data files,
/// images, fonts) is opened beneath one of these folders by the kernel (`Beneath`), the way
/// Vite's `server.fs.allow` and Deno's `--allow-read` promise: one root, one rule, widened only
/// by name. A `..` past the folder, an absolute link, a chain of links, a missing folder before
/// `..` and a rename racing the open all fail inside the one system call that opens the file,
/// so nothing outside is opened, read or said to exist.
///
/// A spec's root is the nearest folder above it that holds `.git` (its repository), else the
/// spec's own folder (see ``forSpec(inFolder:allowing:)``); `serve` makes its served folders the
/// roots. A folder named with `--allow-read` that lies inside the root is reached from the root
/// without passing a link, so a committed `vendor -> /` widens nothing.
public struct ReadRule: Sendable, Hashable {
    /// The folders files may be read from, as absolute paths; the first is the spec's root, the
    /// one messages name.
    public let folders: [String]

    /// A rule reading from `folders`: the first with its links resolved (the root is where the
    /// user's own spec is), the others as the user spelled them, made absolute.
    public init(folders: [String]) {
        var absolute: [String] = []
        for (index, folder) in folders.enumerated() {
            let path = index == 0 ? Self.realPath(folder) ?? Self.absolute(folder) : Self.absolute(folder)
            if !absolute.contains(path) { absolute.append(path) }
        }
        self.folders = absolute
    }

    /// The rule of a spec in `folder`: its root (the nearest folder above that holds `.git`, else
    /// `folder` itself) and the folders in `allowing`.
    public static func forSpec(inFolder folder: String, allowing: [String] = []) -> ReadRule {
        ReadRule(folders: [root(ofFolder: folder)] + allowing)
    }

    /// The nearest folder at or above `folder` (its links resolved) that holds `.git` (a folder or,
    /// in a worktree or submodule, a file), else `folder` itself.
    public static func root(ofFolder folder: String) -> String {
        let start = realPath(folder) ?? absolute(folder)
        var candidate = start
        while true {
            if FileManager.default.fileExists(atPath: Path.join(candidate, ".git")) {
                return candidate
            }
            let parent = candidate.folderPart
            if parent == candidate || parent.isEmpty { return start }
            candidate = parent
        }
    }

    /// Why a file the rule was asked for was not opened.
    package enum Failure: Error, Sendable, Equatable {
        /// It lies outside every folder: never opened, never said to exist or not.
        case outside
        /// An `--allow-read` folder inside the root is reached through a link.
        case allowedThroughLink(String)
        /// Opening or reading it failed.
        case file(RegularFile.Failure)
    }

    /// The sentence a refusal ends with: which root, and how to widen it.
    public var widening: String {
        "outside the spec's root \(folders.first ?? "/")\(folders.count > 1 ? " and the folders allowed" : ""); "
            + "name its folder with --allow-read DIR to read it"
    }

    /// The failure in words, for a message that names the file before it.
    package func reason(_ failure: Failure) -> String {
        switch failure {
        case .outside: "is \(widening)"
        case .allowedThroughLink(let folder):
            "is in --allow-read \(folder), which is reached through a symbolic link inside the spec's root"
        case .file(let failure): failure.reason
        }
    }

    /// Opens the regular file `path` names (absolute, or relative to `base`) beneath the folder
    /// it lies in, and returns its descriptor and size; the caller closes it.
    package func open(_ path: String, relativeTo base: String) -> Result<
        (descriptor: FileDescriptor, size: Int), Failure
    > {
        let written = Path.resolve(path, from: Self.realPath(base) ?? Self.absolute(base))
        // As written first, so the kernel walks every `..` and link; then, for a path that leaves
        // one folder for another allowed one, by name.
        var tried = Set<Int>()
        for candidate in [written, Path.normalized(written)] {
            for (index, folder) in folders.enumerated() where !tried.contains(index) {
                let spellings = index == 0 ? [folder] : [folder] + [Self.realPath(folder)].compactMap(\.self)
                guard let below = spellings.lazy.compactMap({ Self.path(candidate, below: $0) }).first else {
                    continue
                }
                tried.insert(index)
                // Everything lies beneath `/`, links to absolute paths too (a rule built for code
                // that names its own files).
                if folder == "/" { return RegularFile.open(candidate).mapError { .file($0) } }
                let opened: Result<(descriptor: FileDescriptor, size: Int), Failure>
                switch openFolder(at: index) {
                case .success(let descriptor):
                    defer { try? descriptor.close() }
                    opened = RegularFile.open(below, beneath: descriptor).mapError { .file($0) }
                case .failure(let failure): return .failure(failure)
                }
                if case .failure(.file(.system(.improperLink))) = opened { continue }
                return opened
            }
        }
        return .failure(.outside)
    }

    /// The bytes of the regular file `path` names (absolute, or relative to `base`), read beneath
    /// its folder; at most `limit` of them.
    package func read(_ path: String, relativeTo base: String, limit: Int) -> Result<[UInt8], Failure> {
        switch open(path, relativeTo: base) {
        case .success(let file):
            defer { try? file.descriptor.close() }
            return RegularFile.read(file.descriptor, expected: file.size, limit: limit).mapError { .file($0) }
        case .failure(let failure): return .failure(failure)
        }
    }

    /// A descriptor of folder `index`: the root as the user's spec is found in it; an allowed
    /// folder inside the root opened from the root with no link on the way.
    private func openFolder(at index: Int) -> Result<FileDescriptor, Failure> {
        let folder = folders[index]
        if index > 0, let root = folders.first, let below = Self.path(folder, below: root) {
            switch openFolder(at: 0) {
            case .success(let rootDescriptor):
                defer { try? rootDescriptor.close() }
                switch Beneath.open(below, in: rootDescriptor, .readOnly, options: [.directory], links: .none) {
                case .success(let descriptor): return .success(descriptor)
                case .failure(.tooManySymbolicLinkLevels), .failure(.improperLink):
                    return .failure(.allowedThroughLink(folder))
                case .failure(let error): return .failure(.file(.system(error)))
                }
            case .failure(let failure): return .failure(failure)
            }
        }
        do {
            return .success(
                try FileDescriptor.open(
                    FilePath(folder), .readOnly, options: [.directory, .closeOnExec], retryOnInterrupt: true))
        } catch {
            return .failure(.file(.system(error as? Errno ?? .ioError)))
        }
    }

    /// `path` relative to `folder` when it is `folder` or lies below it by name (`.` for the folder
    /// itself), else `nil`.
    package static func path(_ path: String, below folder: String) -> String? {
        if path == folder { return "." }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return String(path.dropFirst(prefix.count))
    }

    /// `path` with its links resolved (`realpath`), or `nil` when it does not exist.
    ///
    /// Only for the folders the user names, never for a path a spec writes.
    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` made absolute from the current folder, `.` and `..` removed by name.
    package static func absolute(_ path: String) -> String {
        Path.normalized(Path.resolve(path, from: FileManager.default.currentDirectoryPath))
    }
}
