import WaterfallRender
import WaterfallSpec

/// Renders scenes to pixels, PNG and PDF with Cairo and Pango.
public enum CairoRenderer {
    /// Renders the scene at `scene.scale` into one opaque raster image held in memory.
    ///
    /// Meant for tests and small scenes; pages taller than Cairo's limit are drawn in tiles of
    /// at most `maxTileHeight` device pixels and joined.
    public static func rasterize(_ scene: Scene, maxTileHeight: Int = 32767) throws -> RasterImage {
        let canvas = try PixelCanvas(scene)
        var pixels: [UInt8] = []
        pixels.reserveCapacity(canvas.width * canvas.height * 4)
        _ = try renderTiles(scene, canvas: canvas, maxTileHeight: maxTileHeight) { _, surface in
            pixels += try surface.rasterImage().pixels
        }
        return RasterImage(width: canvas.width, height: canvas.height, pixels: pixels)
    }

    /// Renders opaque PNG output, split into tiles at most `maxTileHeight` device pixels high.
    ///
    /// Cairo surfaces are at most 32767 pixels high, so taller pages become several PNGs, each
    /// the full width. Tiles are rendered one at a time, top to bottom, and handed to
    /// `write(tileIndex, pngBytes)` as soon as each is done. Returns the number of tiles.
    /// `encoder` picks who writes the PNG bytes; both give the same pixels.
    @discardableResult
    public static func renderPNG(
        _ scene: Scene, maxTileHeight: Int = 32767, encoder: PNGEncoder = .fast,
        write: (Int, [UInt8]) throws -> Void
    ) throws -> Int {
        let canvas = try PixelCanvas(scene)
        return try renderTiles(scene, canvas: canvas, maxTileHeight: maxTileHeight) { index, surface in
            switch encoder {
            case .fast: try write(index, surface.pngBytes())
            case .cairo: try write(index, surface.cairoPNGBytes())
            }
        }
    }

    /// How many PNG tiles `renderPNG` writes for `scene`: 1 unless the page is taller than `maxTileHeight`.
    public static func tileCount(_ scene: Scene, maxTileHeight: Int = 32767) throws -> Int {
        try PixelCanvas(scene).tiles(maxHeight: maxTileHeight).count
    }

    /// Renders a one-page PDF, the page `scene.size` points large, with reproducible bytes.
    public static func renderPDF(_ scene: Scene) throws -> [UInt8] {
        _ = try PixelCanvas(Scene(size: scene.size, background: scene.background, scale: 1, elements: []))
        let surface = try CairoSurface.pdf(width: scene.size.width, height: scene.size.height)
        let drawer = SceneDrawer(scene: scene, text: try TextEngine(), images: ImageCache(), mode: .vector)
        do {
            let context = try CairoContext(surface: surface)
            try drawer.draw(in: context)
            try context.checkStatus("draw the PDF page")
        }
        return try surface.finishDocument()
    }

    /// How many characters of `run` no installed font can draw; they would show as boxes.
    public static func unknownGlyphCount(in run: TextRun) throws -> Int {
        try TextEngine().unknownGlyphCount(in: run)
    }

    /// Draws each tile (or the first `limit`) on its own surface, one alive at a time, and passes
    /// it to `body`.
    static func renderTiles(
        _ scene: Scene, canvas: PixelCanvas, maxTileHeight: Int, limit: Int = .max,
        _ body: (Int, CairoSurface) throws -> Void
    ) throws -> Int {
        guard (1...Limits.maxSurfaceSide).contains(maxTileHeight) else {
            throw CairoError.invalidTileHeight(maxTileHeight)
        }
        let drawer = SceneDrawer(
            scene: scene, text: try TextEngine(), images: ImageCache(), mode: .raster(scale: canvas.scale))
        let extents = scene.elements.map { SceneDrawer.verticalExtent(of: $0) }
        let scale = canvas.scale
        let tiles = canvas.tiles(maxHeight: maxTileHeight)
        for (tileIndex, rows) in tiles.prefix(limit).enumerated() {
            let surface = try CairoSurface.image(width: canvas.width, height: rows.count)
            // The tile's offset lives on the surface, so user space is the same for every tile.
            surface.setDeviceOffset(x: 0, y: -Double(rows.lowerBound))
            do {
                let context = try CairoContext(surface: surface)
                context.scale(by: scale)
                let top = Double(rows.lowerBound) - 1
                let bottom = Double(rows.upperBound) + 1
                try drawer.draw(in: context) { index, _ in
                    extents[index].upperBound * scale > top && extents[index].lowerBound * scale < bottom
                }
                try context.checkStatus("draw tile \(tileIndex)")
            }
            try body(tileIndex, surface)
            let nextTop = Double(rows.upperBound) - 1
            drawer.images.evict { extents[$0].upperBound * scale <= nextTop }
        }
        return tiles.count
    }
}
