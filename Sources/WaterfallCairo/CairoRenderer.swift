import WaterfallCore
import WaterfallRender

/// Renders scenes to pixels, PNG and PDF with Cairo and Pango.
public enum CairoRenderer {
    /// Renders the scene at `scene.scale` into one opaque raster image held in memory.
    ///
    /// Meant for tests and small scenes: pages of more than 2^28 device pixels (1 GiB) are
    /// refused. Pages taller than Cairo's limit are drawn in tiles of at most `maxTileHeight`
    /// device pixels (fewer for pages wider than 2,048 pixels, see `renderPNG`) and joined.
    public static func rasterize(_ scene: Scene, maxTileHeight: Int = 32767) throws -> PixelImage {
        let canvas = try PixelCanvas(scene)
        guard let byteCount = canvas.wholeImageBytes else {
            throw CairoError.invalidCanvas(
                reason: "the page is \(canvas.width)×\(canvas.height) device pixels, "
                    + "more than the \(Limits.maxImagePixels) held in memory at once; render PNG tiles instead")
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(byteCount)
        _ = try renderTiles(scene, canvas: canvas, maxTileHeight: maxTileHeight) { _, surface in
            pixels += try surface.rasterImage().pixels
        }
        return PixelImage(width: canvas.width, height: canvas.height, pixels: pixels)
    }

    /// Renders opaque PNG output, split into tiles at most `maxTileHeight` device pixels high.
    ///
    /// Cairo surfaces are at most 32767 pixels high, so taller pages become several PNGs, each
    /// the full width. A tile's surface also holds at most 256 MiB, so on pages wider than 2,048
    /// device pixels tiles have fewer rows (at least 2,048). Tiles are rendered one at a time,
    /// top to bottom, and handed to `write(tileIndex, pngBytes)` as soon as each is done.
    /// Returns the number of tiles. `encoder` picks who writes the PNG bytes; both give the same pixels.
    @discardableResult
    public static func renderPNG(
        _ scene: Scene, maxTileHeight: Int = 32767, encoder: PNGEncoder = .fast,
        write: (Int, [UInt8]) throws -> Void
    ) throws -> Int {
        let canvas = try PixelCanvas(scene)
        if encoder == .fast {
            return try renderPNGInBands(scene, canvas: canvas, maxTileHeight: maxTileHeight, write: write)
        }
        return try renderTiles(scene, canvas: canvas, maxTileHeight: maxTileHeight) { index, surface in
            switch encoder {
            case .fast: try write(index, surface.pngBytes())
            case .cairo: try write(index, surface.cairoPNGBytes())
            }
        }
    }

    /// How many PNG tiles `renderPNG` writes for `scene`: 1 unless the page is taller than a tile.
    public static func tileCount(_ scene: Scene, maxTileHeight: Int = 32767) throws -> Int {
        guard (1...Limits.maxSurfaceSide).contains(maxTileHeight) else {
            throw CairoError.invalidTileHeight(maxTileHeight)
        }
        return try PixelCanvas(scene).tileCount(maxHeight: maxTileHeight)
    }

    /// Renders a PDF with reproducible bytes: pages `scene.size.width` points wide, the content
    /// cut into pages of at most 14,400 points (PDF viewers' limit), top to bottom.
    ///
    /// Content up to 14,400 points high is one page the size of the scene. Each page draws only
    /// the elements that reach into it, and Cairo writes each page out when the next begins, so
    /// memory is bounded by a page's content, not the document's. Each distinct image is
    /// embedded once.
    public static func renderPDF(_ scene: Scene) throws -> [UInt8] {
        let size = scene.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw CairoError.invalidCanvas(
                reason: "the page must have a positive size, not \(size.width)×\(size.height) points")
        }
        guard size.width <= Double(Limits.maxSurfaceSide), size.height <= Limits.maxPageSide else {
            throw CairoError.invalidCanvas(
                reason: "the PDF content is \(size.width.countDescription)×\(size.height.countDescription) points; "
                    + "at most \(Limits.maxSurfaceSide) wide and \(Int32.max) high are drawn")
        }
        let pages = pdfPages(height: scene.size.height)
        let surface = try CairoSurface.pdf(width: scene.size.width, height: pages[0].upperBound)
        let images = ImageCache(scene: scene)
        let drawer = SceneDrawer(scene: scene, text: try TextEngine(), images: images, mode: .vector)
        var sweep = BandSweep(extents: scene.elements.map { SceneDrawer.verticalExtent(of: $0) })
        for (number, page) in pages.enumerated() {
            if number > 0 {
                try surface.setPDFPageSize(width: scene.size.width, height: page.upperBound - page.lowerBound)
            }
            let context = try CairoContext(surface: surface)
            try context.translate(x: 0, y: -page.lowerBound)
            let visible = sweep.elements(top: page.lowerBound, bottom: page.upperBound) { _ in true }
            try drawer.draw(in: context, indices: visible)
            try context.checkStatus("draw PDF page \(number + 1)")
            // The last page is ended by finishing the document.
            if number < pages.count - 1 { try context.showPage() }
            images.evict(above: page.upperBound) { _ in true }
        }
        return try surface.finishDocument()
    }

    /// The vertical extent of each PDF page, in points: 14,400 each, the last one the rest.
    static func pdfPages(height: Double) -> [Range<Double>] {
        let pageHeight = Limits.maxPDFPageHeight
        // `height` is at most 2^31 - 1 points (checked), so this is at most 149,131 pages.
        let count = max(1, Int((height / pageHeight).rounded(.up)))
        return (0..<count).map { Double($0) * pageHeight..<min(Double($0 + 1) * pageHeight, height) }
    }

    /// How many characters of `run` no installed font can draw; they would show as boxes.
    public static func unknownGlyphCount(in run: TextRun) throws -> Int {
        try TextEngine().unknownGlyphCount(in: run)
    }

    /// The drawer of a raster render in tiles at most `maxTileHeight` rows high, and the sweep
    /// that finds the elements each tile or band crosses.
    static func rasterDrawer(_ scene: Scene, canvas: PixelCanvas, maxTileHeight: Int) throws
        -> (SceneDrawer, BandSweep)
    {
        guard (1...Limits.maxSurfaceSide).contains(maxTileHeight) else {
            throw CairoError.invalidTileHeight(maxTileHeight)
        }
        let drawer = SceneDrawer(
            scene: scene, text: try TextEngine(), images: ImageCache(scene: scene), mode: .raster(canvas))
        return (drawer, BandSweep(extents: scene.elements.map { SceneDrawer.verticalExtent(of: $0) }))
    }

    /// Draws each tile (or the first `limit`) on its own surface, one alive at a time, and passes
    /// it to `body`.
    static func renderTiles(
        _ scene: Scene, canvas: PixelCanvas, maxTileHeight: Int, limit: Int = .max,
        _ body: (Int, CairoSurface) throws -> Void
    ) throws -> Int {
        var (drawer, sweep) = try rasterDrawer(scene, canvas: canvas, maxTileHeight: maxTileHeight)
        let scale = canvas.scale
        let count = canvas.tileCount(maxHeight: maxTileHeight)
        for tileIndex in 0..<min(count, limit) {
            let rows = canvas.tile(tileIndex, maxHeight: maxTileHeight)
            let surface = try CairoSurface.image(width: canvas.width, height: rows.count)
            // The tile's offset lives on the surface, so user space is the same for every tile.
            surface.setDeviceOffset(x: 0, y: -Double(rows.lowerBound))
            do {
                let context = try CairoContext(surface: surface)
                try context.scale(by: scale)
                let top = Double(rows.lowerBound) - 1
                let bottom = Double(rows.upperBound) + 1
                let visible = sweep.elements(top: (top - 1) / scale, bottom: (bottom + 1) / scale) { extent in
                    extent.upperBound * scale > top && extent.lowerBound * scale < bottom
                }
                try drawer.draw(in: context, rows: rows, indices: visible)
                try context.checkStatus("draw tile \(tileIndex)")
            }
            try body(tileIndex, surface)
            let nextTop = Double(rows.upperBound) - 1
            drawer.images.evict(above: nextTop / scale) { sweep.extents[$0].upperBound * scale <= nextTop }
        }
        return count
    }
}
