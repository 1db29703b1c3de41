import Foundation
import WaterfallAudit
import WaterfallBatch
import WaterfallCore
import WaterfallPipeline
import WaterfallRender

extension SpecCheck {
    /// Writes the baselines `mode` asks for into the folder `baselines`, and returns whether it
    /// wrote any.
    ///
    /// `.missing` writes those that do not exist, `.changed` also those that differ, `.all` every
    /// one; a picture's tiles it no longer has are removed. A spec that failed writes nothing.
    ///
    /// A spec's baselines are replaced together or not at all: every file is staged first, and
    /// nothing is renamed into place unless all of them could be, so the set never disagrees.
    /// `claims` keeps two specs of one run from writing one file.
    @discardableResult
    public mutating func record(into baselines: String, claims: OutputClaims, mode: RecordMode) throws -> Bool {
        var checks = [self]
        let wrote = try Self.record(&checks, into: baselines, claims: claims, mode: mode)
        self = checks[0]
        return wrote
    }

    /// Records the checks of one spec's variants together, all or nothing: every file of every
    /// variant is staged before any is renamed into place.
    ///
    /// - Returns: Whether it wrote any file.
    @discardableResult
    public static func record(
        _ checks: inout [SpecCheck], into baselines: String, claims: OutputClaims, mode: RecordMode
    ) throws -> Bool {
        guard let first = checks.first, !checks.contains(where: { $0.status == .failed }) else { return false }
        var files = SpecFiles(folder: baselines, name: first.name, spec: first.spec)
        defer { files.discard() }
        var written: [Int: Bool] = [:]
        for index in checks.indices {
            if let stillChanged = try checks[index].stage(into: &files, mode: mode) { written[index] = stillChanged }
        }
        if try stageInputs(of: checks, written: written, into: &files, mode: mode, baselines: baselines) {
            written[-1] = false
        }
        guard !written.isEmpty else { return false }
        _ = try files.commit(claims: claims)
        for (index, stillChanged) in written where index >= 0 {
            checks[index].status = stillChanged ? .changed : .recorded
        }
        return true
    }

    /// Stages the record of what the spec was drawn from (``RecordedInputs``), and returns whether it did.
    ///
    /// It is staged when it describes every baseline of the spec after this recording: when no
    /// check is left changed, and something was written, or the record is missing, or `mode`
    /// writes everything again.
    private static func stageInputs(
        of checks: [SpecCheck], written: [Int: Bool], into files: inout SpecFiles, mode: RecordMode,
        baselines: String
    ) throws -> Bool {
        guard let inputs = checks.first?.inputs else { return false }
        let leftChanged = checks.indices.contains { index in
            written[index] ?? (checks[index].status == .changed || checks[index].status == .new)
        }
        guard !leftChanged else { return false }
        let file = RecordedInputs.fileName(for: RenderPipeline.baseName(checks[0].spec))
        let existing = Path.join(baselines, file)
        let bytes = inputs.bounded.bytes
        let current = try? NamedFolder.read(existing, limit: RecordedInputs.maximumBytes).get()
        guard current != bytes else { return false }
        guard !written.isEmpty || current == nil || mode == .all else { return false }
        try files.add(bytes, file: file)
        return true
    }

    /// Stages the baselines `mode` asks for into `files`; returns `nil` when there are none, else
    /// whether a changed baseline is left that the mode does not write.
    private mutating func stage(into files: inout SpecFiles, mode: RecordMode) throws -> Bool? {
        if let clip {
            let changed = status == .changed
            let write =
                switch mode {
                case .missing: clip.missing
                case .changed: clip.missing || changed
                case .all: true
                }
            guard write else { return nil }
            guard let actual = clip.actual else { throw ReviewError(reason: "the clip \(name) was not kept") }
            try files.add(actual, file: name + ".png")
            return false
        }
        let layoutChanged = layoutDiff?.isDifferent == true
        let (writeSVG, writeLayout, writePicture) =
            switch mode {
            case .missing: (svgMissing, layoutMissing, pictureMissing)
            case .changed: (svgMissing || svgChanged, layoutMissing || layoutChanged, pictureMissing || pictureChanged)
            case .all: (true, true, true)
            }
        // Findings are accepted by recording them: missing ones under every mode, changed ones
        // under `changed` and `all`.
        let findingsMissing = audited && recordedFindings == nil && !findings.isEmpty
        let writeFindings = audited && (mode == .missing ? findingsMissing : findingsChanged || mode == .all)
        guard writeSVG || writeLayout || writePicture || writeFindings else { return nil }
        // What stays new after this is what the mode did not record.
        let leftNew = writeFindings ? [] : newFindings
        if writeFindings {
            try files.add(RecordedFindings.encode(findings), file: RecordedFindings.fileName(for: name))
            // Said by the lines `check --record` prints: no finding is accepted unseen.
            newlyRecordedFindings = newFindings
            droppedFindings = fixedFindings
            recordedFindings = findings
        }
        if writeSVG {
            try files.add(RenderedFile(bytes: actualSVG), format: .svg, stem: name)
        }
        if writeLayout {
            try files.add(RenderedFile(bytes: actualLayout), format: .json, stem: name)
        }
        if writePicture {
            // All tiles or none: a picture is never half old, half new.
            for tile in tiles {
                try files.add(
                    RenderedFile(suffix: tile.suffix, bytes: try tile.actualPNG()), format: .png, stem: name)
            }
        }
        // What is left is what the mode did not write: a changed baseline under `.missing`.
        return (svgChanged && !writeSVG) || (layoutChanged && !writeLayout) || (pictureChanged && !writePicture)
            || !leftNew.isEmpty
    }
}

extension CheckResults {
    /// Records every check's baselines into `baselines` with `mode` (see
    /// ``SpecCheck/record(into:claims:mode:)``), then the renderer fingerprint, unless a spec
    /// could not be recorded: like the baselines, all or nothing.
    ///
    /// A spec's variants are recorded together (see ``SpecCheck/record(_:into:claims:mode:)``). A
    /// check that cannot be recorded becomes ``SpecCheck/Status/failed`` with the reason.
    /// - Returns: The line saying why the fingerprint could not be written, if it could not.
    public mutating func record(into baselines: String, mode: RecordMode) -> String? {
        let claims = OutputClaims()
        for range in specRanges {
            var group = Array(checks[range])
            do {
                try SpecCheck.record(&group, into: baselines, claims: claims, mode: mode)
            } catch {
                for index in group.indices {
                    group[index].status = .failed
                    group[index].error = "\(error)"
                }
            }
            checks.replaceSubrange(range, with: group)
        }
        guard count(.failed) == 0 else { return nil }
        return BaselineFingerprint.record(baselines: baselines, mode: mode, appFonts: appFonts)
    }

    /// The font files the checked specs name themselves, as their records of inputs hash them,
    /// once for each spec: named after the spec, not its variant (`shop`, for `shop@375.dark` too),
    /// as `examples` records them.
    public var appFonts: [RendererFingerprint.AppFont] {
        var seen = Set<String>()
        var fonts: [RendererFingerprint.AppFont] = []
        for check in checks {
            let spec = RenderPipeline.baseName(check.spec)
            for font in check.inputs?.fonts ?? [] where seen.insert("\(spec)\n\(font.path)").inserted {
                fonts.append(RendererFingerprint.AppFont(spec: spec, path: font.path, sha256: font.sha256))
            }
        }
        return fonts
    }
}
