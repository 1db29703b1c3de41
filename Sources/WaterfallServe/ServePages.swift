import Foundation
import WaterfallCore
import WaterfallPages
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallSpec

/// The server's own pages, from the built-in `serve-*` templates.
enum ServePages {
    /// The widths of common phones and tablets, in points.
    static let presets: [(width: Int, label: String)] = DeviceWidths.presets.map {
        ($0.width, DeviceWidths.label(Double($0.width)))
    }

    static func render(_ name: String, _ context: [String: Any]) throws(TemplateError) -> String {
        try PageTemplates.bundled.render(name, context)
    }

    static func specURL(_ name: String) -> String { "/spec/" + escapePath(name) }

    static func escapePath(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(["-", "_", "."])) ?? name
    }

    /// An element id for a spec's name.
    static func anchor(_ name: String) -> String { "spec-" + escapePath(name).replacingOccurrences(of: "%", with: "_") }

    /// What a spec's page shows: the width (`nil` for the spec's own), the appearance and the
    /// content size (`nil` for `large`).
    struct View: Equatable {
        var width: Double?
        var appearance: Appearance = .light
        var contentSize: ContentSizeCategory?

        /// The query that asks for this view; empty for the spec's own width in light at `large`.
        var query: String {
            var parts: [String] = []
            if let width { parts.append("width=\(ShortestNumber.text(width))") }
            if appearance == .dark { parts.append("appearance=dark") }
            if let contentSize { parts.append("contentSize=\(contentSize.rawValue)") }
            return parts.isEmpty ? "" : "?" + parts.joined(separator: "&")
        }
    }

    /// The spec page's context.
    ///
    /// - Parameters:
    ///   - declaredWidths: The widths the spec is reviewed at (`variants.widths`): the width
    ///     switcher offers those instead of every device preset.
    ///   - declaredContentSizes: The content sizes the spec is reviewed at
    ///     (`variants.contentSize`): the content size switcher offers those (and `large`) instead
    ///     of every category.
    static func specContext(
        entry: SpecCatalog.Entry, view: View, specWidth: Double?, hasDark: Bool, source: String?, review: Bool,
        declaredWidths: [Double] = [], animations: [Animation] = [], declaredContentSizes: [ContentSizeCategory] = []
    ) -> [String: Any] {
        let shown = view.width ?? specWidth
        let page = specURL(entry.name)
        func link(_ label: String, _ other: View) -> [String: Any] {
            ["label": label, "url": page + other.query, "current": other == view]
        }
        let choices =
            declaredWidths.isEmpty
            ? presets.map { (Double($0.width), $0.label) } : declaredWidths.map { ($0, DeviceWidths.label($0)) }
        var presets = choices.map { width, label in
            var other = view
            other.width = width
            return link(label, other)
        }
        var own = view
        own.width = nil
        presets.insert(link("spec" + (specWidth.map { " · \(ShortestNumber.text($0))" } ?? ""), own), at: 0)
        // The light/dark switch, only for a spec that has a dark style.
        let appearances: [[String: Any]] =
            hasDark
            ? Appearance.allCases.map { appearance in
                var other = view
                other.appearance = appearance
                return link(appearance.rawValue, other)
            } : []
        // The Dynamic Type switch: the sizes the spec declares, else every one.
        let categories = ContentSizeCategory.allCases.filter {
            declaredContentSizes.isEmpty || $0 == .standard || declaredContentSizes.contains($0)
        }
        let contentSizes: [[String: Any]] = categories.map { category in
            var other = view
            other.contentSize = category == .standard ? nil : category
            return link(category.rawValue, other)
        }
        var context: [String: Any] = [
            "contentSizes": contentSizes,
            "title": entry.name, "name": entry.name, "path": entry.path, "presets": presets,
            "appearances": appearances, "hasAppearances": !appearances.isEmpty,
            "width": shown.map(ShortestNumber.text) ?? "",
            "renderURL": "/render/" + escapePath(entry.name) + view.query,
            "pngURL": "/png/" + escapePath(entry.name) + view.query,
            "review": review, "reviewURL": "/review#" + anchor(entry.name),
            // The clips the spec declares, played as animated PNGs and drawn again on every change.
            "clips": animations.map { animation -> [String: Any] in
                let query = view.query.isEmpty ? "?" : view.query + "&"
                return [
                    "animation": animation.rawValue,
                    "url": "/clip/" + escapePath(entry.name) + query + "animation=" + animation.rawValue,
                ]
            },
            "hasClips": !animations.isEmpty,
        ]
        if let source { context["source"] = source }
        return context
    }

    static func reviewContext(_ checks: [SpecCheck], baselines: String, token: String) -> [String: Any] {
        // Each spec's variants together, headed by the spec when it has several.
        let ranges = CheckResults(checks: checks).specRanges
        let headings = Set(ranges.filter { $0.count > 1 }.map(\.lowerBound))
        let entries: [[String: Any]] = checks.enumerated().map { position, check in
            let specName = RenderPipeline.baseName(check.spec)
            let route = "/review/" + escapePath(check.name)
            let boxes = CheckReport.boxes(of: check)
            let findingBoxes = CheckReport.findingBoxes(of: check)
            let tiles: [[String: Any]] = check.tiles.enumerated().map { index, tile in
                var entry: [String: Any] = [
                    "name": "\(check.name)\(tile.suffix).png", "actual": "\(route)/\(index)/actual.png",
                    "referenceBoxes": boxes.reference[index].map(\.context),
                    "actualBoxes": (boxes.actual[index] + findingBoxes[index]).map(\.context),
                ]
                if tile.reference != nil { entry["reference"] = "\(route)/\(index)/reference.png" }
                if tile.diffImage != nil { entry["diff"] = "\(route)/\(index)/diff.png" }
                if let result = tile.result { entry["pixels"] = result.text }
                return entry
            }
            let changes = check.layoutDiff.map { $0.changes.map { ["line": $0.description] } } ?? []
            let needsReview = check.status == .changed || check.status == .new
            return [
                "name": check.name, "spec": check.spec, "anchor": anchor(check.name), "variant": check.variant,
                "specHeading": headings.contains(position),
                "status": check.status.rawValue, "reason": check.reason,
                "tiles": check.status == .passed ? [] : tiles,
                "causes": CheckReport.causes(of: check) ?? false,
                "findings": CheckReport.findings(of: check) ?? false,
                "layoutChanges": changes, "hasLayoutChanges": !changes.isEmpty,
                "layoutSummary": check.layoutDiff?.summary ?? "", "approvable": needsReview,
                "approveURL": "/approve/" + escapePath(specName),
                "specURL": specURL(specName),
            ]
        }
        let failing = checks.filter { $0.status != .passed }.count
        return [
            "title": "Review: \(failing) of \(checks.count) need review", "checks": entries, "token": token,
            "baselines": baselines, "anyApprovable": checks.contains { $0.status == .changed || $0.status == .new },
        ]
    }
}
