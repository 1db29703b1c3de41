import Foundation
import WaterfallPipeline
import WaterfallRender
import WaterfallReview

/// The review page of `waterfall check --report`: every spec with its status, and for each
/// change the reference, the actual picture, their diff and the layout diff, with boxes around
/// the cards that moved, a sentence saying why, and the command that records the change.
enum CheckReport {
    static let order: [SpecCheck.Status] = [.failed, .changed, .new, .recorded, .passed]

    static func write(_ checks: [SpecCheck], to folder: String, baselines: String, templates: TemplateSet) throws {
        try AtomicFile.makeFolder(folder)
        let sorted = checks.enumerated().sorted {
            (order.firstIndex(of: $0.element.status)!, $0.offset) < (
                order.firstIndex(of: $1.element.status)!, $1.offset
            )
        }.map(\.element)
        var entries: [[String: Any]] = []
        for check in sorted {
            var tiles: [[String: Any]] = []
            if check.status != .passed {
                let boxes = boxes(of: check)
                // Every picture of a spec that needs review: a layout change shows in pixels too,
                // even where no pixel passed the threshold.
                for (index, tile) in check.tiles.enumerated() {
                    let stem = "\(check.name)\(tile.suffix)"
                    var entry: [String: Any] = [
                        "name": stem, "actual": "\(stem).actual.png", "id": anchor(stem),
                        "actualBoxes": boxes.actual[index].map(\.context),
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
                        let lines = result.text.split(separator: "\n").map(String.init)
                        let regions = lines.filter { $0.hasPrefix("changed region") || $0.hasPrefix("(more regions") }
                        entry["pixels"] = lines.filter { !regions.contains($0) }.joined(separator: "\n")
                        if !regions.isEmpty {
                            entry["regions"] = regions.joined(separator: "\n")
                            entry["regionCount"] = String(regions.filter { $0.hasPrefix("changed region") }.count)
                        }
                    }
                    tiles.append(entry)
                }
            }
            let changes = check.layoutDiff.map { diff in diff.changes.map { ["line": $0.description] } } ?? []
            entries.append([
                "name": check.name,
                "spec": check.spec,
                "status": check.status.rawValue,
                "passed": check.status == .passed,
                "reason": check.reason,
                "tiles": tiles,
                "layoutChanges": changes,
                "hasLayoutChanges": !changes.isEmpty,
                "layoutSummary": check.layoutDiff?.summary ?? "",
                "svgChanged": check.svgChanged,
                "cause": cause(of: check) ?? "",
                "recordCommand": [.changed, .new].contains(check.status)
                    ? recordCommand(spec: check.spec, baselines: baselines) : "",
            ])
        }
        let failing = checks.filter { $0.status != .passed }.count
        let context: [String: Any] = [
            "title": "Waterfall check: \(failing) of \(checks.count) need review",
            "checks": entries,
            "total": String(checks.count),
            "failing": String(failing),
        ]
        let page: String
        do {
            page = try templates.render("report", context)
        } catch {
            throw CLIError.badArgument(error.description)
        }
        try AtomicFile.write(Array(page.utf8), to: path(folder, "index.html"))
    }

    /// An element id for a picture's name.
    private static func anchor(_ name: String) -> String {
        "full-"
            + String(
                name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) && $0.isASCII ? Character($0) : "_" })
    }

    private static func path(_ folder: String, _ file: String) -> String {
        (folder as NSString).appendingPathComponent(file)
    }
}
