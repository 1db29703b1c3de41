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

    /// The files written, relative to the output folder.
    func run(specPath: String) throws -> [String] {
        let spec = try Spec.load(path: specPath)
        let layout = try spec.layout()
        let builder = SceneBuilder(measurer: try PangoTextMeasurer(), missingImages: missingImages)
        let scene = try builder.scene(for: spec, layout: layout, scale: scale)
        let name = Self.baseName(specPath)
        var written: [String] = []
        for renderer in renderers {
            var files: [String] = []
            do {
                try renderer.render(scene) { file in
                    let fileName = "\(name)\(file.suffix).\(renderer.fileExtension)"
                    try AtomicFile.write(file.bytes, to: (output as NSString).appendingPathComponent(fileName))
                    files.append(fileName)
                }
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError.io(path: specPath, message: "cannot render \(renderer.format): \(error)")
            }
            removeStaleTiles(name: name, renderer: renderer, kept: Set(files))
            written += files
        }
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
