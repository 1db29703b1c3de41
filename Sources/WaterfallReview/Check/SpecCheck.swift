import WaterfallAudit
import WaterfallBatch
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallSpec

/// One spec drawn and compared with its baselines: the PNG by pixels, the SVG as text and the
/// layout element by element.
///
/// ``BaselineChecker`` makes it; ``record(into:claims:mode:)`` writes what it found.
public struct SpecCheck: Sendable {
    /// How a spec's check ended.
    public enum Status: String, Sendable, CaseIterable {
        /// Every baseline exists and nothing differs from it.
        case passed
        /// A baseline differs.
        case changed
        /// A baseline is missing (and none differs).
        case new
        /// Its baselines were written.
        case recorded
        /// The spec could not be drawn or compared; ``SpecCheck/error`` says why.
        case failed
    }

    /// One PNG tile compared with its baseline.
    public struct Tile: Sendable {
        /// Added to the spec's name before `.png`: empty, or `-1`, `-2`… for a tall picture's tiles.
        public var suffix: String
        /// The tile as drawn, as the PNG `render` writes; `nil` when its pixels equal its
        /// baseline's and it was not kept (see ``actualPNG()``).
        public var actual: [UInt8]?
        /// The baseline's bytes; `nil` when there is none.
        public var reference: [UInt8]?
        /// The pixel comparison; `nil` without a baseline.
        public var result: DiffResult?
        /// The diff picture as PNG, when the pixels differ at all.
        public var diffImage: [UInt8]?
        /// Width × height of the tile as drawn, in device pixels.
        public var pixelCount: Int
        /// The drawn tile without its pixels: how to encode them again as `render` does; `nil` for
        /// a tile read from a blob (``ResultsBlob``).
        var drawn: RasterTile?
        /// The PNG ``actualPNG()`` gives of a tile read from a blob, whose pixels equal its baseline's.
        var encodedActual: [UInt8]?

        /// The tile as drawn, as PNG: ``actual``, or, for a tile whose pixels equal its baseline's,
        /// those pixels encoded as `render` encodes them.
        public func actualPNG() throws -> [UInt8] {
            if let actual { return actual }
            if let encodedActual { return encodedActual }
            guard let reference, let drawn else { throw ReviewError(reason: "the tile \(suffix) was not kept") }
            return try TileDrawing.encode(drawn, pixels: try PixelImage(png: reference, name: "baseline tile\(suffix)"))
        }
    }

    /// The spec file as given.
    public var spec: String
    /// The name its baselines are named after: the spec's name and the variant's
    /// (`shop@375.dark.screen-2`).
    public var name: String
    /// What the variant adds to the spec's name (`@375.dark`, `.screen-2`), empty for the spec as it is.
    public var variant: String
    /// How the check ended.
    public var status: Status = .passed
    /// The picture's tiles, in order.
    public var tiles: [Tile] = []
    /// Whether the SVG differs from its baseline.
    public var svgChanged = false
    /// Whether the SVG has no baseline.
    public var svgMissing = false
    /// Whether the layout has no baseline.
    public var layoutMissing = false
    /// Whether the picture has a different number of tiles than its baseline.
    public var tileCountChanged = false
    /// The layout compared with its baseline, element by element; `nil` without one.
    public var layoutDiff: LayoutDiff?
    /// The layout its baseline holds; `nil` without one, and for a check read from a blob.
    var baselineLayout: LayoutSnapshot?
    /// Why the spec could not be checked.
    public var error: String?
    /// The spec's own error, when that is why it could not be checked: the file (the spec, or a
    /// data file it reads), line and column it names, for an annotation at that place.
    public var specError: SpecError?
    /// The SVG as drawn.
    public var actualSVG: [UInt8] = []
    /// The layout as `render --format json` writes it.
    public var actualLayout: [UInt8] = []
    /// How long the render and the comparison took, in seconds.
    public var duration = 0.0
    /// Why it changed, in the spec's terms.
    ///
    /// The input values that changed since the baselines were recorded, each with what it did.
    /// Empty unless ``status`` is `changed`.
    public var causes: [Cause] = []
    /// A declared clip compared frame by frame with its baseline animated PNG; `nil` for a picture.
    ///
    /// Its ``tiles`` hold the first frame that differs, drawn and as the baseline shows it.
    public var clip: ClipComparison?
    /// The accessibility audit's findings in the picture as drawn, in document order; empty when
    /// the audit is off (`--audit off`).
    public var findings: [Finding] = []
    /// The findings recorded beside the baselines (`NAME.findings.json`); `nil` when none were.
    public var recordedFindings: [Finding]?
    /// Whether the audit looked at the picture.
    public var audited = false
    /// The input values that changed since the baselines were recorded, as the causes name them.
    ///
    /// What ``cause(of:)`` looks among for a finding's cause. Empty when none is known (no record
    /// of the inputs, nothing changed, or a check read from a blob).
    public var inputChanges: [InputChange] = []
    /// The findings recording accepted: those it wrote that were not recorded before.
    ///
    /// Empty until the check is recorded.
    public var newlyRecordedFindings: [Finding] = []
    /// The recorded findings no longer found that recording dropped from the record.
    ///
    /// Empty until the check is recorded.
    public var droppedFindings: [Finding] = []
    /// What the spec was drawn from this time: what recording stores beside the baselines
    /// (`NAME.inputs.json`); `nil` for a check read from a blob or one that failed.
    public var inputs: RecordedInputs?

    /// Creates the check of a spec's variant, passed until something is found.
    public init(spec: String, name: String, variant: String = "") {
        self.spec = spec
        self.name = name
        self.variant = variant
    }

    /// A clip compared with its baseline: how many frames differ and the first that does.
    public struct ClipComparison: Sendable {
        /// The frames drawn.
        public var frames: Int
        /// Frames a second.
        public var fps: Int
        /// The frames the baseline shows at ``fps``; `nil` without a baseline.
        public var baselineFrames: Int?
        /// Whether the clip has no baseline.
        public var missing = false
        /// The frames whose pixels differ from the baseline's, among those both have.
        public var differentFrames = 0
        /// The first frame that differs, counted from 0; `nil` when none does.
        public var firstDifferentFrame: Int?
        /// The clip as drawn, as an animated PNG: kept when it differs or has no baseline, to record.
        public var actual: [UInt8]?

        /// Creates the comparison of a clip of `frames` frames at `fps`, with nothing found yet.
        public init(frames: Int, fps: Int) {
            self.frames = frames
            self.fps = fps
        }

        /// What differs, in one line: `frames 12 to 40 of 120 differ, the first at 0.4 s`.
        public var summary: String {
            if missing { return "no baseline clip" }
            var parts: [String] = []
            if let baselineFrames, baselineFrames != frames {
                parts.append("the clip has \(frames) frames, its baseline \(baselineFrames)")
            }
            if differentFrames > 0, let first = firstDifferentFrame {
                // To 0.1 s, as every number a person reads: the frame's number says which exactly.
                let seconds = ShortestNumber.readable(Double(first) / Double(fps))
                parts.append(
                    "\(differentFrames) of \(frames) frames differ, the first frame \(first + 1) at \(seconds) s")
            }
            return parts.isEmpty ? "unchanged" : parts.joined(separator: "; ")
        }
    }

    /// The findings not recorded beside the baselines: what a reviewer has not accepted.
    public var newFindings: [Finding] { RecordedFindings.new(findings, recorded: recordedFindings ?? []) }

    /// The recorded findings no longer found.
    public var fixedFindings: [Finding] {
        guard audited else { return [] }
        return RecordedFindings.new(recordedFindings ?? [], recorded: findings)
    }

    /// Whether the findings differ from those recorded, so that recording writes them.
    public var findingsChanged: Bool {
        audited && (!newFindings.isEmpty || !fixedFindings.isEmpty || (recordedFindings == nil && !findings.isEmpty))
    }

    /// The spec and the variant, for a line of output: `shop.yaml`, `shop.yaml @375.dark`.
    public var title: String { variant.isEmpty ? spec : "\(spec) \(variant)" }

    /// Whether the PNG has no baseline at all (not one tile).
    public var pictureMissing: Bool {
        !tiles.isEmpty && tiles.allSatisfy { $0.reference == nil } && !tileCountChanged
    }

    /// Whether the picture differs from a baseline that exists.
    public var pictureChanged: Bool {
        tileCountChanged
            || (!pictureMissing && tiles.contains { $0.reference == nil || $0.result?.isDifferent == true })
    }

    /// What a reviewer reads first: the first cause (`sections[1].columns: 2 → 3 — 20 cards moved
    /// into 3 columns.`), and how many more there are; the ``reason`` when there is no cause.
    public var headline: String {
        guard let first = causes.first?.line, !first.isEmpty else { return reason }
        let more = causes.count - 1
        return more == 0 ? first : "\(first) (and \(more) more \(more == 1 ? "cause" : "causes"))"
    }

    /// Why it did not pass, in one line.
    public var reason: String {
        if let error { return error }
        if let clip { return clip.summary }
        var parts: [String] = []
        let missing =
            [
                tiles.contains { $0.reference == nil } && !tileCountChanged ? "PNG" : nil, svgMissing ? "SVG" : nil,
                layoutMissing ? "layout" : nil,
            ].compactMap { $0 }
        if !missing.isEmpty { parts.append("no baseline \(ProseList.joined(missing))") }
        if tileCountChanged { parts.append("the number of PNG tiles changed") }
        let pixels = tiles.compactMap(\.result).reduce(0) { $0 + $1.differentPixels }
        if pixels > 0 { parts.append("\(pixels) pixels differ") }
        if tiles.contains(where: { $0.result?.sizeMismatch != nil }) { parts.append("the picture changed size") }
        if svgChanged { parts.append("the SVG changed") }
        if let layoutDiff, layoutDiff.isDifferent { parts.append(layoutDiff.summary) }
        let new = newFindings.count
        if new > 0 { parts.append("\(new) new accessibility finding\(new == 1 ? "" : "s")") }
        let accepted = newlyRecordedFindings.count
        if accepted > 0 { parts.append("\(accepted) accessibility finding\(accepted == 1 ? "" : "s") recorded") }
        let dropped = droppedFindings.count
        if dropped > 0 {
            parts.append("\(dropped) fixed finding\(dropped == 1 ? "" : "s") dropped from the record")
        }
        return parts.isEmpty ? "unchanged" : parts.joined(separator: "; ")
    }
}

/// A review step that could not be done, in one line.
public struct ReviewError: UserFacingError {
    /// What went wrong, naming the file.
    public var reason: String

    /// The reason.
    public var description: String { reason }

    /// A baseline file (picture, record or fingerprint) that is a symbolic link: never followed,
    /// as a link committed on a branch could point at any file of the machine.
    public static func baselineLink(_ path: String) -> ReviewError {
        ReviewError(
            reason: "\(path.escapedForMessage): is a symbolic link; baselines are read only as regular files"
                + " inside the baselines folder")
    }
}
