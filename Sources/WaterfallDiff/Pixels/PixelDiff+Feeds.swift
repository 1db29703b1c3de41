import Dispatch
import WaterfallCore

extension PixelDiff {
    /// Rows compared a step at a time by `compare(_:_:options:)` with two feeds.
    static let feedBandRows = 256

    /// Compares two pictures read top to bottom, giving what `compare` gives for the whole
    /// pictures; nil when a feed could not be read (to its end, so a picture is checked whole).
    ///
    /// Each step reads the next rows of both pictures (one on each core), then compares them in
    /// two halves (one on each core), while they are still in the cache: a page's pixels are
    /// never all in memory, nor faulted in fresh.
    public static func compare(_ a: PixelRowFeed, _ b: PixelRowFeed, options: DiffOptions = .init()) -> DiffResult? {
        compare(a, b, options: options, bandRows: feedBandRows)
    }

    static func compare(_ a: PixelRowFeed, _ b: PixelRowFeed, options: DiffOptions, bandRows: Int) -> DiffResult? {
        precondition(a.width >= 0 && a.height >= 0 && b.width >= 0 && b.height >= 0 && bandRows > 0)
        let mismatch = DiffSizeMismatch.between(width: a.width, height: a.height, andWidth: b.width, height: b.height)
        let sameSize = mismatch == nil
        let width = min(a.width, b.width)
        let height = min(a.height, b.height)
        let threshold = min(max(options.threshold, 0), 1)
        let feeds = SendableBox(value: (a, b))
        var chunks: [ScanChunk] = []
        var scanned = width == 0 ? height : 0
        while scanned < height {
            let end = min(scanned + bandRows, height)
            // rows two above and two below the band: the anti-aliasing test reads neighbours of neighbours
            let keep = max(scanned - 2, 0)
            var origins: [UnsafeRawPointer?] = [nil, nil]
            origins.withUnsafeMutableBufferPointer { slots in
                let target = SendableBox(value: slots)
                WorkerPool.forEach(count: 2) { index in
                    let feed = index == 0 ? feeds.value.0 : feeds.value.1
                    target.value[index] = feed.advance(keep, end + 2)
                }
            }
            guard let originA = origins[0], let originB = origins[1] else { return nil }
            let scanner = DiffScanner(
                a: originA, strideA: a.width * 4, b: originB, strideB: b.width * 4,
                width: width, height: height,
                maxDelta: 35215 * threshold * threshold,
                includeAA: options.includeAntialiasing,
                output: nil, fade: 0,
                diffPixel: packed(options.diffColor), aaPixel: packed(options.antialiasingColor))
            let middle = scanned + (end - scanned) / 2
            var halves = [ScanChunk](repeating: ScanChunk(), count: 2)
            halves.withUnsafeMutableBufferPointer { slots in
                let target = SendableBox(value: slots)
                let first = scanned
                WorkerPool.forEach(count: 2) { index in
                    target.value[index] = scanner.scan(rows: index == 0 ? first..<middle : middle..<end)
                }
            }
            chunks += halves
            scanned = end
        }
        var finished = [false, false]
        finished.withUnsafeMutableBufferPointer { slots in
            let target = SendableBox(value: slots)
            WorkerPool.forEach(count: 2) { index in
                target.value[index] = index == 0 ? feeds.value.0.finish() : feeds.value.1.finish()
            }
        }
        guard finished[0] && finished[1] else { return nil }
        return summary(&chunks, sameSize: sameSize, mismatch: mismatch, total: width * height)
    }
}
