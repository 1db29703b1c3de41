import Foundation
import WaterfallCore
import WaterfallPipeline
import WaterfallSpec

/// Finds which specs changed on disk by polling: each spec file, the images, data files and font
/// files it uses and the template folder, compared by modification time, size and inode (portable, and enough at
/// four polls a second).
final class FileWatcher: Sendable {
    /// What one poll saw of one spec.
    private struct Watched {
        var path: String
        var stamp: FileStamp?
        var images: [String: FileStamp?]
    }

    let catalog: SpecCatalog
    let templates: String?
    /// Loads each spec under the same read rule as its render.
    let pipeline: RenderPipeline
    private let state = Locked((specs: [String: Watched](), names: [String](), templates: [String: FileStamp]()))
    private let errors = Locked([String: String]())

    init(catalog: SpecCatalog, templates: String?, pipeline: RenderPipeline) {
        self.catalog = catalog
        self.templates = templates
        self.pipeline = pipeline
        _ = poll()
    }

    /// Why the spec named `name` could not be read at the last poll, if it could not.
    func error(for name: String) -> String? { errors.withLock { $0[name] } }

    /// Looks at every file once; returns the names of the specs that changed since the last poll,
    /// and whether every page should update (a spec came or went, or a template changed).
    func poll() -> (changed: [String], all: Bool) {
        let entries = (try? catalog.entries()) ?? []
        let templateStamps = templateFiles()
        return state.withLock { state in
            var changed: [String] = []
            let all = entries.map(\.name) != state.names || templateStamps != state.templates
            var next: [String: Watched] = [:]
            for entry in entries {
                let stamp = FileStamp(path: entry.path)
                var watched = state.specs[entry.name]
                if watched == nil || watched?.path != entry.path || watched?.stamp != stamp {
                    watched = Watched(path: entry.path, stamp: stamp, images: images(of: entry))
                    if state.specs[entry.name] != nil { changed.append(entry.name) }
                } else if let images = watched?.images {
                    var now: [String: FileStamp?] = [:]
                    for path in images.keys { now[path] = FileStamp(path: path) }
                    if now != images {
                        // Read again: a changed data file (`itemsFrom`) changes the items and their images.
                        watched?.images = self.images(of: entry)
                        changed.append(entry.name)
                    }
                }
                next[entry.name] = watched
            }
            state = (next, entries.map(\.name), templateStamps)
            return (changed, all)
        }
    }

    /// The images, data files and font files `entry` uses, with their stamps; records whether
    /// the spec reads.
    private func images(of entry: SpecCatalog.Entry) -> [String: FileStamp?] {
        do {
            let spec = try pipeline.loadSpec(at: entry.path)
            errors.withLock { $0[entry.name] = nil }
            var images: [String: FileStamp?] = [:]
            for section in spec.sections {
                for item in section.items {
                    guard let image = item.image else { continue }
                    let path = Path.resolve(image, from: spec.baseDirectory)
                    images[path] = FileStamp(path: path)
                }
            }
            for path in spec.dataFiles { images[path] = FileStamp(path: path) }
            for font in spec.fonts { images[font.file] = FileStamp(path: font.file) }
            return images
        } catch {
            errors.withLock { $0[entry.name] = "\(error)" }
            // A data file with an error in it is watched, so that fixing it is seen.
            if let file = error.file, file != entry.path { return [file: FileStamp(path: file)] }
            return [:]
        }
    }

    /// Every file of the template folder, with its stamp.
    private func templateFiles() -> [String: FileStamp] {
        guard let templates, let names = try? FileManager.default.contentsOfDirectory(atPath: templates) else {
            return [:]
        }
        var stamps: [String: FileStamp] = [:]
        for name in names {
            let path = Path.join(templates, name)
            stamps[path] = FileStamp(path: path)
        }
        return stamps
    }
}
