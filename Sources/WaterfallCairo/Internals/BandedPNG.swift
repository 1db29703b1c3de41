import Dispatch
import WaterfallCore
import WaterfallRender

extension CairoRenderer {
    /// PNG tiles `tiles` (all when `nil`) drawn a band of rows at a time on a few reused surfaces.
    ///
    /// Each band is filtered and deflated on another thread while the next is drawn; each tile is
    /// handed to `write` with its index and the picture's tile count as soon as it is done.
    /// Returns the picture's tile count.
    ///
    /// The same pixels as drawing each tile on one surface (bands are tiles of a tile, and tiles
    /// are exact: `TilingTests`), without a tile's fresh 100–256 MiB surface, whose page faults
    /// cost as much as the drawing, and with the encoding overlapped with it. A band is one
    /// deflate segment of `PNGWriter`, so the bytes depend only on the picture's size.
    static func renderPNGInBands(
        _ scene: Scene, canvas: PixelCanvas, maxTileHeight: Int, maxTileWidth: Int, tiles: Range<Int>?,
        write: (_ index: Int, _ count: Int, _ bytes: [UInt8]) throws -> Void
    ) throws -> Int {
        try drawInBands(
            scene, canvas: canvas, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth, tiles: tiles
        ) { tile in
            let width = tile.width
            // Rendered pages are opaque; RGBA only if a band turns out not to be.
            var bytes: [UInt8]?
            for colorType in [PNGWriter.ColorType.rgb, .rgba] where bytes == nil {
                let writer = PNGWriter(width: tile.width, height: tile.rows.count, colorType: colorType)
                let segments = try tile.processBands { band in
                    try band.above.withUnsafeBytes { above in
                        try writer.segment(band.rows, isLast: band.isLast) { y, row in
                            let source = y < band.rows.lowerBound ? above.baseAddress! : band.row(y)
                            switch colorType {
                            case .rgb:
                                return PixelRows.rgb(
                                    fromNativeARGB: source, width: width, ignoringAlpha: false, into: row)
                            case .rgba:
                                PixelRows.rgba(fromPremultipliedARGB: source, width: width, into: row)
                                return true
                            }
                        }
                    }
                }
                let written = segments.compactMap { $0 }
                bytes = written.count == segments.count ? writer.file(written) : nil
            }
            try write(tile.index, tile.count, bytes ?? [])
        }
    }

    /// Raster tiles `tiles` (all when `nil`) drawn a band of rows at a time as `renderPNGInBands`
    /// draws them, each band's pixels made straight RGBA on another thread while the next is drawn.
    static func rasterizeInBands(
        _ scene: Scene, canvas: PixelCanvas, maxTileHeight: Int, maxTileWidth: Int, tiles: Range<Int>?,
        body: (RasterTile) throws -> Void
    ) throws -> Int {
        try drawInBands(
            scene, canvas: canvas, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth, tiles: tiles
        ) { tile in
            let width = tile.width
            let rowBytes = width * 4
            let pixels = try [UInt8](unsafeUninitializedCapacity: rowBytes * tile.rows.count) { buffer, count in
                let target = SendablePointer(base: buffer.baseAddress!)
                _ = try tile.processBands { band in
                    for y in band.rows {
                        PixelRows.rgba(
                            fromPremultipliedARGB: band.row(y), width: width, into: target.base + y * rowBytes)
                    }
                }
                count = buffer.count
            }
            try body(
                RasterTile(
                    index: tile.index, count: tile.count,
                    image: PixelImage(width: width, height: tile.rows.count, pixels: pixels),
                    segmentRows: tile.bandRows))
        }
    }

    /// Draws tiles `tiles` (all when `nil`, clamped to the picture's) one at a time, in bands.
    ///
    /// The bands are drawn on a few reused surfaces; each tile is handed to `produce`. Returns the
    /// picture's tile count.
    private static func drawInBands(
        _ scene: Scene, canvas: PixelCanvas, maxTileHeight: Int, maxTileWidth: Int, tiles: Range<Int>?,
        produce: (TileBands) throws -> Void
    ) throws -> Int {
        let drawer = try rasterDrawer(scene, canvas: canvas, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth)
        let scale = canvas.scale
        var sweep = BandSweep(extents: [])
        var pool: BandPool?
        var bandRows = 1
        let count = canvas.tileCount(maxHeight: maxTileHeight, maxWidth: maxTileWidth)
        let drawn = (tiles ?? 0..<count).clamped(to: 0..<count)
        for tileIndex in drawn {
            let tile = canvas.tile(tileIndex, maxHeight: maxTileHeight, maxWidth: maxTileWidth)
            let rows = tile.rows
            let surfaceWidth = tile.surfaceColumns.count
            if rows.lowerBound == 0 || tileIndex == drawn.lowerBound {
                // A new strip: its elements, and surfaces of its width.
                sweep = Self.sweep(scene, columns: tile.columns, scale: scale)
                // A band is one deflate segment (about 1 MiB of filtered rows), and never taller than a
                // tile or than a surface may be (narrow pages have segments of tens of thousands of rows).
                let segmentRows = PNGWriter(width: tile.columns.count, height: 1, colorType: .rgb).segmentRows
                bandRows = max(1, min(segmentRows, maxTileHeight, canvas.height, Limits.maxSurfaceSide))
                if pool?.surfaces.first?.width != surfaceWidth {
                    pool = nil
                    pool = try BandPool(width: surfaceWidth, rows: bandRows, count: 3)
                }
            }
            guard let pool else { break }
            var bands: [(rows: Range<Int>, visible: [Int])] = []
            for top in stride(from: rows.lowerBound, to: rows.upperBound, by: bandRows) {
                let band = top..<min(top + bandRows, rows.upperBound)
                let upper = Double(band.lowerBound) - 1
                let lower = Double(band.upperBound) + 1
                let visible = sweep.elements(top: (upper - 1) / scale, bottom: (lower + 1) / scale) { extent in
                    extent.upperBound * scale > upper && extent.lowerBound * scale < lower
                }
                bands.append((band, visible))
            }
            try produce(
                TileBands(index: tileIndex, count: count, tile: tile, bands: bands, bandRows: bandRows, pool: pool) {
                    band, surface in
                    surface.setDeviceOffset(
                        x: -Double(tile.surfaceColumns.lowerBound), y: -Double(band.rows.lowerBound))
                    let context = try CairoContext(surface: surface)
                    try context.scale(by: scale)
                    try drawer.draw(in: context, rows: band.rows, indices: band.visible)
                    try context.checkStatus("draw tile \(tileIndex)")
                })
            let nextTop = Double(rows.upperBound) - 1
            drawer.images.evict(above: nextTop / scale) { sweep.extents[$0].upperBound * scale <= nextTop }
        }
        return count
    }
}

/// One tile to be drawn in bands: where it is, its bands and the elements each crosses, and how
/// to draw a band.
private struct TileBands {
    let index: Int
    /// How many tiles the picture has.
    let count: Int
    let tile: PixelCanvas.Tile
    let bands: [(rows: Range<Int>, visible: [Int])]
    /// The most rows a band has.
    let bandRows: Int
    let pool: BandPool
    /// Draws a band on a surface of the pool.
    let draw: ((rows: Range<Int>, visible: [Int]), CairoSurface) throws -> Void

    /// The kept columns: a strip's margins are drawn, not written.
    var width: Int { tile.columns.count }
    var rows: Range<Int> { tile.rows }

    /// Draws each band on a free surface of the pool and runs `work` on its finished pixels on
    /// another thread while the next band is drawn; the results in band order.
    func processBands<Value>(_ work: @escaping @Sendable (BandPixels) throws -> Value) throws -> [Value] {
        let results = BandResults<Value>(count: bands.count)
        let group = DispatchGroup()
        defer { group.wait() }
        var previousRow: [UInt8] = []
        let skipped = (tile.columns.lowerBound - tile.surfaceColumns.lowerBound) * 4
        for (index, band) in bands.enumerated() {
            let slot = pool.acquire(index)
            let surface = pool.surfaces[slot]
            do {
                try draw(band, surface)
            } catch {
                pool.release(slot)
                throw error
            }
            let (surfaceData, stride) = try surface.finishedPixels()
            let data = surfaceData + skipped
            let above = previousRow
            previousRow = Array(UnsafeRawBufferPointer(start: data + (band.rows.count - 1) * stride, count: width * 4))
            let pixels = BandPixels(
                rows: (band.rows.lowerBound - rows.lowerBound)..<(band.rows.upperBound - rows.lowerBound),
                isLast: index == bands.count - 1, data: data, stride: stride, above: above)
            let pool = self.pool
            group.enter()
            WorkerPool.start {
                results.store(index, Result { try work(pixels) })
                pool.release(slot)
                group.leave()
            }
        }
        group.wait()
        return try results.take().map { try $0.get() }
    }
}

/// A drawn band's pixels, Cairo's native premultiplied ARGB, read on another thread: valid until
/// the job that reads them is done.
private struct BandPixels: @unchecked Sendable {
    /// The band's rows in the tile.
    let rows: Range<Int>
    /// Whether it is the tile's last band.
    let isLast: Bool
    let data: UnsafeRawPointer
    let stride: Int
    /// The previous band's last row (empty for the first band).
    let above: [UInt8]

    /// Row `y` of the tile, one of the band's rows.
    func row(_ y: Int) -> UnsafeRawPointer { data + (y - rows.lowerBound) * stride }
}

/// A pointer handed to the band jobs, each of which writes only its own rows.
private struct SendablePointer: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
}

/// The surfaces bands are drawn on, each drawn again only once its last band is processed.
private final class BandPool: @unchecked Sendable {
    let surfaces: [CairoSurface]
    private let free: [DispatchSemaphore]

    init(width: Int, rows: Int, count: Int) throws {
        surfaces = try (0..<count).map { _ in try CairoSurface.image(width: width, height: max(rows, 1)) }
        free = (0..<count).map { _ in DispatchSemaphore(value: 1) }
    }

    /// The slot band `index` draws on, once it is free.
    func acquire(_ index: Int) -> Int {
        let slot = index % surfaces.count
        free[slot].wait()
        return slot
    }

    func release(_ slot: Int) {
        free[slot].signal()
    }
}

/// One result slot a band, each written by one thread; read after they have all finished.
///
/// The slots are raw memory rather than an array property, whose exclusive-access checks would
/// trap on two threads storing at once.
private final class BandResults<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<Value, any Error>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ index: Int, _ result: Result<Value, any Error>) {
        slots[index] = result
    }

    func take() -> [Result<Value, any Error>] {
        slots.map { $0 ?? .failure(CairoError.pngEncoding(reason: "a band was not processed")) }
    }
}
