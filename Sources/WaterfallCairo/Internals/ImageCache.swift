import WaterfallRender
import WaterfallSpec

/// Surfaces made from element images (decoded or pre-rendered), made once per element and
/// dropped when no later tile needs them.
final class ImageCache {
    private var surfaces: [Int: CairoSurface] = [:]

    /// The surface for the element at `index`, made by `make` on first use.
    func surface(forElement index: Int, make: () throws -> CairoSurface) rethrows -> CairoSurface {
        if let surface = surfaces[index] { return surface }
        let surface = try make()
        surfaces[index] = surface
        return surface
    }

    /// Drops the surfaces of elements for which `isDone` is true.
    func evict(where isDone: (Int) -> Bool) {
        for index in surfaces.keys where isDone(index) {
            surfaces[index] = nil
        }
    }

    /// `image` decoded into a Cairo surface; errors name the image's path.
    static func decode(_ image: SceneImage) throws -> CairoSurface {
        let raster = try ImageDecoder.decode(image)
        do {
            return try CairoSurface.image(from: raster)
        } catch let error as CairoError {
            throw CairoError.image(path: image.path, reason: error.description)
        }
    }
}
