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
        guard status != .failed else { return false }
        let layoutChanged = layoutDiff?.isDifferent == true
        let (writeSVG, writeLayout, writePicture) =
            switch mode {
            case .missing: (svgMissing, layoutMissing, pictureMissing)
            case .changed: (svgMissing || svgChanged, layoutMissing || layoutChanged, pictureMissing || pictureChanged)
            case .all: (true, true, true)
            }
        guard writeSVG || writeLayout || writePicture else { return false }
        var files = SpecFiles(folder: baselines, name: name, spec: spec)
        defer { files.discard() }
        if writeSVG {
            try files.add(RenderedFile(bytes: actualSVG), format: .svg)
        }
        if writeLayout {
            try files.add(RenderedFile(bytes: actualLayout), format: .json)
        }
        if writePicture {
            // All tiles or none: a picture is never half old, half new.
            for tile in tiles {
                try files.add(
                    RenderedFile(suffix: tile.suffix, bytes: try tile.actualPNG()), format: .png)
            }
        }
        _ = try files.commit(claims: claims)
        // What is left is what the mode did not write: a changed baseline under `.missing`.
        let stillChanged =
            (svgChanged && !writeSVG) || (layoutChanged && !writeLayout) || (pictureChanged && !writePicture)
        status = stillChanged ? .changed : .recorded
        return true
    }
}

extension CheckResults {
    /// Records every check's baselines into `baselines` with `mode` (see
    /// ``SpecCheck/record(into:claims:mode:)``), then the renderer fingerprint, unless a spec
    /// could not be recorded: like the baselines, all or nothing.
    ///
    /// A check that cannot be recorded becomes ``SpecCheck/Status/failed`` with the reason.
    /// - Returns: The line saying why the fingerprint could not be written, if it could not.
    public mutating func record(into baselines: String, mode: RecordMode) -> String? {
        let claims = OutputClaims()
        for index in checks.indices {
            do {
                try checks[index].record(into: baselines, claims: claims, mode: mode)
            } catch {
                checks[index].status = .failed
                checks[index].error = "\(error)"
            }
        }
        guard count(.failed) == 0 else { return nil }
        return BaselineFingerprint.record(baselines: baselines, mode: mode)
    }
}
