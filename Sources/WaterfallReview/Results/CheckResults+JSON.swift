import Foundation
import WaterfallAudit
import WaterfallCore

extension CheckResults {
    /// The run as one JSON object, the same bytes for the same results: keys in a fixed order,
    /// specs in the order given, each spec's variants together (one entry a variant, `variant`
    /// the part of `name` after the spec's: `""`, `"@375.dark"`, `".screen-2"`), no times.
    ///
    /// ```json
    /// {"summary":{"total":1,"passed":0,"changed":1,"new":0,"recorded":0,"failed":0},
    ///  "specs":[{"spec":"a.yaml","name":"a","variant":"","status":"changed","reason":"…",
    ///            "causes":[{"input":"sections[0].columns: 2 → 3",
    ///                       "consequence":"12 cards moved into 3 columns; the feed got 240 pt shorter."}],
    ///            "tiles":[{"suffix":"","baseline":true,"differentPixels":12,"changedPixels":12,
    ///                      "antialiasedPixels":4,"totalPixels":5000,"regions":2}],
    ///            "svgChanged":true,"svgMissing":false,
    ///            "layout":{"missing":false,"different":true,
    ///                      "changes":[{"line":"section 0 item 4: (10, 50, 111.7, 60) → …","change":"moved",
    ///                                  "kind":"cell","section":0,"item":4,"old":{"x":10,"y":50,
    ///                                  "width":111.66666666666667,"height":60},"new":{…},"shift":12}],
    ///                      "summary":{"moved":2,"resized":1,"movedAndResized":0,"appeared":0,
    ///                                 "disappeared":0,"unchanged":9},"text":"2 moved, …"}}]}
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
        var out = "{\"summary\":{\"total\":\(checks.count)"
        for status in [SpecCheck.Status.passed, .changed, .new, .recorded, .failed] {
            out += ",\"\(status.rawValue)\":\(count(status))"
        }
        out += "},\n\"specs\":["
        out += checks.map(Self.json(for:)).joined(separator: ",\n")
        return out + "]}\n"
    }

    private static func json(for check: SpecCheck) -> String {
        var out = "{\"spec\":\(check.spec.jsonQuoted),\"name\":\(check.name.jsonQuoted)"
        out += ",\"variant\":\(check.variant.jsonQuoted)"
        out += ",\"status\":\"\(check.status.rawValue)\",\"reason\":\(check.reason.jsonQuoted)"
        out += ",\"causes\":[" + check.causes.map(json(for:)).joined(separator: ",") + "]"
        out += ",\"tiles\":[" + check.tiles.map(json(for:)).joined(separator: ",") + "]"
        out += ",\"svgChanged\":\(check.svgChanged),\"svgMissing\":\(check.svgMissing)"
        let new = Set(check.newFindings.map(\.key))
        out +=
            ",\"findings\":[" + check.findings.map { json(for: $0, isNew: new.contains($0.key)) }.joined(separator: ",")
        out += "],\"fixedFindings\":[" + check.fixedFindings.map { json(for: $0, isNew: false) }.joined(separator: ",")
        out += "]"
        out += ",\"layout\":"
        if check.layoutDiff == nil && !check.layoutMissing {
            out += "null"
        } else if let diff = check.layoutDiff {
            out += "{\"missing\":false,\"different\":\(diff.isDifferent)"
            // Each change as a person reads it (`line`, in points to 0.1) and with its exact frames.
            out +=
                ",\"changes\":["
                + diff.changes.map { "{\"line\":\($0.description.jsonQuoted)," + $0.json.dropFirst() }.joined(
                    separator: ",") + "]"
            out += ",\"summary\":{\"moved\":\(diff.count(.moved)),\"resized\":\(diff.count(.resized))"
            out += ",\"movedAndResized\":\(diff.count(.movedAndResized)),\"appeared\":\(diff.count(.appeared))"
            out += ",\"disappeared\":\(diff.count(.disappeared)),\"unchanged\":\(diff.unchanged)}"
            out += ",\"text\":\(diff.summary.jsonQuoted)}"
        } else {
            out += "{\"missing\":true,\"different\":false,\"changes\":[],\"summary\":null,\"text\":null}"
        }
        return out + "}"
    }

    /// A finding as sorted JSON, with `"new"` saying whether it is recorded beside the baselines.
    private static func json(for finding: Finding, isNew: Bool) -> String {
        let object = (try? JSONOutput.encode(finding)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return "{\"new\":\(isNew)," + object.dropFirst()
    }

    private static func json(for cause: Cause) -> String {
        "{\"input\":\(cause.input?.jsonQuoted ?? "null"),\"consequence\":\(cause.consequence?.jsonQuoted ?? "null")}"
    }

    private static func json(for tile: SpecCheck.Tile) -> String {
        var out = "{\"suffix\":\(tile.suffix.jsonQuoted),\"baseline\":\(tile.reference != nil)"
        if tile.reference == nil {
            out += ",\"differentPixels\":null,\"changedPixels\":null,\"antialiasedPixels\":null"
            out += ",\"totalPixels\":\(tile.pixelCount),\"regions\":null}"
        } else if let result = tile.result {
            out += ",\"differentPixels\":\(result.differentPixels),\"changedPixels\":\(result.changedPixels)"
            out += ",\"antialiasedPixels\":\(result.antialiasedPixels),\"totalPixels\":\(result.totalPixels)"
            out += ",\"regions\":\(result.regions.count)}"
        } else {
            out += ",\"differentPixels\":0,\"changedPixels\":0,\"antialiasedPixels\":0"
            out += ",\"totalPixels\":\(tile.pixelCount),\"regions\":0}"
        }
        return out
    }
}
