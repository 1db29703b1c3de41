import Foundation
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallReview

/// The review page of `waterfall check --report`: every spec with its status, and for each
/// change the reference, the actual picture, their diff and the layout diff, with boxes around
/// the cards that moved, a sentence saying why, and the command that records the change.
public enum CheckReport {
    static let order: [SpecCheck.Status] = [.failed, .changed, .new, .recorded, .passed]

    /// Writes the page and its pictures into `folder`.
    ///
    /// - Parameters:
    ///   - checks: The results, in the order they were checked.
    ///   - folder: The report's folder, made when it is not there.
    ///   - baselines: The baselines' folder, for the record commands the page shows.
    ///   - templates: The templates, with `report` among them.
    public static func write(_ checks: [SpecCheck], to folder: String, baselines: String, templates: TemplateSet)
        throws
    {
        try AtomicFile.makeFolder(folder)
        let groups = grouped(checks)
        var entries: [[String: Any]] = []
        for group in groups {
            for (position, check) in group.enumerated() {
                entries.append(
                    try entry(check, folder: folder, baselines: baselines, heading: position == 0 && group.count > 1))
            }
        }
        let failing = checks.filter { $0.status != .passed }.count
        let context: [String: Any] = [
            "title": "Waterfall check: \(failing) of \(checks.count) need review",
            "checks": entries,
            "total": String(checks.count),
            "failing": String(failing),
        ]
        let page = try templates.render("report", context)
        try AtomicFile.write(Array(page.utf8), to: path(folder, "index.html"))
    }

    /// The files ``write(_:to:baselines:templates:)`` writes into its folder for `checks`.
    public static func files(of checks: [SpecCheck]) -> [String] {
        var files = ["index.html"]
        for check in checks where check.status != .passed {
            for tile in check.tiles {
                let stem = "\(check.name)\(tile.suffix)"
                files.append("\(stem).actual.png")
                if tile.reference != nil { files.append("\(stem).reference.png") }
                if tile.diffImage != nil { files.append("\(stem).diff.png") }
            }
        }
        return files
    }

    /// Each spec's checks together, in the order of its variants; the specs by their worst
    /// status (see ``order``), then in the order given.
    static func grouped(_ checks: [SpecCheck]) -> [[SpecCheck]] {
        let ranges = CheckResults(checks: checks).specRanges
        func rank(_ range: Range<Int>) -> Int { checks[range].map { order.firstIndex(of: $0.status)! }.min()! }
        return ranges.sorted { (rank($0), $0.lowerBound) < (rank($1), $1.lowerBound) }.map { Array(checks[$0]) }
    }

    /// One check's entry on the page, its pictures written into `folder`; `heading` for the first
    /// of a spec with several variants, which names the spec above them.
    private static func entry(
        _ check: SpecCheck, folder: String, baselines: String, heading: Bool
    ) throws -> [String: Any] {
        var tiles: [[String: Any]] = []
        if check.status != .passed {
            let boxes = boxes(of: check)
            let findingBoxes = findingBoxes(of: check)
            // Every picture of a spec that needs review: a layout change shows in pixels too,
            // even where no pixel passed the threshold.
            for (index, tile) in check.tiles.enumerated() {
                let stem = "\(check.name)\(tile.suffix)"
                var entry: [String: Any] = [
                    "name": stem, "actual": "\(stem).actual.png", "id": anchor(stem),
                    "actualBoxes": (boxes.actual[index] + findingBoxes[index]).map(\.context),
                    "referenceBoxes": boxes.reference[index].map(\.context),
                ]
                try AtomicFile.write(try tile.actualPNG(), to: path(folder, "\(stem).actual.png"))
                if let reference = tile.reference {
                    try AtomicFile.write(reference, to: path(folder, "\(stem).reference.png"))
                    entry["reference"] = "\(stem).reference.png"
                }
                if let diff = tile.diffImage {
                    try AtomicFile.write(diff, to: path(folder, "\(stem).diff.png"))
                    entry["diff"] = "\(stem).diff.png"
                }
                if let result = tile.result {
                    entry["pixels"] = result.verdictLines.joined(separator: "\n")
                    if !result.regions.isEmpty {
                        entry["regions"] = result.regionLines.joined(separator: "\n")
                        entry["regionCount"] = String(result.regions.count)
                    }
                }
                tiles.append(entry)
            }
        }
        let changes = check.layoutDiff.map { diff in diff.changes.map { ["line": $0.description] } } ?? []
        return [
            "name": check.name,
            "spec": check.spec,
            "variant": check.variant,
            "specHeading": heading,
            "status": check.status.rawValue,
            "passed": check.status == .passed,
            "reason": check.reason,
            "tiles": tiles,
            "layoutChanges": changes,
            "hasLayoutChanges": !changes.isEmpty,
            "layoutSummary": check.layoutDiff?.summary ?? "",
            "svgChanged": check.svgChanged,
            "causes": causes(of: check) ?? false,
            "findings": findings(of: check) ?? false,
            "recordCommand": [.changed, .new].contains(check.status)
                ? recordCommand(spec: check.spec, baselines: baselines) : "",
        ]
    }

    /// An element id for a picture's name.
    private static func anchor(_ name: String) -> String {
        "full-"
            + String(
                name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" })
    }

    private static func path(_ folder: String, _ file: String) -> String {
        Path.join(folder, file)
    }
}
