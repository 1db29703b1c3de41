import Dispatch
import WaterfallCore

/// Perceptual image comparison in the manner of pixelmatch, with counted anti-aliasing and regions.
public enum PixelDiff {
    /// Most regions reported; `DiffResult.regionsTruncated` tells when more existed.
    public static let maxRegions = 1_000
    /// Above this many connected components, boxes are reported unmerged (and marked truncated).
    public static let mergeLimit = 50_000

    /// Compares two images; sizes may differ (the common top-left area is compared).
    public static func compare(_ a: PixelImage, _ b: PixelImage, options: DiffOptions = .init()) -> DiffResult {
        run(a, b, options: options, makeImage: false).result
    }

    /// The diff image: changed pixels in `diffColor`, anti-aliased ones in `antialiasingColor`, over a faded gray copy of A; covers the common area.
    public static func diffImage(_ a: PixelImage, _ b: PixelImage, options: DiffOptions = .init()) -> PixelImage {
        run(a, b, options: options, makeImage: true).image!
    }

    /// Compares and paints the diff image in a single pass.
    public static func compareWithDiffImage(_ a: PixelImage, _ b: PixelImage, options: DiffOptions = .init()) -> (
        result: DiffResult, image: PixelImage
    ) {
        let r = run(a, b, options: options, makeImage: true)
        return (r.result, r.image!)
    }

    /// Packs an opaque colour as a little-endian RGBA word.
    static func packed(_ c: DiffColor) -> UInt32 {
        UInt32(c.red) | UInt32(c.green) << 8 | UInt32(c.blue) << 16 | 0xFF00_0000
    }

    /// Shared implementation of the public entry points.
    static func run(_ a: PixelImage, _ b: PixelImage, options: DiffOptions, makeImage: Bool) -> (
        result: DiffResult, image: PixelImage?
    ) {
        precondition(
            a.width >= 0 && a.height >= 0 && a.pixels.count >= a.width * a.height * 4,
            "image A: pixels shorter than width*height*4")
        precondition(
            b.width >= 0 && b.height >= 0 && b.pixels.count >= b.width * b.height * 4,
            "image B: pixels shorter than width*height*4")
        let mismatch = DiffSizeMismatch.between(width: a.width, height: a.height, andWidth: b.width, height: b.height)
        let sameSize = mismatch == nil
        let width = min(a.width, b.width)
        let height = min(a.height, b.height)
        let total = width * height
        let threshold = min(max(options.threshold, 0), 1)
        let fade = min(max(options.fadeAlpha, 0), 1)

        var chunks: [ScanChunk] = []
        var outPixels: [UInt8] = []
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                let sharedStorage = sameSize && pa.baseAddress == pb.baseAddress
                if total == 0 || (sharedStorage && !makeImage) { return }
                let work = { (out: UnsafeMutableRawPointer?) in
                    let scanner = DiffScanner(
                        a: pa.baseAddress!, strideA: a.width * 4,
                        b: pb.baseAddress!, strideB: b.width * 4,
                        width: width, height: height,
                        maxDelta: 35215 * threshold * threshold,
                        includeAA: options.includeAntialiasing,
                        output: out, fade: fade,
                        diffPixel: packed(options.diffColor), aaPixel: packed(options.antialiasingColor))
                    chunks = scanBands(scanner)
                }
                if makeImage {
                    outPixels = [UInt8](unsafeUninitializedCapacity: total * 4) { buf, count in
                        work(UnsafeMutableRawPointer(buf.baseAddress!))
                        count = total * 4
                    }
                } else {
                    work(nil)
                }
            }
        }

        let result = summary(&chunks, sameSize: sameSize, mismatch: mismatch, total: total)
        let image = makeImage ? PixelImage(width: width, height: height, pixels: outPixels) : nil
        return (result, image)
    }

    /// The result from the bands' totals and runs, in row order; `chunks` is emptied (its runs
    /// are let go before the regions are built).
    static func summary(_ chunks: inout [ScanChunk], sameSize: Bool, mismatch: DiffSizeMismatch?, total: Int)
        -> DiffResult
    {
        var different = 0
        var changedPixels = 0
        var antialiased = 0
        var changed = false
        var runCount = 0
        for c in chunks {
            different += c.different
            changedPixels += c.changedPixels
            antialiased += c.antialiased
            changed = changed || c.changedBytes
            runCount += c.runs.count
        }
        var runs: [DiffRun] = []
        if chunks.count == 1 {
            runs = chunks[0].runs
        } else {
            runs.reserveCapacity(runCount)
            for c in chunks { runs.append(contentsOf: c.runs) }
        }
        chunks = []
        let (regions, truncated) = RegionBuilder.regions(runs: runs, maxRegions: maxRegions, mergeLimit: mergeLimit)
        return DiffResult(
            identical: sameSize && !changed,
            sizeMismatch: mismatch,
            differentPixels: different,
            antialiasedPixels: antialiased,
            totalPixels: total,
            regions: regions,
            regionsTruncated: truncated, changedPixels: changedPixels)
    }

    /// Runs the scanner over bands of rows, in parallel for large images; results are in row order.
    static func scanBands(_ scanner: DiffScanner) -> [ScanChunk] {
        let height = scanner.height
        let bands = scanner.width * height >= 1 << 16 ? min(height, 32) : 1
        if bands <= 1 { return [scanner.scan(rows: 0..<height)] }
        var chunks = [ScanChunk](repeating: ScanChunk(), count: bands)
        chunks.withUnsafeMutableBufferPointer { buf in
            let target = SendableBox(value: buf)
            WorkerPool.forEach(count: bands) { i in
                let rows = (i * height / bands)..<((i + 1) * height / bands)
                target.value[i] = scanner.scan(rows: rows)
            }
        }
        return chunks
    }
}
