import Foundation
import SystemPackage
import WaterfallBatch
import WaterfallCore
import WaterfallPipeline
import WaterfallSpec

/// The baselines in a folder that none of a run's specs produces any more, for `check --prune`.
///
/// Only files with a baseline's name count: `NAME.svg`, `NAME.layout.json`, `NAME.png`,
/// `NAME.findings.json`, and `NAME-K.png` when its tile mark says it is tile K of NAME's
/// picture, and a spec's `SPEC.inputs.json` (stale when no given spec has that name). A stale file is one
/// whose NAME is none of the variant names the given specs produce (`shop`, `shop@375.dark`,
/// `shop.screen-2`: see `Variants`), so a spec named `shop@375` keeps its own files and
/// `shop`'s dropped variants are stale. A spec that cannot be read keeps every file named after
/// it or after any variant of it. Nothing else in the folder (pages, PDFs,
/// a user's own files, hidden files, folders, links) is ever listed or removed.
public enum StaleBaselines {
    /// The stale baseline files in `folder`, by name, for `specs` drawn at `variants`, each spec's
    /// root widened by `allowing` (`--allow-read`).
    public static func find(
        in folder: String, specs: [String], variants: Variants = Variants(), allowing: [String] = []
    ) -> [String] {
        var names = Set<String>()
        var unread: [String] = []
        var bases = Set<String>()
        for spec in specs {
            bases.insert(RenderPipeline.baseName(spec))
            if let produced = self.names(of: spec, variants: variants, allowing: allowing) {
                names.formUnion(produced)
            } else {
                unread.append(RenderPipeline.baseName(spec))
            }
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { file in
            guard !file.hasPrefix(".") else { return false }
            // A spec's record of its inputs is one file for all its variants, named after the spec.
            let inputs = ".inputs.json"
            if file.hasSuffix(inputs), file.count > inputs.count {
                return isRegularFile(Path.join(folder, file))
                    && !bases.contains(String(file.dropLast(inputs.count)))
            }
            guard let name = baselineName(of: file, in: folder) else { return false }
            let ofUnread = unread.contains { name == $0 || name.hasPrefix($0 + "@") || name.hasPrefix($0 + ".") }
            return !names.contains(name) && !ofUnread
        }.sorted()
    }

    /// The names of the baselines of the spec at `path` drawn at `variants`: one a variant, or one
    /// a screen it may draw; `nil` when the spec cannot be read.
    ///
    /// `allowing` widens the spec's root as `--allow-read` does.
    public static func names(of path: String, variants: Variants, allowing: [String] = []) -> [String]? {
        guard let spec = try? Spec.load(path: path, allowing: allowing), let drawn = try? variants.of(spec) else {
            return nil
        }
        let name = RenderPipeline.baseName(path)
        let clips = ((try? variants.clips(of: spec)) ?? []).map { $0.name(name) }
        return drawn.flatMap { variant -> [String] in
            let stem = variant.name(name)
            return variant.screens?.suffixes.map { stem + $0 } ?? [stem]
        } + clips
    }

    /// Removes `files` from `folder`, each after checking again that it is a regular file.
    public static func remove(_ files: [String], from folder: String) throws(ReviewError) {
        for file in files {
            let path = Path.join(folder, file)
            guard isRegularFile(path) else { continue }
            guard unlink(path) == 0 else {
                throw ReviewError(reason: "\(path): cannot be removed (\(String(cString: strerror(errno))))")
            }
        }
    }

    /// The spec name a baseline file belongs to, or nil when `file` is not a baseline's name.
    public static func baselineName(of file: String, in folder: String) -> String? {
        let path = Path.join(folder, file)
        for ending in [".findings.json", ".layout.json", ".svg", ".png"]
        where file.hasSuffix(ending) && file.count > ending.count {
            guard isRegularFile(path) else { return nil }
            let stem = String(file.dropLast(ending.count))
            // A tile names its spec in its mark; `shop-2.png` without one is the picture of `shop-2`.
            if ending == ".png", let mark = SpecFiles.mark(at: path), file == "\(mark.name)-\(mark.index).png" {
                return mark.name
            }
            return stem
        }
        return nil
    }

    /// Whether `path` is a regular file itself, not a link to one.
    private static func isRegularFile(_ path: String) -> Bool {
        if case .success(.regular) = Syscalls.fileType(atPath: path) { return true }
        return false
    }
}
