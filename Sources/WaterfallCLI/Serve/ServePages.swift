import Foundation
import WaterfallCore
import WaterfallRender

/// The server's own pages, from the built-in `serve-*` templates.
enum ServePages {
    /// The widths of common phones and tablets, in points.
    static let presets: [(width: Int, label: String)] = DeviceWidths.presets.map {
        ($0.width, DeviceWidths.label(Double($0.width)))
    }

    static func render(_ name: String, _ context: [String: Any]) throws -> String {
        do {
            return try TemplateSet.bundled.render(name, context)
        } catch {
            throw CLIError.badArgument(error.description)
        }
    }

    static func specURL(_ name: String) -> String { "/spec/" + escapePath(name) }

    static func escapePath(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", "_", "."])) ?? name
    }

    /// An element id for a spec's name.
    static func anchor(_ name: String) -> String { "spec-" + escapePath(name).replacingOccurrences(of: "%", with: "_") }

    static func specContext(
        entry: SpecCatalog.Entry, width: Double?, specWidth: Double?, source: String?, review: Bool
    ) -> [String: Any] {
        let shown = width ?? specWidth
        let query = width.map { "?width=\(ShortestNumber.text($0))" } ?? ""
        var presets: [[String: Any]] = presets.map { preset in
            [
                "label": preset.label, "url": specURL(entry.name) + "?width=\(preset.width)",
                "current": width == Double(preset.width),
            ]
        }
        presets.insert(
            [
                "label": "spec" + (specWidth.map { " · \(ShortestNumber.text($0))" } ?? ""),
                "url": specURL(entry.name), "current": width == nil,
            ], at: 0)
        var context: [String: Any] = [
            "title": entry.name, "name": entry.name, "path": entry.path, "presets": presets,
            "width": shown.map(ShortestNumber.text) ?? "",
            "renderURL": "/render/" + escapePath(entry.name) + query,
            "pngURL": "/png/" + escapePath(entry.name) + query,
            "review": review, "reviewURL": "/review#" + anchor(entry.name),
        ]
        if let source { context["source"] = source }
        return context
    }

    static func reviewContext(_ checks: [SpecCheck], baselines: String, token: String) -> [String: Any] {
        let entries: [[String: Any]] = checks.map { check in
            let base = "/review/" + escapePath(check.name)
            let boxes = CheckReport.boxes(of: check)
            let tiles: [[String: Any]] = check.tiles.enumerated().map { index, tile in
                var entry: [String: Any] = [
                    "name": "\(check.name)\(tile.suffix).png", "actual": "\(base)/\(index)/actual.png",
                    "referenceBoxes": boxes.reference[index].map(\.context),
                    "actualBoxes": boxes.actual[index].map(\.context),
                ]
                if tile.reference != nil { entry["reference"] = "\(base)/\(index)/reference.png" }
                if tile.diffImage != nil { entry["diff"] = "\(base)/\(index)/diff.png" }
                if let result = tile.result { entry["pixels"] = result.text }
                return entry
            }
            let changes = check.layoutDiff.map { $0.changes.map { ["line": $0.description] } } ?? []
            let needsReview = check.status == .changed || check.status == .new
            return [
                "name": check.name, "spec": check.spec, "anchor": anchor(check.name),
                "status": check.status.rawValue, "reason": check.reason,
                "tiles": check.status == .passed ? [] : tiles,
                "cause": CheckReport.cause(of: check) ?? "",
                "layoutChanges": changes, "hasLayoutChanges": !changes.isEmpty,
                "layoutSummary": check.layoutDiff?.summary ?? "", "approvable": needsReview,
                "approveURL": "/approve/" + escapePath(check.name),
                "specURL": specURL(check.name),
            ]
        }
        let failing = checks.filter { $0.status != .passed }.count
        return [
            "title": "Review: \(failing) of \(checks.count) need review", "checks": entries, "token": token,
            "baselines": baselines, "anyApprovable": checks.contains { $0.status == .changed || $0.status == .new },
        ]
    }
}
