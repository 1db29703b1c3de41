import Foundation
import WaterfallCairo
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Renders one spec in several formats into a folder: spec → layout → scene → renderer → files.
struct RenderJob {
    var renderers: [Renderer]
    var output: String
    var scale: Double?
    var missingImages: MissingImagePolicy

    /// Decodes each image once while the scene is built, so a corrupt one is reported at its item.
    static let validateImage: @Sendable (SceneImage) throws -> Void = { image in
        do {
            _ = try ImageDecoder.decode(image)
        } catch CairoError.image(_, let reason) {
            throw CLIError.badArgument(reason)
        }
    }

    /// The files written, relative to the output folder.
    ///
    /// Every file goes to a temporary file first; only when every format has rendered are they
    /// renamed into place, so a spec that fails leaves nothing behind.
    func run(specPath: String) throws -> [String] {
        let spec = try Spec.load(path: specPath)
        let layout = try spec.layout()
        let builder = SceneBuilder(
            measurer: try PangoTextMeasurer(), missingImages: missingImages, imageValidator: Self.validateImage)
        let scene = try builder.scene(for: spec, layout: layout, scale: scale)
        let name = Self.baseName(specPath)
        var staged: [(temporary: String, file: String)] = []
        var committed = false
        defer {
            if !committed {
                for entry in staged {
                    try? FileManager.default.removeItem(atPath: entry.temporary)
                    TemporaryFiles.remove(entry.temporary)
                }
            }
        }
        for renderer in renderers {
            do {
                var current: String?
                try renderer.render(scene) { piece in
                    let fileName = "\(name)\(piece.suffix).\(renderer.fileExtension)"
                    let path = (output as NSString).appendingPathComponent(fileName)
                    // Consecutive pieces with the same suffix are one file, streamed to disk.
                    if current == fileName, let last = staged.last {
                        try AtomicFile.append(piece.bytes, toStaged: last.temporary, for: path)
                    } else {
                        staged.append((try AtomicFile.stage(piece.bytes, for: path), fileName))
                        current = fileName
                    }
                }
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError.io(path: specPath, message: "cannot render \(renderer.format): \(error)")
            }
        }
        for entry in staged {
            try AtomicFile.commit(entry.temporary, to: (output as NSString).appendingPathComponent(entry.file))
        }
        committed = true
        let written = staged.map(\.file)
        for renderer in renderers { removeStaleTiles(name: name, renderer: renderer, kept: Set(written)) }
        return written
    }

    /// The output name of a spec: its file name without the extension (`-` reads as `stdin`).
    static func baseName(_ specPath: String) -> String {
        specPath == "-" ? "stdin" : ((specPath as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    /// Tiles of an earlier, taller render would otherwise sit beside the new picture.
    private func removeStaleTiles(name: String, renderer: Renderer, kept: Set<String>) {
        guard renderer.format == "png" else { return }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
        for file in contents where !kept.contains(file) && file.hasSuffix(".\(renderer.fileExtension)") {
            let stem = String(file.dropLast(renderer.fileExtension.count + 1))
            let isTile = stem.hasPrefix(name + "-") && Int(stem.dropFirst(name.count + 1)) != nil
            if stem == name || isTile {
                try? FileManager.default.removeItem(atPath: (output as NSString).appendingPathComponent(file))
            }
        }
    }
}
