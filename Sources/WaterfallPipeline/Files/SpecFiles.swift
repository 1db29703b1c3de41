import Foundation
import WaterfallCore
import WaterfallRender

/// The files of one spec in one folder, staged as they are rendered and renamed into place together.
///
/// PNG tiles carry a ``TileMark`` naming their spec. A tile is written over an existing file only
/// when that file is a tile of the same spec, a spec's picture never replaces another spec's
/// tile, and stale tiles are removed only when their mark names this spec: a render never
/// replaces or deletes a file that is not its own.
package struct SpecFiles {
    package let folder: String
    package let name: String
    package let spec: String
    private(set) var staged: [(temporary: String, file: String, isTile: Bool, stem: String)] = []
    private var committed = false

    package init(folder: String, name: String, spec: String) {
        self.folder = folder
        self.name = name
        self.spec = spec
    }

    /// Adds a piece of a file; consecutive pieces with the same file name are one file.
    ///
    /// The file is named after `stem` (the spec's `name` when `nil`; a screen's is `name.screen-1`),
    /// and a tile is marked as a tile of `stem`'s picture.
    package mutating func add(
        _ piece: RenderedFile, format: RenderFormat, stem: String? = nil
    ) throws(FileError) {
        let stem = stem ?? name
        let file = "\(stem)\(piece.suffix).\(format.fileExtension)"
        let path = self.path(file)
        if let last = staged.last, last.file == file {
            try AtomicFile.append(piece.bytes, toStaged: last.temporary, for: path)
            return
        }
        let isTile = format == .png && !piece.suffix.isEmpty
        var pieces = [piece.bytes[...]]
        if isTile, let index = Int(piece.suffix.dropFirst()) {
            pieces = TileMark.marking(piece.bytes, name: stem, index: index)
        }
        staged.append((try AtomicFile.stage(pieces, for: path), file, isTile, stem))
    }

    /// Adds a whole file named `file` that is neither a picture nor a render (a spec's record of
    /// its inputs).
    package mutating func add(_ bytes: [UInt8], file: String) throws(FileError) {
        staged.append((try AtomicFile.stage([bytes[...]], for: path(file)), file, false, name))
    }

    /// Stages an empty file named `file`, and returns the temporary path a writer streams it into
    /// (a clip, written frame by frame); it is renamed into place with the others.
    package mutating func stageStream(file: String) throws(FileError) -> String {
        let temporary = try AtomicFile.stage([UInt8](), for: path(file))
        staged.append((temporary, file, false, file))
        return temporary
    }

    /// Renames every staged file into place, after checking that each target is free to take.
    ///
    /// Then removes this spec's tiles that the new picture no longer has. Returns the file names.
    package mutating func commit(claims: OutputClaims) throws(FileError) -> [String] {
        for entry in staged {
            let path = self.path(entry.file)
            try claims.claim(path, for: spec)
            try AtomicFile.checkTarget(path)
            let mark = Self.mark(at: path)
            if let mark, mark.name != entry.stem {
                throw FileError(
                    path: path, message: "is a tile of \(mark.name)'s picture; not replaced with \(spec)'s")
            }
            if entry.isTile, mark == nil, FileManager.default.fileExists(atPath: path) {
                throw FileError(path: path, message: "is not a tile waterfall wrote for \(spec); not replaced")
            }
        }
        for entry in staged { try AtomicFile.commit(entry.temporary, to: path(entry.file)) }
        committed = true
        let written = Set(staged.map(\.file))
        var stems: [String] = []
        for entry in staged where entry.file.hasSuffix(".png") && !stems.contains(entry.stem) {
            stems.append(entry.stem)
        }
        for stem in stems {
            for file in Self.tiles(of: stem, in: folder) where !written.contains(file) {
                AtomicFile.removeFile(path(file))
            }
        }
        return staged.map(\.file)
    }

    /// Removes the staged files, unless they were committed.
    package func discard() {
        guard !committed else { return }
        for entry in staged {
            AtomicFile.removeFile(entry.temporary)
            TemporaryFiles.remove(entry.temporary)
        }
    }

    /// The PNG tiles in `folder` whose mark names the spec `name`, sorted by name.
    package static func tiles(of name: String, in folder: String) -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { file in
            guard file.hasPrefix(name + "-"), file.hasSuffix(".png") else { return false }
            let index = file.dropFirst(name.count + 1).dropLast(4)
            guard Int(index) != nil else { return false }
            return mark(at: Path.join(folder, file))?.name == name
        }.sorted()
    }

    /// The tile mark of the PNG at `path`, read from its first bytes; a link, a FIFO or a folder
    /// has none (a link is never taken for one of ours, nor followed).
    package static func mark(at path: String) -> (name: String, index: Int)? {
        guard case .success(let prefix) = RegularFile.readPrefix(atPath: path, count: 4096, followingLinks: false)
        else { return nil }
        return TileMark.read(prefix)
    }

    private func path(_ file: String) -> String { Path.join(folder, file) }
}

/// The output files a run has claimed, each for one spec.
public final class OutputClaims: Sendable {
    /// Creates an empty set of claims, one for a whole run.
    public init() {}

    private let claims = Locked([String: String]())

    /// Claims `path` for `spec`; a second spec claiming the same file is refused.
    package func claim(_ path: String, for spec: String) throws(FileError) {
        let owner = claims.withLock { claims in
            if let owner = claims[path] { return owner }
            claims[path] = spec
            return spec
        }
        guard owner == spec else {
            throw FileError(path: path, message: "is written for both \(owner) and \(spec); rename one of them")
        }
    }
}
