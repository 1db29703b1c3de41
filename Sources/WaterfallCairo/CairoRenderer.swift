import WaterfallCore
import WaterfallRender

/// Renders scenes to pixels, PNG and PDF with Cairo and Pango.
public enum CairoRenderer {
    /// Renders the scene at `scene.scale` into one opaque raster image held in memory.
    ///
    /// Meant for tests and small scenes: pages of more than 2^28 device pixels (1 GiB) are
    /// refused. Pages taller than Cairo's limit are drawn in tiles of at most `maxTileHeight`
    /// device pixels (fewer for pages wider than 2,048 pixels, see `renderPNG`) and joined.
    public static func rasterize(_ scene: Scene, maxTileHeight: Int = 32767, maxTileWidth: Int = 32767) throws
        -> PixelImage
    {
        let canvas = try PixelCanvas(scene)
        guard let byteCount = canvas.wholeImageBytes else {
            throw CairoError.invalidCanvas(
                reason: "the page is \(canvas.width)×\(canvas.height) device pixels, "
                    + "more than the \(Limits.maxImagePixels) held in memory at once; render PNG tiles instead")
        }
        var pixels: [UInt8] = []
        var whole: PixelImage?
        _ = try renderTiles(scene, canvas: canvas, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth) {
            tile, _, _, surface in
            let image = try surface.rasterImage()
            // One tile for the whole page (a screen, a clip's frame): its pixels are the picture.
            if tile.rows == 0..<canvas.height, tile.columns == 0..<canvas.width, image.width == canvas.width,
                image.height == canvas.height
            {
                whole = image
                return
            }
            if pixels.isEmpty { pixels = [UInt8](repeating: 0, count: byteCount) }
            let rowBytes = tile.columns.count * 4
            let skipped = (tile.columns.lowerBound - tile.surfaceColumns.lowerBound) * 4
            for row in 0..<image.height {
                let target = ((tile.rows.lowerBound + row) * canvas.width + tile.columns.lowerBound) * 4
                let source = row * image.width * 4 + skipped
                pixels[target..<target + rowBytes] = image.pixels[source..<source + rowBytes]
            }
        }
        return whole ?? PixelImage(width: canvas.width, height: canvas.height, pixels: pixels)
    }

    /// Renders opaque PNG output, split into tiles at most `maxTileHeight` device pixels high and
    /// `maxTileWidth` wide.
    ///
    /// Cairo surfaces are at most 32767 pixels high and wide, so taller pages become several PNGs,
    /// each the full width, and wider ones (a long horizontal feed) strips side by side, each cut
    /// into tiles top to bottom: tiles are numbered strip by strip from the left. A tile's surface
    /// also holds at most 256 MiB, so on pages wider than 2,048 device pixels tiles have fewer rows
    /// (at least 2,048). Tiles are rendered one at a time and handed to `write(tileIndex, pngBytes)`
    /// as soon as each is done. Returns the number of tiles. `encoder` picks who writes the PNG
    /// bytes; both give the same pixels.
    ///
    /// With `tiles`, only the tiles of that range (clamped to the picture's) are drawn and written,
    /// with the bytes they have in the whole set: `0..<1` is the first tile alone.
    @discardableResult
    public static func renderPNG(
        _ scene: Scene, maxTileHeight: Int = 32767, maxTileWidth: Int = 32767, encoder: PNGEncoder = .fast,
        tiles: Range<Int>? = nil, write: (Int, [UInt8]) throws -> Void
    ) throws -> Int {
        try renderPNGTiles(
            scene, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth, encoder: encoder, tiles: tiles
        ) { index, _, bytes in try write(index, bytes) }
    }

    /// `renderPNG`, handing each tile to `write` with the picture's tile count too, known before
    /// the first tile is drawn, from the one canvas both take.
    static func renderPNGTiles(
        _ scene: Scene, maxTileHeight: Int = 32767, maxTileWidth: Int = 32767, encoder: PNGEncoder = .fast,
        tiles: Range<Int>? = nil, write: (_ index: Int, _ count: Int, _ bytes: [UInt8]) throws -> Void
    ) throws -> Int {
        let canvas = try PixelCanvas(scene)
        if encoder == .fast {
            return try renderPNGInBands(
                scene, canvas: canvas, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth, tiles: tiles,
                write: write)
        }
        return try renderTiles(
            scene, canvas: canvas, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth, tiles: tiles
        ) { tile, index, count, drawn in
            var surface = drawn
            if tile.surfaceColumns != tile.columns {
                // A strip's margins are drawn, not written.
                let image = try drawn.rasterImage()
                let skipped = (tile.columns.lowerBound - tile.surfaceColumns.lowerBound) * 4
                var kept: [UInt8] = []
                kept.reserveCapacity(tile.columns.count * image.height * 4)
                for row in 0..<image.height {
                    let start = row * image.width * 4 + skipped
                    kept += image.pixels[start..<start + tile.columns.count * 4]
                }
                surface = try CairoSurface.image(
                    from: PixelImage(width: tile.columns.count, height: image.height, pixels: kept))
            }
            switch encoder {
            case .fast: try write(index, count, surface.pngBytes())
            case .cairo: try write(index, count, surface.cairoPNGBytes())
            }
        }
    }

    /// Draws `scene` into the tiles `renderPNG` writes, as the pixels decoding each PNG would give.
    ///
    /// Each tile is handed to `body` as soon as it is drawn, one at a time, without encoding
    /// anything. Returns the number of tiles.
    ///
    /// The tiles come in `renderPNG`'s order, cut by the same `maxTileHeight` and `maxTileWidth`
    /// (all of them, or those of `tiles`), each with its ``RasterTile/suffix`` and the count, so
    /// a comparison can take a baseline's pixels side by side with them. Only one tile's pixels
    /// are alive at a time unless `body` keeps them; ``RasterTile/pngBytes()`` gives the very
    /// file `renderPNG` writes for a tile.
    @discardableResult
    public static func rasterizeTiles(
        _ scene: Scene, maxTileHeight: Int = 32767, maxTileWidth: Int = 32767, tiles: Range<Int>? = nil,
        body: (RasterTile) throws -> Void
    ) throws -> Int {
        try rasterizeInBands(
            scene, canvas: try PixelCanvas(scene), maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth,
            tiles: tiles, body: body)
    }

    /// Every tile of `rasterizeTiles(_:maxTileHeight:maxTileWidth:tiles:body:)`, in order: for
    /// small pictures; large ones are better taken a tile at a time.
    public static func rasterizeTiles(
        _ scene: Scene, maxTileHeight: Int = 32767, maxTileWidth: Int = 32767, tiles: Range<Int>? = nil
    ) throws -> [RasterTile] {
        var all: [RasterTile] = []
        try rasterizeTiles(scene, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth, tiles: tiles) {
            all.append($0)
        }
        return all
    }

    /// What tile `index` of `count` adds to a file name: `""` for a picture of one tile, `-1`,
    /// `-2`… otherwise.
    public static func tileSuffix(_ index: Int, of count: Int) -> String {
        count > 1 ? "-\(index + 1)" : ""
    }

    /// How many PNG tiles `renderPNG` writes for `scene`: 1 unless the page is taller or wider than a tile.
    public static func tileCount(_ scene: Scene, maxTileHeight: Int = 32767, maxTileWidth: Int = 32767) throws -> Int {
        try checkTileSize(maxTileHeight, maxTileWidth)
        return try PixelCanvas(scene).tileCount(maxHeight: maxTileHeight, maxWidth: maxTileWidth)
    }

    static func checkTileSize(_ maxTileHeight: Int, _ maxTileWidth: Int) throws {
        guard (1...Limits.maxSurfaceSide).contains(maxTileHeight) else {
            throw CairoError.invalidTileHeight(maxTileHeight)
        }
        guard (1...Limits.maxSurfaceSide).contains(maxTileWidth) else {
            throw CairoError.invalidTileHeight(maxTileWidth)
        }
    }

    /// Renders a PDF with reproducible bytes: the content cut into pages of at most 14,400
    /// points a side (PDF viewers' limit), top to bottom, and on content wider than that (a long
    /// horizontal feed) strip by strip from the left.
    ///
    /// Content up to 14,400 points a side is one page the size of the scene. Each page draws only
    /// the elements that reach into it, and Cairo writes each page out when the next begins, so
    /// memory is bounded by a page's content, not the document's. Each distinct image is
    /// embedded once.
    public static func renderPDF(_ scene: Scene) throws -> [UInt8] {
        let size = scene.size
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw CairoError.invalidCanvas(
                reason: "the page must have a positive size, not \(size.width)×\(size.height) points")
        }
        guard size.width <= Limits.maxPageSide, size.height <= Limits.maxPageSide else {
            throw CairoError.invalidCanvas(
                reason: "the PDF content is \(size.width.countDescription)×\(size.height.countDescription) points; "
                    + "at most \(Int32.max) a side are drawn")
        }
        let strips = pdfPages(height: scene.size.width)
        let pages = pdfPages(height: scene.size.height)
        let surface = try CairoSurface.pdf(
            width: strips[0].upperBound - strips[0].lowerBound, height: pages[0].upperBound)
        let images = ImageCache(scene: scene)
        let drawer = SceneDrawer(scene: scene, text: try TextEngine(fonts: scene.fonts), images: images, mode: .vector)
        for (stripNumber, strip) in strips.enumerated() {
            var sweep = Self.sweep(scene) { across in
                strips.count == 1 || (across.upperBound > strip.lowerBound && across.lowerBound < strip.upperBound)
            }
            for (pageNumber, page) in pages.enumerated() {
                let number = stripNumber * pages.count + pageNumber
                if number > 0 {
                    try surface.setPDFPageSize(
                        width: strip.upperBound - strip.lowerBound, height: page.upperBound - page.lowerBound)
                }
                let context = try CairoContext(surface: surface)
                try context.translate(x: -strip.lowerBound, y: -page.lowerBound)
                let visible = sweep.elements(top: page.lowerBound, bottom: page.upperBound) { _ in true }
                try drawer.draw(in: context, indices: visible)
                try context.checkStatus("draw PDF page \(number + 1)")
                // The last page is ended by finishing the document.
                if number < strips.count * pages.count - 1 { try context.showPage() }
                // Images are dropped once no lower page shows them; across strips, every strip
                // starts at the top again, so they are kept (the cache still bounds them).
                if strips.count == 1 { images.evict(above: page.upperBound) { _ in true } }
            }
        }
        return try surface.finishDocument()
    }

    /// The extent of each PDF page along one side, in points: 14,400 each, the last one the rest.
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

    /// The drawer of a raster render in tiles at most `maxTileHeight` rows high.
    static func rasterDrawer(_ scene: Scene, canvas: PixelCanvas, maxTileHeight: Int, maxTileWidth: Int) throws
        -> SceneDrawer
    {
        try checkTileSize(maxTileHeight, maxTileWidth)
        return SceneDrawer(
            scene: scene, text: try TextEngine(fonts: scene.fonts), images: ImageCache(scene: scene),
            mode: .raster(canvas))
    }

    /// The sweep that finds the elements each tile or band of the strip of device pixel `columns`
    /// crosses: elements that draw nothing in the strip are in no band.
    static func sweep(_ scene: Scene, columns: Range<Int>, scale: Double) -> BandSweep {
        let left = Double(columns.lowerBound) - 1
        let right = Double(columns.upperBound) + 1
        return sweep(scene) { across in across.upperBound * scale > left && across.lowerBound * scale < right }
    }

    /// The sweep over the elements whose horizontal extent `isAcross` takes: each one's vertical
    /// extent, the others never met.
    private static func sweep(_ scene: Scene, isAcross: (ClosedRange<Double>) -> Bool) -> BandSweep {
        let nowhere = -Double.infinity...(-Double.infinity)
        return BandSweep(
            extents: scene.elements.map { element in
                let extent = SceneDrawer.extent(of: element)
                return isAcross(extent.x) ? extent.y : nowhere
            })
    }

    /// Draws each tile (or those of `tiles`) on its own surface, one alive at a time.
    ///
    /// Each is passed to `body` with its index and the picture's tile count. Returns the tile count.
    static func renderTiles(
        _ scene: Scene, canvas: PixelCanvas, maxTileHeight: Int, maxTileWidth: Int = 32767, tiles: Range<Int>? = nil,
        _ body: (PixelCanvas.Tile, Int, Int, CairoSurface) throws -> Void
    ) throws -> Int {
        let drawer = try rasterDrawer(scene, canvas: canvas, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth)
        let scale = canvas.scale
        let count = canvas.tileCount(maxHeight: maxTileHeight, maxWidth: maxTileWidth)
        var sweep = BandSweep(extents: [])
        let drawn = (tiles ?? 0..<count).clamped(to: 0..<count)
        for tileIndex in drawn {
            let tile = canvas.tile(tileIndex, maxHeight: maxTileHeight, maxWidth: maxTileWidth)
            let rows = tile.rows
            if rows.lowerBound == 0 || tileIndex == drawn.lowerBound {
                sweep = Self.sweep(scene, columns: tile.columns, scale: scale)
            }
            let surface = try CairoSurface.image(width: tile.surfaceColumns.count, height: rows.count)
            // The tile's offset lives on the surface, so user space is the same for every tile.
            surface.setDeviceOffset(x: -Double(tile.surfaceColumns.lowerBound), y: -Double(rows.lowerBound))
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
            try body(tile, tileIndex, count, surface)
            let nextTop = Double(rows.upperBound) - 1
            drawer.images.evict(above: nextTop / scale) { sweep.extents[$0].upperBound * scale <= nextTop }
        }
        return count
    }
}
