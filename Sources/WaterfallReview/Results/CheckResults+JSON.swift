import Foundation
import WaterfallAudit
import WaterfallCore
import WaterfallDiff

extension CheckResults {
    /// The run as one JSON object, the same bytes for the same results: keys sorted,
    /// specs in the order given, each spec's variants together (one entry a variant, `variant`
    /// the part of `name` after the spec's: `""`, `"@375.dark"`, `".screen-2"`), no times.
    ///
    /// ```json
    /// {"specs":[{"causes":[{"consequence":"12 cards moved into 3 columns; the feed got 240 pt shorter.",
    ///                       "input":"sections[0].columns: 2 → 3"}],
    ///            "findings":[],"fixedFindings":[],
    ///            "layout":{"changes":[{"change":"moved","item":4,"kind":"cell",
    ///                                  "line":"section 0 item 4: (10, 50, 111.7, 60) → …","new":{…},
    ///                                  "old":{"height":60,"width":111.66666666666667,"x":10,"y":50},
    ///                                  "section":0,"shift":12}],
    ///                      "different":true,"missing":false,
    ///                      "summary":{"appeared":0,"disappeared":0,"moved":2,"movedAndResized":0,
    ///                                 "resized":1,"unchanged":9},"text":"2 moved, …"},
    ///            "name":"a","reason":"…","spec":"a.yaml","status":"changed","svgChanged":true,
    ///            "svgMissing":false,
    ///            "tiles":[{"antialiasedPixels":4,"baseline":true,"changedPixels":12,
    ///                      "differentPixels":12,"regions":2,"suffix":"","totalPixels":5000}],
    ///            "variant":""}],
    ///  "summary":{"changed":1,"failed":0,"new":0,"passed":0,"recorded":0,"total":1}}
    /// ```
    ///
    /// Numbers a person reads (`reason`, `causes`, each change's `line`, `text`) have at most one
    /// decimal; the exact values are in fields of their own (`old`, `new`, `shift`).
    ///
    /// `findings` lists the accessibility audit's findings in the picture (empty with `--audit
    /// off`), each as `waterfall audit --json` writes it with `"new"` true when it is not recorded
    /// beside the baselines; `fixedFindings` the recorded ones no longer found.
    ///
    /// A tile without a baseline has `"baseline":false` and null counts; a tile equal byte for byte
    /// to its baseline has zero differences and its size read from the PNG header. `layout` is
    /// null for a spec that could not be checked.
    public var json: String {
        // Strings, counts, flags and finite frames: nothing here fails to encode.
        JSONOutput.text(Document(results: self), or: #"{"specs":[],"summary":{}}"#) + "\n"
    }

    /// The whole run: each status's count, and every spec's outcome.
    private struct Document: Encodable {
        var summary: [String: Int]
        var specs: [Entry]

        init(results: CheckResults) {
            summary = ["total": results.checks.count]
            for status in [SpecCheck.Status.passed, .changed, .new, .recorded, .failed] {
                summary[status.rawValue] = results.count(status)
            }
            specs = results.checks.map(Entry.init)
        }
    }

    /// One spec's (or variant's) outcome.
    private struct Entry: Encodable {
        var check: SpecCheck

        enum Key: String, CodingKey {
            case spec, name, variant, status, reason, causes, tiles, svgChanged, svgMissing
            case findings, fixedFindings, layout
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(check.spec, forKey: .spec)
            try container.encode(check.name, forKey: .name)
            try container.encode(check.variant, forKey: .variant)
            try container.encode(check.status.rawValue, forKey: .status)
            try container.encode(check.reason, forKey: .reason)
            try container.encode(check.causes.map(CauseEntry.init), forKey: .causes)
            try container.encode(check.tiles.map(TileEntry.init), forKey: .tiles)
            try container.encode(check.svgChanged, forKey: .svgChanged)
            try container.encode(check.svgMissing, forKey: .svgMissing)
            let new = Set(check.newFindings.map(\.key))
            try container.encode(
                check.findings.map { FindingEntry(finding: $0, isNew: new.contains($0.key)) }, forKey: .findings)
            try container.encode(
                check.fixedFindings.map { FindingEntry(finding: $0, isNew: false) }, forKey: .fixedFindings)
            if let diff = check.layoutDiff {
                try container.encode(LayoutEntry(diff: diff), forKey: .layout)
            } else if check.layoutMissing {
                try container.encode(LayoutEntry(diff: nil), forKey: .layout)
            } else {
                try container.encodeNil(forKey: .layout)
            }
        }
    }

    /// A cause with both keys always there, `null` when not known.
    private struct CauseEntry: Encodable {
        var cause: Cause

        enum Key: String, CodingKey { case input, consequence }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(cause.input, forKey: .input)
            try container.encode(cause.consequence, forKey: .consequence)
        }
    }

    /// A tile's comparison: `null` counts without a baseline, zeros for pixels equal to it.
    private struct TileEntry: Encodable {
        var tile: SpecCheck.Tile

        enum Key: String, CodingKey {
            case suffix, baseline, differentPixels, changedPixels, antialiasedPixels, totalPixels, regions
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(tile.suffix, forKey: .suffix)
            try container.encode(tile.reference != nil, forKey: .baseline)
            let result = tile.result
            let compared = tile.reference != nil
            try container.encode(result?.totalPixels ?? tile.pixelCount, forKey: .totalPixels)
            func count(_ value: Int?) -> Int? { compared ? value ?? 0 : nil }
            try container.encode(count(result?.differentPixels), forKey: .differentPixels)
            try container.encode(count(result?.changedPixels), forKey: .changedPixels)
            try container.encode(count(result?.antialiasedPixels), forKey: .antialiasedPixels)
            try container.encode(count(result?.regions.count), forKey: .regions)
        }
    }

    /// A finding as `waterfall audit --json` writes it, with `new` saying whether it is recorded
    /// beside the baselines.
    private struct FindingEntry: Encodable {
        var finding: Finding
        var isNew: Bool

        enum Key: String, CodingKey { case new }

        func encode(to encoder: any Encoder) throws {
            try finding.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(isNew, forKey: .new)
        }
    }

    /// The layout's comparison: each change as a person reads it (`line`, in points to 0.1) and
    /// with its exact frames; all empty when the layout baseline is missing.
    private struct LayoutEntry: Encodable {
        var diff: LayoutDiff?

        enum Key: String, CodingKey { case missing, different, changes, summary, text }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(diff == nil, forKey: .missing)
            try container.encode(diff?.isDifferent ?? false, forKey: .different)
            try container.encode(diff?.changes.map(ChangeEntry.init) ?? [], forKey: .changes)
            // `null` for a missing layout baseline, not a missing key.
            try container.encode(diff?.counts(withLargestShift: false), forKey: .summary)
            try container.encode(diff?.summary, forKey: .text)
        }
    }

    /// A layout change with its line for a person beside its exact fields.
    private struct ChangeEntry: Encodable {
        var change: LayoutChange

        enum Key: String, CodingKey { case line }

        func encode(to encoder: any Encoder) throws {
            try change.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(change.description, forKey: .line)
        }
    }
}
