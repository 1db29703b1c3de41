import WaterfallAudit
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallSpec

/// The index file of a blob, as JSON: what ``ResultsBlob`` holds, pictures by file name.
struct BlobIndex: Codable {
    var format: String
    var version: Int
    var shard: String
    var specs: [String]
    var baselines: String
    var checked: [CheckedSpec]

    struct CheckedSpec: Codable {
        var index: Int
        var checks: [Check]
    }

    struct Check: Codable {
        var spec: String
        var name: String
        var variant: String
        var status: String
        var error: String?
        var svgChanged: Bool
        var svgMissing: Bool
        var layoutMissing: Bool
        var tileCountChanged: Bool
        var duration: Double
        var tiles: [Tile]
        var layout: Layout?
        /// The layout JSON drawn, which the report reads the columns from; only for a check that
        /// needs review.
        var actualLayout: String?
        /// Why it changed (absent from blobs written before causes were).
        var causes: [Cause]?
        /// A clip's comparison (absent for pictures, and from blobs written before clips were).
        var clip: Clip?
        /// The accessibility findings, those recorded, and whether the picture was audited
        /// (absent from blobs written before the audit was).
        var findings: [Finding]?
        var recordedFindings: [Finding]?
        var audited: Bool?
    }

    struct Clip: Codable {
        var frames: Int
        var fps: Int
        var baselineFrames: Int?
        var missing: Bool
        var differentFrames: Int
        var firstDifferentFrame: Int?
    }

    struct Tile: Codable {
        var suffix: String
        var pixelCount: Int
        var hasReference: Bool
        /// Picture files: the tile as drawn, its baseline, the diff, and the drawn PNG of a tile
        /// equal to its baseline.
        var actual: String?
        var reference: String?
        var diff: String?
        var encoded: String?
        var result: Result?
    }

    struct Result: Codable {
        var identical: Bool
        var sizeMismatch: [Int]?
        var differentPixels: Int
        var changedPixels: Int
        var antialiasedPixels: Int
        var totalPixels: Int
        var regions: [[Int]]
        var regionsTruncated: Bool
    }

    struct Layout: Codable {
        var oldContentSize: [Double]
        var newContentSize: [Double]
        var unchanged: Int
        var changes: [Change]
    }

    struct Change: Codable {
        var kind: String
        var element: String
        var section: Int
        var item: Int
        var old: [Double]?
        var new: [Double]?
    }

    static let formatName = "waterfall check blob"
}

// MARK: - Writing

extension BlobIndex {
    /// The index of `blob`, handing each picture to `picture`, which returns its file name.
    init(_ blob: ResultsBlob, picture: ([UInt8]) throws -> String) throws {
        format = Self.formatName
        version = ResultsBlob.version
        shard = blob.shard.description
        specs = blob.specs
        baselines = blob.baselines
        checked = try blob.checked.map { index, checks in
            CheckedSpec(index: index, checks: try checks.map { try Check($0, picture: picture) })
        }
    }
}

extension BlobIndex.Check {
    init(_ check: SpecCheck, picture: ([UInt8]) throws -> String) throws {
        spec = check.spec
        name = check.name
        variant = check.variant
        status = check.status.rawValue
        error = check.error
        svgChanged = check.svgChanged
        svgMissing = check.svgMissing
        layoutMissing = check.layoutMissing
        tileCountChanged = check.tileCountChanged
        duration = check.duration
        // A passed check's pictures are shown nowhere: only what the report shows is kept.
        let keeps = check.status != .passed
        tiles = try check.tiles.map { tile in
            BlobIndex.Tile(
                suffix: tile.suffix, pixelCount: tile.pixelCount, hasReference: tile.reference != nil,
                actual: try keeps ? tile.actual.map(picture) : nil,
                reference: try keeps ? tile.reference.map(picture) : nil,
                diff: try keeps ? tile.diffImage.map(picture) : nil,
                encoded: try keeps && tile.actual == nil ? picture(try tile.actualPNG()) : nil,
                result: tile.result.map(BlobIndex.Result.init))
        }
        layout = check.layoutDiff.map(BlobIndex.Layout.init)
        actualLayout = keeps ? String(decoding: check.actualLayout, as: UTF8.self) : nil
        causes = check.causes.isEmpty ? nil : check.causes
        findings = check.findings.isEmpty ? nil : check.findings
        recordedFindings = check.recordedFindings
        audited = check.audited ? true : nil
        clip = check.clip.map {
            BlobIndex.Clip(
                frames: $0.frames, fps: $0.fps, baselineFrames: $0.baselineFrames, missing: $0.missing,
                differentFrames: $0.differentFrames, firstDifferentFrame: $0.firstDifferentFrame)
        }
    }
}

extension BlobIndex.Result {
    init(_ result: DiffResult) {
        identical = result.identical
        sizeMismatch = result.sizeMismatch.map { [$0.a.width, $0.a.height, $0.b.width, $0.b.height] }
        differentPixels = result.differentPixels
        changedPixels = result.changedPixels
        antialiasedPixels = result.antialiasedPixels
        totalPixels = result.totalPixels
        regions = result.regions.map { [$0.x, $0.y, $0.width, $0.height] }
        regionsTruncated = result.regionsTruncated
    }
}

extension BlobIndex.Layout {
    init(_ diff: LayoutDiff) {
        oldContentSize = [diff.oldContentSize.width, diff.oldContentSize.height]
        newContentSize = [diff.newContentSize.width, diff.newContentSize.height]
        unchanged = diff.unchanged
        changes = diff.changes.map { change in
            BlobIndex.Change(
                kind: change.kind.rawValue, element: change.element.rawValue, section: change.indexPath.section,
                item: change.indexPath.item, old: change.old.map(Self.numbers), new: change.new.map(Self.numbers))
        }
    }

    static func numbers(_ rect: Rect) -> [Double] { [rect.minX, rect.minY, rect.width, rect.height] }
}

// MARK: - Reading, every value checked

/// Turns a blob's index back into checks, refusing any value a writer could not have written.
struct BlobReader {
    /// The index file, for messages.
    var file: String
    /// Reads a picture by the name the index gives.
    var picture: (String) throws(ReviewError) -> [UInt8]

    func fail(_ what: String) -> ReviewError { ReviewError(reason: "\(file): \(what)") }

    /// The most findings, found and recorded together, one check of a blob may hold.
    static let maximumFindings = 100_000

    func count(_ value: Int, _ what: String) throws(ReviewError) -> Int {
        // Small enough that sums over every tile of a run cannot overflow.
        guard value >= 0, value <= 1 << 40 else { throw fail("\(what) out of range: \(value)") }
        return value
    }

    func number(_ value: Double, _ what: String) throws(ReviewError) -> Double {
        guard value.isFinite, abs(value) <= SpecLimits.maximumLength else {
            throw fail("\(what) out of range")
        }
        return value
    }

    func check(_ entry: BlobIndex.Check) throws(ReviewError) -> SpecCheck {
        guard let status = SpecCheck.Status(rawValue: entry.status) else {
            throw fail("unknown status \"\(entry.status)\"")
        }
        // The name becomes file names in the report's folder: it must be the spec's, as a check names it.
        guard entry.name == RenderPipeline.baseName(entry.spec) + entry.variant, !entry.name.contains("/"),
            !entry.name.contains("\u{0}"), entry.name.utf8.count <= 200, entry.tiles.count <= 1 << 16
        else { throw fail("a check of \(entry.spec) does not hold together") }
        var check = SpecCheck(spec: entry.spec, name: entry.name, variant: entry.variant)
        check.status = status
        check.error = entry.error
        check.svgChanged = entry.svgChanged
        check.svgMissing = entry.svgMissing
        check.layoutMissing = entry.layoutMissing
        check.tileCountChanged = entry.tileCountChanged
        guard entry.duration.isFinite, entry.duration >= 0, entry.duration < 1e6 else { throw fail("bad duration") }
        check.duration = entry.duration
        // A check draws each tile once: a suffix given again (60,000 tiles of one name made a
        // 118 MB page) is no writer's.
        var suffixes = Set<String>()
        for stored in entry.tiles {
            let digits = stored.suffix.dropFirst()
            guard
                stored.suffix.isEmpty
                    || (stored.suffix.hasPrefix("-") && !digits.isEmpty && digits.count <= 9
                        && digits.allSatisfy { $0.isASCII && $0.isNumber })
            else { throw fail("a tile of \(entry.spec) has the suffix \"\(stored.suffix)\"") }
            guard suffixes.insert(stored.suffix).inserted else {
                throw fail("a check of \(entry.spec) (\(entry.name)) has the tile \"\(stored.suffix)\" twice")
            }
            var tile = SpecCheck.Tile(suffix: stored.suffix, pixelCount: try count(stored.pixelCount, "pixel count"))
            tile.actual = try stored.actual.map(picture)
            tile.reference = try stored.reference.map(picture) ?? (stored.hasReference ? [] : nil)
            tile.diffImage = try stored.diff.map(picture)
            tile.encodedActual = try stored.encoded.map(picture)
            // The report copies every picture of a check that needs review: a writer keeps them all.
            guard
                status == .passed
                    || ((stored.actual ?? stored.encoded) != nil && stored.hasReference == (stored.reference != nil))
            else { throw fail("a tile of \(entry.spec) (\(entry.name)) lacks a picture the report shows") }
            tile.result = try stored.result.map(result)
            check.tiles.append(tile)
        }
        check.layoutDiff = try entry.layout.map(layout)
        check.actualLayout = Array((entry.actualLayout ?? "").utf8)
        let causes = entry.causes ?? []
        let longest = causes.map { max($0.input?.utf8.count ?? 0, $0.consequence?.utf8.count ?? 0) }.max() ?? 0
        guard causes.count <= InputChange.maximumChanges + 1, longest <= 1 << 16 else {
            throw fail("the causes of \(entry.spec) are too many or too long")
        }
        check.causes = causes
        let findings = (entry.findings ?? []) + (entry.recordedFindings ?? [])
        guard findings.count <= Self.maximumFindings, findings.allSatisfy({ $0.message.utf8.count <= 1 << 12 })
        else { throw fail("the findings of \(entry.spec) are too many or too long") }
        check.findings = entry.findings ?? []
        check.recordedFindings = entry.recordedFindings
        check.audited = entry.audited ?? false
        if let stored = entry.clip {
            let frames = try count(stored.frames, "clip frames")
            guard (1...60).contains(stored.fps), stored.differentFrames >= 0, stored.differentFrames <= frames,
                (stored.firstDifferentFrame ?? 0) >= 0, (stored.baselineFrames ?? 0) >= 0
            else { throw fail("the clip of \(entry.spec) does not hold together") }
            var clip = SpecCheck.ClipComparison(frames: frames, fps: stored.fps)
            clip.baselineFrames = stored.baselineFrames
            clip.missing = stored.missing
            clip.differentFrames = stored.differentFrames
            clip.firstDifferentFrame = stored.firstDifferentFrame
            check.clip = clip
        }
        return check
    }

    func result(_ stored: BlobIndex.Result) throws(ReviewError) -> DiffResult {
        let total = try count(stored.totalPixels, "total pixels")
        for value in [stored.differentPixels, stored.changedPixels, stored.antialiasedPixels] {
            guard try count(value, "pixel count") <= total else { throw fail("more pixels differ than there are") }
        }
        guard stored.regions.count <= 1 << 20, stored.regions.allSatisfy({ $0.count == 4 }) else {
            throw fail("bad changed regions")
        }
        var mismatch: DiffSizeMismatch?
        if let size = stored.sizeMismatch {
            guard size.count == 4 else { throw fail("bad size mismatch") }
            for value in size { _ = try count(value, "picture size") }
            mismatch = DiffSizeMismatch(
                a: DiffSize(width: size[0], height: size[1]), b: DiffSize(width: size[2], height: size[3]))
        }
        var regions: [PixelRegion] = []
        for region in stored.regions {
            for value in region { _ = try count(value, "changed region") }
            regions.append(PixelRegion(x: region[0], y: region[1], width: region[2], height: region[3]))
        }
        return DiffResult(
            identical: stored.identical, sizeMismatch: mismatch, differentPixels: stored.differentPixels,
            antialiasedPixels: stored.antialiasedPixels, totalPixels: total, regions: regions,
            regionsTruncated: stored.regionsTruncated, changedPixels: stored.changedPixels)
    }

    func layout(_ stored: BlobIndex.Layout) throws(ReviewError) -> LayoutDiff {
        func size(_ numbers: [Double]) throws(ReviewError) -> Size {
            guard numbers.count == 2 else { throw fail("bad content size") }
            return Size(
                width: try number(numbers[0], "content width"), height: try number(numbers[1], "content height"))
        }
        func rect(_ numbers: [Double]?) throws(ReviewError) -> Rect? {
            guard let numbers else { return nil }
            guard numbers.count == 4 else { throw fail("bad frame") }
            return Rect(
                x: try number(numbers[0], "frame"), y: try number(numbers[1], "frame"),
                width: try number(numbers[2], "frame"), height: try number(numbers[3], "frame"))
        }
        let empty = LayoutSnapshot(contentSize: Size(width: 0, height: 0), elements: [])
        var diff = LayoutDiff(old: empty, new: empty)
        diff.oldContentSize = try size(stored.oldContentSize)
        diff.newContentSize = try size(stored.newContentSize)
        diff.unchanged = try count(stored.unchanged, "unchanged count")
        guard stored.changes.count <= 1 << 24 else { throw fail("too many layout changes") }
        for change in stored.changes {
            guard let kind = LayoutChange.Kind(rawValue: change.kind),
                let element = ElementKind(rawValue: change.element)
            else { throw fail("unknown layout change \"\(change.kind)\" of \"\(change.element)\"") }
            diff.changes.append(
                LayoutChange(
                    kind: kind, element: element,
                    indexPath: ItemPath(
                        section: try count(change.section, "section"), item: try count(change.item, "item")),
                    old: try rect(change.old), new: try rect(change.new)))
        }
        return diff
    }
}
