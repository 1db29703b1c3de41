import WaterfallCore
import WaterfallRender

/// The Cairo surfaces of a scene's images: each distinct image decoded once and shared by every
/// element that shows it, and (for raster output) one pre-rendered layer per element.
///
/// Memory stays bounded: a decoded image is dropped once every element showing it is above the
/// part of the page still to draw, and when decoded images (or layers) pass
/// `Limits.maxCachedImageBytes` the ones not in use are dropped (and made again if needed). Each decoded image carries a
/// unique id (`CAIRO_MIME_TYPE_UNIQUE_ID`), so a PDF embeds it once even if it was decoded twice.
final class ImageCache {
    /// For each element, the distinct image it shows, if any.
    private let imageIDs: [Int?]
    /// For each distinct image, the lowest point (in points) of any element showing it.
    private let lastBottoms: [Double]
    private var sources: [Int: CairoSurface] = [:]
    private var sourceBytes = 0
    /// Layers by element, and by band for layers too large to keep whole (`nil` for whole ones).
    private var layers: [LayerKey: CairoSurface] = [:]
    private var layerBytes = 0

    /// How many times an image was decoded; for tests of sharing.
    private(set) var decodeCount = 0

    /// Finds the distinct images of `scene`: equal paths, formats and bytes are one image.
    init(scene: Scene) {
        /// Distinct images by path and size; the bytes compare only on a hash match, and scene
        /// builders share one array per file, which compares in constant time.
        struct Key: Hashable {
            var path: String
            var format: SceneImage.Format
            var byteCount: Int
        }
        var known: [Key: [(data: [UInt8], id: Int)]] = [:]
        var ids: [Int?] = []
        var bottoms: [Double] = []
        ids.reserveCapacity(scene.elements.count)
        for element in scene.elements {
            guard let image = element.image else {
                ids.append(nil)
                continue
            }
            let key = Key(path: image.path, format: image.format, byteCount: image.data.count)
            let bottom = SceneDrawer.extent(of: element).y.upperBound
            if let id = known[key]?.first(where: { $0.data == image.data })?.id {
                ids.append(id)
                bottoms[id] = max(bottoms[id], bottom)
            } else {
                known[key, default: []].append((image.data, bottoms.count))
                ids.append(bottoms.count)
                bottoms.append(bottom)
            }
        }
        imageIDs = ids
        lastBottoms = bottoms
    }

    /// How many distinct images the scene has.
    var distinctImageCount: Int { lastBottoms.count }

    /// The decoded image of the element at `index`, which shows `image`; decoded on first use.
    func source(forElement index: Int, image: SceneImage) throws -> CairoSurface {
        guard let id = imageIDs[index] else { return try Self.decode(image) }
        if let surface = sources[id] { return surface }
        let surface = try Self.decode(image)
        decodeCount += 1
        try surface.setUniqueID("waterfall-image-\(id)")
        if sourceBytes + surface.byteCount > Limits.maxCachedImageBytes {
            // Surfaces already handed to Cairo stay alive there as long as it needs them.
            sources.removeAll()
            sourceBytes = 0
        }
        sources[id] = surface
        sourceBytes += surface.byteCount
        return surface
    }

    private struct LayerKey: Hashable {
        var element: Int
        var band: Int?
    }

    /// The pre-rendered layer of the element at `index` (or of its band `band`), made by `make`
    /// on first use.
    ///
    /// Past `Limits.maxCachedImageBytes` of layers the others are dropped; one needed again is
    /// made again, with the same pixels.
    func layer(forElement index: Int, band: Int? = nil, make: () throws -> CairoSurface) rethrows -> CairoSurface {
        let key = LayerKey(element: index, band: band)
        if let layer = layers[key] { return layer }
        let layer = try make()
        if layerBytes + layer.byteCount > Limits.maxCachedImageBytes {
            layers.removeAll()
            layerBytes = 0
        }
        layers[key] = layer
        layerBytes += layer.byteCount
        return layer
    }

    /// Drops what no element reaching below `y` points needs: decoded images, and the layers
    /// of elements for which `isDone` is true.
    func evict(above y: Double, layersWhere isDone: (Int) -> Bool) {
        for (key, layer) in layers where isDone(key.element) {
            layerBytes -= layer.byteCount
            layers[key] = nil
        }
        for (id, surface) in sources where lastBottoms[id] <= y {
            sourceBytes -= surface.byteCount
            sources[id] = nil
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
