import Foundation
import WaterfallPipeline
import WaterfallRender

/// The review page of `waterfall check --report`: every spec with its status, and for each
/// change the reference, the actual picture, their diff and the layout diff.
enum CheckReport {
    static let order: [SpecCheck.Status] = [.failed, .changed, .new, .recorded, .passed]

    static func write(_ checks: [SpecCheck], to folder: String, templates: TemplateSet) throws {
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
                // Every picture of a spec that needs review: a layout change shows in pixels too,
                // even where no pixel passed the threshold.
                for tile in check.tiles {
                    let stem = "\(check.name)\(tile.suffix)"
                    var entry: [String: Any] = ["name": stem, "actual": "\(stem).actual.png"]
                    try AtomicFile.write(tile.actual, to: path(folder, "\(stem).actual.png"))
                    if let reference = tile.reference {
                        try AtomicFile.write(reference, to: path(folder, "\(stem).reference.png"))
                        entry["reference"] = "\(stem).reference.png"
                    }
                    if let diff = tile.diffImage {
                        try AtomicFile.write(diff, to: path(folder, "\(stem).diff.png"))
                        entry["diff"] = "\(stem).diff.png"
                    }
                    if let result = tile.result { entry["pixels"] = result.text }
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

    private static func path(_ folder: String, _ file: String) -> String {
        (folder as NSString).appendingPathComponent(file)
    }
}
