import Dispatch
import WaterfallCore
import WaterfallRender

extension CairoRenderer {
    /// PNG tiles drawn a band of rows at a time on a few reused surfaces, each band filtered and
    /// deflated on another thread while the next is drawn.
    ///
    /// The same pixels as drawing each tile on one surface (bands are tiles of a tile, and tiles
    /// are exact: `TilingTests`), without a tile's fresh 100–256 MiB surface, whose page faults
    /// cost as much as the drawing, and with the encoding overlapped with it. A band is one
    /// deflate segment of `PNGWriter`, so the bytes depend only on the picture's size.
    static func renderPNGInBands(
        _ scene: Scene, canvas: PixelCanvas, maxTileHeight: Int, maxTileWidth: Int, write: (Int, [UInt8]) throws -> Void
    ) throws -> Int {
        let drawer = try rasterDrawer(scene, canvas: canvas, maxTileHeight: maxTileHeight, maxTileWidth: maxTileWidth)
        let scale = canvas.scale
        var sweep = BandSweep(extents: [])
        var pool: BandPool?
        var bandRows = 1
        let count = canvas.tileCount(maxHeight: maxTileHeight, maxWidth: maxTileWidth)
        for tileIndex in 0..<count {
            let tile = canvas.tile(tileIndex, maxHeight: maxTileHeight, maxWidth: maxTileWidth)
            let rows = tile.rows
            let width = tile.columns.count
            let surfaceWidth = tile.surfaceColumns.count
            if rows.lowerBound == 0 {
                // A new strip: its elements, and surfaces of its width.
                sweep = Self.sweep(scene, columns: tile.columns, scale: scale)
                // A band is one deflate segment (about 1 MiB of filtered rows), and never taller than a
                // tile or than a surface may be (narrow pages have segments of tens of thousands of rows).
                let segmentRows = PNGWriter(width: width, height: 1, colorType: .rgb).segmentRows
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
            // Rendered pages are opaque; RGBA only if a band turns out not to be.
            var bytes: [UInt8]?
            for colorType in [PNGWriter.ColorType.rgb, .rgba] where bytes == nil {
                let writer = PNGWriter(width: width, height: rows.count, colorType: colorType)
                bytes = try encodeBands(
                    bands, tileTop: rows.lowerBound, writer: writer, pool: pool,
                    skippedColumns: tile.columns.lowerBound - tile.surfaceColumns.lowerBound
                ) { band, surface in
                    surface.setDeviceOffset(
                        x: -Double(tile.surfaceColumns.lowerBound), y: -Double(band.rows.lowerBound))
                    let context = try CairoContext(surface: surface)
                    try context.scale(by: scale)
                    try drawer.draw(in: context, rows: band.rows, indices: band.visible)
                    try context.checkStatus("draw tile \(tileIndex)")
                }
            }
            try write(tileIndex, bytes ?? [])
            let nextTop = Double(rows.upperBound) - 1
            drawer.images.evict(above: nextTop / scale) { sweep.extents[$0].upperBound * scale <= nextTop }
        }
        return count
    }

    /// Draws each band with `draw` on a free surface of `pool` and encodes it on another thread;
    /// the tile's PNG, or `nil` if a row could not be written in the writer's color type.
    private static func encodeBands(
        _ bands: [(rows: Range<Int>, visible: [Int])], tileTop: Int, writer: PNGWriter, pool: BandPool,
        skippedColumns: Int = 0, draw: ((rows: Range<Int>, visible: [Int]), CairoSurface) throws -> Void
    ) throws -> [UInt8]? {
        let results = BandResults(count: bands.count)
        let group = DispatchGroup()
        defer { group.wait() }
        var previousRow: [UInt8] = []
        for (index, band) in bands.enumerated() {
            let slot = pool.acquire(index)
            let surface = pool.surfaces[slot]
            do {
                try draw(band, surface)
            } catch {
                pool.release(slot)
                throw error
            }
            // The kept columns of the surface: a strip's margins are drawn, not written.
            let (surfaceData, stride) = try surface.finishedPixels()
            let data = surfaceData + skippedColumns * 4
            let above = previousRow
            previousRow = Array(
                UnsafeRawBufferPointer(start: data + (band.rows.count - 1) * stride, count: writer.width * 4))
            let job = BandJob(
                writer: writer, rows: (band.rows.lowerBound - tileTop)..<(band.rows.upperBound - tileTop),
                isLast: index == bands.count - 1, data: data, stride: stride, above: above)
            DispatchQueue.global().async(group: group) {
                results.store(index, Result { try job.run() })
                pool.release(slot)
            }
        }
        group.wait()
        var segments: [PNGWriter.Segment] = []
        for result in results.take() {
            guard let segment = try result.get() else { return nil }
            segments.append(segment)
        }
        return writer.file(segments)
    }
}

/// One band's encoding: reads only the band's finished pixels and the row above it.
private struct BandJob: @unchecked Sendable {
    let writer: PNGWriter
    /// The band's rows in the tile.
    let rows: Range<Int>
    let isLast: Bool
    let data: UnsafeRawPointer
    let stride: Int
    /// The previous band's last row, Cairo's native ARGB (empty for the first band).
    let above: [UInt8]

    func run() throws -> PNGWriter.Segment? {
        let width = writer.width
        let top = rows.lowerBound
        return try above.withUnsafeBytes { above in
            try writer.segment(rows, isLast: isLast) { y, row in
                let source = y < top ? above.baseAddress! : data + (y - top) * stride
                switch writer.colorType {
                case .rgb: return PixelRows.rgb(fromNativeARGB: source, width: width, ignoringAlpha: false, into: row)
                case .rgba:
                    PixelRows.rgba(fromPremultipliedARGB: source, width: width, into: row)
                    return true
                }
            }
        }
    }
}

/// The surfaces bands are drawn on, each drawn again only once its last band is encoded.
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
private final class BandResults: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<PNGWriter.Segment?, any Error>>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: .success(nil))
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ index: Int, _ result: Result<PNGWriter.Segment?, any Error>) {
        slots[index] = result
    }

    func take() -> [Result<PNGWriter.Segment?, any Error>] { Array(slots) }
}
