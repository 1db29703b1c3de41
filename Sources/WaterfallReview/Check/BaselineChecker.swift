import Dispatch
import Foundation
import WaterfallAudit
import WaterfallBatch
import WaterfallCore
import WaterfallDiff
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// Draws specs and compares them with the baselines in a folder: the one check behind
/// `waterfall check`, `serve`'s review page and a custom CI step.
///
/// ```swift
/// let checker = BaselineChecker(baselines: "Baselines")
/// var results = checker.check(["Specs/shop.yaml"])
/// if results.count(.changed) > 0 { print(results.summary) }
/// ```
///
/// The picture is compared as it was drawn: the baseline PNG is decoded and its pixels compared
/// with the drawn ones, and the drawn tile is only encoded when it is needed, for a baseline that
/// differs or is missing.
public struct BaselineChecker: Sendable {
    /// The folder of baselines: `NAME.png` (or `NAME-1.png`… tiles), `NAME.svg`, `NAME.layout.json`,
    /// NAME being a variant's (`shop@375.dark`, `shop.screen-2`).
    public var baselines: String
    /// How specs are laid out and drawn; its renderers are not used.
    public var pipeline: RenderPipeline
    /// When two pixels count as different.
    public var options: DiffOptions
    /// Whether a tile equal to its baseline keeps its PNG too (to record every baseline again).
    public var keepsUnchangedPictures = false
    /// The variants each spec is checked at: by default what the spec declares (`variants:`).
    public var variants = Variants()
    /// Whether each picture is audited for accessibility, and whether a new finding fails it.
    public var audit = AuditMode.fail
    /// Which reading of WCAG's large text the audit judges contrast by: iOS points by default.
    public var largeText = LargeTextRule.ios
    /// The renderer's change since the baselines were recorded, found when first needed.
    private let rendererChange = RendererChange()

    /// Creates a checker of the baselines in the folder `baselines`; by default any changed pixel counts.
    public init(
        baselines: String, pipeline: RenderPipeline = RenderPipeline(renderers: []),
        options: DiffOptions = DiffOptions(threshold: 0, includeAntialiasing: true)
    ) {
        self.baselines = baselines
        self.pipeline = pipeline
        self.options = options
    }

    /// The largest baseline read: far more than any picture a render writes.
    public static let maximumBaselineBytes = 1 << 30

    /// Draws every variant of the spec at `path` (see ``variants``) and compares each with its
    /// baselines: one check a variant, or a screen of one, in the order `Variants.of(_:)` gives.
    ///
    /// A spec that cannot be loaded, or a variant that cannot be drawn or compared, is a check
    /// with status ``SpecCheck/Status/failed``; the other variants are still checked.
    public func checks(specAt path: String) -> [SpecCheck] {
        let name = RenderPipeline.baseName(path)
        let start = DispatchTime.now().uptimeNanoseconds
        let spec: Spec
        let expanded: [Variant]
        do {
            // The record of the spec's inputs is read only when a picture changed; a link there is
            // refused all the same.
            try Self.refuseLink(at: self.path(RecordedInputs.fileName(for: name)))
            spec = try pipeline.loadSpec(at: path, keepingInputs: true)
            expanded = try variants.of(spec)
        } catch {
            var check = SpecCheck(spec: path, name: name)
            check.status = .failed
            check.error = "\(error)"
            check.specError = error as? SpecError
            check.duration = Self.seconds(since: start)
            return [check]
        }
        // Every variant is laid out and held to the pixel limit before any is drawn: a variant
        // that cannot be drawn fails the spec before the others are drawn.
        for variant in expanded {
            do {
                try drawingPipeline.checkBounds(variant.apply(to: spec), screens: variant.screens)
            } catch {
                let stem = variant.name(name)
                var check = SpecCheck(spec: path, name: stem, variant: String(stem.dropFirst(name.count)))
                check.status = .failed
                check.error = "\(error)"
                check.specError = error as? SpecError
                check.duration = Self.seconds(since: start)
                return [check]
            }
        }
        var checks: [SpecCheck] = []
        // The variant each picture's check drew, for telling its causes apart.
        var drewVariant: [Variant?] = []
        var inputs: RecordedInputs?
        // Reading the spec counts in its first check.
        var variantStart = start
        for variant in expanded {
            defer { variantStart = DispatchTime.now().uptimeNanoseconds }
            let stem = variant.name(name)
            var drawn: [SpecCheck] = []
            do {
                try compare(variant.apply(to: spec), variant: variant, spec: path, name: name, stem: stem) { scene in
                    // Every variant is drawn from the same inputs: the first one's images say them.
                    if inputs == nil, let kept = spec.inputs { inputs = RecordedInputs(inputs: kept, scene: scene) }
                } body: {
                    drawn.append($0)
                }
            } catch {
                var check = SpecCheck(spec: path, name: stem, variant: String(stem.dropFirst(name.count)))
                check.status = .failed
                check.error = "\(error)"
                drawn.append(check)
            }
            // The drawing shared by a variant's screens is counted once, in its first screen.
            let duration = Self.seconds(since: variantStart) - drawn.dropFirst().reduce(0) { $0 + $1.duration }
            if !drawn.isEmpty { drawn[0].duration = max(0, duration) }
            checks += drawn
            drewVariant += drawn.map { _ in variant }
        }
        let clips = clipChecks(of: spec, path: path, name: name)
        checks += clips
        drewVariant += clips.map { _ in nil }
        explain(&checks, name: name, inputs: inputs, spec: spec, variants: drewVariant)
        return checks
    }

    /// Gives each changed check its causes, and every check the inputs it was drawn from.
    ///
    /// When more than one thing changed, each cause says what it did on its own (see
    /// ``SeparateEffects``), told once for each variant drawn, and one more cause says what they
    /// did together.
    private func explain(
        _ checks: inout [SpecCheck], name: String, inputs: RecordedInputs?, spec: Spec, variants: [Variant?]
    ) {
        var changes: [InputChange]?
        var recorded: RecordedInputs?
        var recordError: String?
        // A finding no longer found is told its cause too, in a check that otherwise passed.
        let needsChanges = checks.contains { $0.status == .changed || !$0.fixedFindings.isEmpty }
        if needsChanges, let inputs {
            do {
                // A record without its spec (too large to keep) names no change.
                if let record = try RecordedInputs.read(name: name, inBaselines: baselines), record.isComplete,
                    inputs.isComplete
                {
                    changes = InputChange.changes(from: record, to: inputs)
                    recorded = record
                }
            } catch {
                recordError = error.reason
            }
        }
        let renderer = checks.contains { $0.status == .changed } ? rendererChange.change(since: baselines) : nil
        // Told apart once for each variant: its screens share the feed's layouts.
        var separated: [Variant: [Cause]?] = [:]
        for index in checks.indices {
            checks[index].inputs = inputs
            // The renderer too: a font that draws wider can cut a text.
            checks[index].inputChanges = (changes ?? []) + (renderer.map { [$0] } ?? [])
            guard checks[index].status == .changed else { continue }
            var check = checks[index]
            // Changed for its findings alone: the inputs that can make or remove a finding there
            // are its causes (`tappable`, a colour), else no input explains what the audit found.
            if check.changedOnlyInFindings {
                let named = check.findingCauses(of: check.inputChanges)
                if !named.isEmpty {
                    checks[index].causes = named
                    continue
                }
                let count = check.newFindings.count
                let findings = "\(count) finding\(count == 1 ? "" : "s")"
                checks[index].causes = [
                    Cause(
                        input: check.recordedFindings == nil ? "no findings recorded beside the baselines" : nil,
                        consequence: "No pixel, SVG or layout changed: the audit found \(findings) the recorded "
                            + "ones do not list.")
                ]
                continue
            }
            let pixels = check.tiles.compactMap(\.result).reduce(0) { $0 + $1.differentPixels }
            let layout = try? Self.snapshot(of: check.actualLayout, name: check.name)
            let writer = CauseWriter(diff: check.layoutDiff, layout: layout, changedPixels: pixels)
            var causes = writer.causes(of: (changes ?? []) + (renderer.map { [$0] } ?? []))
            if let changes, let recorded, changes.count + (renderer == nil ? 0 : 1) > 1,
                let variant = variants[index], let baseline = check.baselineLayout
            {
                if separated[variant] == nil {
                    let effects = SeparateEffects(recorded: recorded, spec: spec, variant: variant, pipeline: pipeline)
                    separated[variant] = effects.causes(of: changes, renderer: renderer, baseline: baseline)
                }
                if let told = separated[variant] ?? nil {
                    // Then what they did together, in this check's own picture.
                    causes = told + [SeparateEffects.together(told.count, writer: writer)]
                }
            }
            // A key that draws nothing (`tappable`) did what it did to the findings: said so.
            for cause in check.findingCauses(of: check.inputChanges) {
                guard changes?.first(where: { $0.text == cause.input })?.changesOnlyTheAudit == true else { continue }
                for position in causes.indices where causes[position].input == cause.input {
                    causes[position].consequence = cause.consequence
                }
            }
            // A clip's consequence is in its frames, which the layout sentences do not see.
            if check.clip != nil, let first = causes.indices.first, causes[first].consequence == nil {
                causes[first].consequence = check.layoutSentence
            }
            if causes.isEmpty {
                let input =
                    recordError
                    ?? (changes == nil
                        ? nil : "the spec, its data and its images are as recorded; the drawing changed")
                causes = [Cause(input: input, consequence: check.layoutSentence)]
            }
            check.causes = causes
            checks[index] = check
        }
    }

    /// Checks `specs` on `workers` threads (all cores by default), in the order of `specs`, each
    /// spec's variants together.
    ///
    /// `finished` is called, from any thread, as each spec is done.
    public func check(
        _ specs: [String], workers: Int? = nil, finished: (@Sendable (String) -> Void)? = nil
    ) -> CheckResults {
        let results = Locked([[SpecCheck]](repeating: [], count: specs.count))
        let workers = workers ?? ProcessInfo.processInfo.activeProcessorCount
        WorkerPool.run(count: specs.count, workers: workers) { index in
            let checks = self.checks(specAt: specs[index])
            results.withLock { $0[index] = checks }
            finished?(specs[index])
        }
        return CheckResults(specs: results.withLock { $0 })
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The pipeline a check draws with: the tiles are drawn from the prepared scene, not by a
    /// renderer, so the images' pixels are kept; and they are a picture, held to the pixel limit
    /// before the scene is built.
    private var drawingPipeline: RenderPipeline {
        var pipeline = pipeline
        pipeline.keepsImagePixels = true
        pipeline.drawsPictures = true
        return pipeline
    }

    /// Draws `spec` (a variant of the spec file `path`, named `stem`) and hands `body` its check,
    /// or one check for each of its screens.
    private func compare(
        _ spec: Spec, variant: Variant, spec path: String, name: String, stem: String,
        prepared seen: (Scene) -> Void, body: (SpecCheck) -> Void
    ) throws {
        let pipeline = drawingPipeline
        let prepared = try pipeline.prepare(spec, screens: variant.screens)
        seen(prepared.scene)
        guard let screens = variant.screens else {
            var check = SpecCheck(spec: path, name: stem, variant: String(stem.dropFirst(name.count)))
            let start = DispatchTime.now().uptimeNanoseconds
            try compare(
                &check, scene: prepared.scene, layout: LayoutSnapshot(prepared.layout),
                contentSize: spec.contentSizeName)
            check.duration = Self.seconds(since: start)
            body(check)
            return
        }
        for screen in screens.screens(of: prepared.layout) {
            let start = DispatchTime.now().uptimeNanoseconds
            let file = stem + screen.suffix
            var check = SpecCheck(spec: path, name: file, variant: String(file.dropFirst(name.count)))
            let scene = pipeline.screen(prepared, at: screen.offset, viewport: screens.viewport)
            try compare(&check, scene: scene, layout: nil, contentSize: spec.contentSizeName)
            check.duration = Self.seconds(since: start)
            body(check)
        }
    }

    /// Compares one drawing with the baselines named after `check.name`; `layout` is the
    /// drawing's layout, or `nil` to read it back from the layout JSON drawn (a screen's).
    private func compare(
        _ check: inout SpecCheck, scene: Scene, layout: LayoutSnapshot?, contentSize: String
    ) throws {
        let name = check.name
        check.actualSVG = try Renderer.svg.render(scene).first?.bytes ?? []
        check.actualLayout = try Renderer.layoutJSON.render(scene).first?.bytes ?? []
        var changed = false
        var missing = false
        let baselineTiles = Self.baselineTiles(name: name, in: baselines)
        var drawnTiles = 0
        try TileDrawing.draw(scene) { drawn in
            drawnTiles += 1
            let pixels = drawn.image
            var tile = SpecCheck.Tile(
                suffix: drawn.suffix, pixelCount: pixels.width * pixels.height, drawn: TileDrawing.withoutPixels(drawn))
            let file = "\(name)\(drawn.suffix).png"
            guard let reference = try baseline(file) else {
                missing = true
                tile.actual = try drawn.pngBytes()
                check.tiles.append(tile)
                return
            }
            tile.reference = reference
            let comparison = try PictureComparison(
                reference: reference, name: path(file), actual: pixels, options: options)
            tile.result = comparison.result
            tile.diffImage = comparison.diffImage
            changed = changed || comparison.result.isDifferent
            if !comparison.isIdentical || keepsUnchangedPictures {
                tile.actual = try drawn.pngBytes()
            }
            check.tiles.append(tile)
        }
        if baselineTiles.count != drawnTiles && !baselineTiles.isEmpty {
            changed = true
            check.tileCountChanged = true
        }
        if let svg = try baseline("\(name).svg") {
            check.svgChanged = svg != check.actualSVG
            changed = changed || check.svgChanged
        } else {
            missing = true
            check.svgMissing = true
        }
        let layoutFile = path("\(name).layout.json")
        if let json = try baseline("\(name).layout.json"),
            let (size, elements) = try LayoutDump.decode(String(decoding: json, as: UTF8.self), file: layoutFile)
        {
            let drawn = try layout ?? Self.snapshot(of: check.actualLayout, name: layoutFile)
            let baseline = LayoutSnapshot(contentSize: size, elements: elements)
            let diff = LayoutDiff(old: baseline, new: drawn)
            check.baselineLayout = baseline
            check.layoutDiff = diff
            changed = changed || diff.isDifferent
        } else {
            missing = true
            check.layoutMissing = true
        }
        check.status = missing ? .new : (changed ? .changed : .passed)
        try self.audit(&check, scene: scene, contentSize: contentSize)
    }

    /// Finds the accessibility findings of `check`'s picture and reads those recorded; a new one
    /// fails a check that passed when ``audit`` is `fail`.
    private func audit(_ check: inout SpecCheck, scene: Scene, contentSize: String) throws {
        guard audit != .off else { return }
        check.findings = try Audit.findings(in: scene, contentSize: contentSize, largeText: largeText)
        check.audited = true
        let file = RecordedFindings.fileName(for: check.name)
        if let bytes = try Self.readBaseline(at: path(file), limit: RecordedFindings.maximumBytes) {
            check.recordedFindings = try RecordedFindings.decode(bytes, path: path(file))
        }
        if audit == .fail, check.status == .passed, !check.newFindings.isEmpty { check.status = .changed }
    }

    /// The layout in a layout JSON just drawn.
    private static func snapshot(of json: [UInt8], name: String) throws -> LayoutSnapshot {
        guard let (size, elements) = try LayoutDump.decode(String(decoding: json, as: UTF8.self), file: name) else {
            throw ReviewError(reason: "\(name): the layout drawn could not be read back")
        }
        return LayoutSnapshot(contentSize: size, elements: elements)
    }

    /// `name.png`, or the tiles `name-1.png`, `name-2.png`… marked as this spec's, in `folder`.
    public static func baselineTiles(name: String, in folder: String) -> [String] {
        let single = "\(name).png"
        let tiles = SpecFiles.tiles(of: name, in: folder)
        let hasSingle = RegularFile.isRegular(Path.join(folder, single))
        return hasSingle && tiles.isEmpty ? [single] : tiles
    }

    /// A baseline's bytes; `nil` when there is none, or what is there is no regular file (a FIFO
    /// is never waited on) or is larger than any baseline.
    ///
    /// - Throws: ``ReviewError`` when it is a symbolic link: a baseline is read only as a regular
    ///   file inside the baselines folder, never wherever a link committed there points.
    private func baseline(_ file: String) throws(ReviewError) -> [UInt8]? {
        try Self.readBaseline(at: path(file), limit: Self.maximumBaselineBytes)
    }

    /// The bytes of the baseline file at `path`, never through a link: `nil` when there is no
    /// regular file of at most `limit` bytes there, an error when there is a link.
    package static func readBaseline(at path: String, limit: Int) throws(ReviewError) -> [UInt8]? {
        switch NamedFolder.read(path, limit: limit) {
        case .success(let bytes): return bytes
        case .failure(let failure) where failure.isLink: throw .baselineLink(path)
        case .failure: return nil
        }
    }

    /// Refuses a baseline file that is a symbolic link (``ReviewError/baselineLink(_:)``),
    /// whether or not it will be read.
    package static func refuseLink(at path: String) throws(ReviewError) {
        if RegularFile.isSymbolicLink(path) { throw .baselineLink(path) }
    }

    private func path(_ file: String) -> String {
        Path.join(baselines, file)
    }
}
