import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallPipeline

extension ResultsBlob {
    /// Writes the blob into the folder `folder`, made if need be: its pictures, then its index,
    /// each to a temporary file renamed into place, so a blob is whole once its index is there.
    public func write(to folder: String) throws {
        try AtomicFile.makeFolder(folder)
        let indexPath = Path.join(folder, Self.indexFile)
        // An old index goes first: a blob left half written is then no blob.
        if RegularFile.isRegular(indexPath) { unlink(indexPath) }
        var written = 0
        let index = try BlobIndex(self) { bytes in
            let name = "p\(written).png"
            written += 1
            try AtomicFile.write(bytes, to: Path.join(folder, name))
            return name
        }
        let bytes = try JSONOutput.encode(index)
        guard bytes.count <= Self.maximumIndexBytes else {
            throw ReviewError(
                reason: "\(indexPath): the results take \(bytes.count) bytes, more than merge-reports reads "
                    + "(\(Self.maximumIndexBytes)); split the run into more shards")
        }
        try AtomicFile.write(bytes, to: indexPath)
    }

    /// Reads the blob in `folder`, counting the bytes of its pictures against `budget`.
    ///
    /// Only `blob.json` and the pictures it names as the writer names them (`p12.png`) are read,
    /// never through a link, so a hostile blob cannot make this read outside its folder: a folder
    /// that is a symbolic link, or that holds one, is refused, as no writer makes either. Every
    /// picture is decoded whole (within the decoder's pixel limit) before it is given, so what a
    /// report copies from a blob is a PNG that reads.
    /// - Throws: ``ReviewError`` naming the file: missing, too large, not a blob, another
    ///   version, a link, a picture that does not decode, or a value no writer writes.
    public static func read(from folder: String, budget: inout Int) throws(ReviewError) -> ResultsBlob {
        try refuseLinks(folder)
        let file = Path.join(folder, indexFile)
        let bytes: [UInt8]
        switch NamedFolder.read(file, limit: maximumIndexBytes) {
        case .success(let read): bytes = read
        case .failure(let failure) where failure.isLink: throw linkRefused(file)
        case .failure(let failure): throw ReviewError(reason: "\(file): \(failure.reason)")
        }
        let index: BlobIndex
        do {
            index = try JSONDecoder().decode(BlobIndex.self, from: Data(bytes))
        } catch {
            // The version first: a blob of a later format says so rather than what it lacks.
            throw ReviewError(reason: "\(file): not a waterfall check blob of version \(version)")
        }
        guard index.format == BlobIndex.formatName, index.version == version else {
            throw ReviewError(
                reason:
                    "\(file): a blob of format \"\(index.format)\" version \(index.version); this reads version \(version)"
            )
        }
        let shard: Shard
        do {
            shard = try Shard(parsing: index.shard)
        } catch {
            throw ReviewError(reason: "\(file): bad shard \"\(index.shard)\": \(error)")
        }
        guard index.specs.count <= maximumSpecs else { throw ReviewError(reason: "\(file): too many specs") }
        guard index.checked.map(\.index) == shard.select(index.specs) else {
            throw ReviewError(reason: "\(file): the specs checked are not those of shard \(shard)")
        }
        var remaining = budget
        // Each file is read and decoded once, however many times the index names it.
        var pictures: [String: [UInt8]] = [:]
        let reader = BlobReader(file: file) { (name: String) throws(ReviewError) -> [UInt8] in
            if let read = pictures[name] { return read }
            let path = try picturePath(name, in: folder, index: file)
            switch NamedFolder.read(path, limit: min(remaining, BaselineChecker.maximumBaselineBytes)) {
            case .success(let read):
                remaining -= read.count
                try decode(read, path: path)
                pictures[name] = read
                return read
            case .failure(.tooLarge):
                throw ReviewError(reason: "\(path): too many picture bytes for one merge")
            case .failure(let failure) where failure.isLink:
                throw linkRefused(path)
            case .failure(let failure):
                throw ReviewError(reason: "\(path): \(failure.reason)")
            }
        }
        var checked: [(index: Int, checks: [SpecCheck])] = []
        for spec in index.checked {
            var checks: [SpecCheck] = []
            for entry in spec.checks {
                guard entry.spec == index.specs[spec.index] else {
                    throw ReviewError(reason: "\(file): a check of \(entry.spec) is filed under another spec")
                }
                checks.append(try reader.check(entry))
            }
            guard !checks.isEmpty else { throw ReviewError(reason: "\(file): \(index.specs[spec.index]) has no check") }
            checked.append((spec.index, checks))
        }
        budget = remaining
        var blob = ResultsBlob(
            shard: shard, specs: index.specs, positions: [], baselines: index.baselines,
            results: CheckResults(checks: []))
        blob.checked = checked
        return blob
    }

    /// Refuses a blob folder that is a symbolic link, and one that holds a link: a writer makes
    /// neither, and a merge reads a blob's files only as regular files inside its folder.
    ///
    /// A folder that is not there is left to the read of its index, which says so.
    private static func refuseLinks(_ folder: String) throws(ReviewError) {
        // `blob/` and `blob/.` name the link's target, not the link: look at `blob`.
        var named = folder
        while named.count > 1, named.hasSuffix("/") || named.hasSuffix("/.") {
            named.removeLast(named.hasSuffix("/") ? 1 : 2)
        }
        if RegularFile.isSymbolicLink(named) { throw linkRefused(folder, what: "a blob folder is not read through it") }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            let path = Path.join(folder, name)
            if RegularFile.isSymbolicLink(path) { throw linkRefused(path) }
        }
    }

    /// A link refused, naming it.
    private static func linkRefused(_ path: String, what: String = "not read") -> ReviewError {
        ReviewError(reason: "\(path.escapedForMessage): is a symbolic link; \(what)")
    }

    /// Refuses a picture that does not decode whole: cut short, corrupt, or larger than the
    /// decoder's pixel limit.
    private static func decode(_ bytes: [UInt8], path: String) throws(ReviewError) {
        do {
            _ = try PixelImage(png: bytes, name: path)
        } catch {
            throw ReviewError(reason: error.description)
        }
    }

    /// The path of the picture `name` in `folder`: only a name the writer gives (`p12.png`).
    private static func picturePath(_ name: String, in folder: String, index: String) throws(ReviewError) -> String {
        let digits = name.dropFirst().dropLast(4)
        guard name.hasPrefix("p"), name.hasSuffix(".png"), !digits.isEmpty, digits.count <= 9,
            digits.allSatisfy({ $0.isASCII && $0.isNumber })
        else { throw ReviewError(reason: "\(index): \"\(name)\" is not a picture of a blob") }
        return Path.join(folder, name)
    }
}
