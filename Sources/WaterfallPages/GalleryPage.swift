import Foundation
import WaterfallAudit
import WaterfallBatch
import WaterfallCore
import WaterfallMotion
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallSpec

/// The gallery page of `waterfall examples`: every rendered spec with a preview and links to its files.
public enum GalleryPage {
    /// The page of a run's outcomes, linking to the files beside it.
    ///
    /// - Parameters:
    ///   - outcomes: What became of each spec, in order.
    ///   - templates: The templates, with `gallery` among them.
    ///   - widths: The widths each spec was drawn at (`--widths`), shown side by side; empty when
    ///     each spec was drawn at its own width or the widths it declares.
    public static func render(_ outcomes: [RenderJob.Outcome], templates: TemplateSet, widths: [Double] = [])
        throws(TemplateError) -> String
    {
        let entries: [[String: Any]] = outcomes.map { outcome in
            let name = RenderPipeline.baseName(outcome.spec)
            // Without --widths, the widths a spec declares (`variants:`) are its matrix.
            let widths = widths.isEmpty ? outcome.declaredWidths : widths
            // `NAME.dark.png`, `NAME@375.dark.png`: what follows the name says the appearance.
            func isDark(_ file: String) -> Bool { file.dropFirst(name.count).contains(".dark.") }
            // `NAME.scroll.png`, `NAME.dark.load-more.png`: the clips the spec declares.
            let clips = outcome.files.filter(Self.isClip)
            let light = outcome.files.filter { !isDark($0) && !Self.isClip($0) }
            let dark = outcome.files.filter { isDark($0) && !Self.isClip($0) }
            func picture(_ files: [String]) -> String? {
                files.first { $0.hasSuffix(".png") } ?? files.first { $0.hasSuffix(".svg") }
            }
            func page(_ files: [String]) -> String? {
                files.first { $0.hasSuffix(".html") && !$0.hasSuffix(".grid-lanes.html") }
            }
            let preview = picture(light)
            let darkPreview = picture(dark)
            return [
                "name": name,
                "spec": outcome.spec,
                "description": description(of: outcome.spec),
                "failed": outcome.error != nil,
                "error": outcome.error ?? "",
                "preview": preview.map(link) ?? "",
                "hasPreview": preview != nil,
                "page": link(page(light) ?? name + ".html"),
                "darkPreview": darkPreview.map(link) ?? "",
                "hasDarkPreview": darkPreview != nil,
                "darkPage": link(page(dark) ?? name + ".dark.html"),
                "files": outcome.files.map { ["file": $0, "link": link($0)] },
                "hasWidths": !widths.isEmpty && outcome.error == nil,
                "widths": matrix(name, files: outcome.files.filter { !Self.isClip($0) }, widths: widths),
                "clips": clips.map { clip in
                    [
                        "clip": link(clip),
                        "label": String(clip.dropFirst(name.count).dropFirst().dropLast(".png".count)),
                    ]
                },
                "hasClips": !clips.isEmpty,
                "audit": audit(outcome, files: outcome.files),
                "hasSizes": widths.isEmpty && outcome.audits.count > 2,
                "sizes": outcome.audits.count > 2 ? sizes(outcome, name: name) : [],
            ]
        }
        return try templates.render("gallery", ["title": "Waterfall examples", "examples": entries])
    }

    /// The spec's accessibility findings, picture by picture, for a fold under its pictures;
    /// `false` when the job did not audit.
    static func audit(_ outcome: RenderJob.Outcome, files: [String]) -> Any {
        guard !outcome.audits.isEmpty else { return false }
        let total = outcome.audits.reduce(0) { $0 + $1.findings.count }
        let findings = outcome.audits.flatMap { audit in
            audit.findings.map { finding in
                [
                    "picture": audit.picture, "place": finding.place, "title": finding.kind.title,
                    "message": finding.message,
                ]
            }
        }
        let pictures = outcome.audits.count
        return [
            "summary": total == 0
                ? "Accessibility: no findings in \(pictures) picture\(pictures == 1 ? "" : "s")"
                : "Accessibility: \(total) finding\(total == 1 ? "" : "s") in \(pictures) picture\(pictures == 1 ? "" : "s")",
            "findings": findings, "hasFindings": total > 0,
        ]
    }

    /// Each picture of a spec drawn at several text sizes (or more variants than its appearances),
    /// with its findings beside it.
    static func sizes(_ outcome: RenderJob.Outcome, name: String) -> [[String: Any]] {
        outcome.audits.compactMap { audit in
            let picture =
                [audit.picture + ".png", audit.picture + "-1.png", audit.picture + ".svg"].first {
                    outcome.files.contains($0)
                }
            guard let picture else { return nil }
            let label = String(audit.picture.dropFirst(name.count).drop { $0 == "." })
            return [
                "preview": link(picture), "page": link(audit.picture + ".html"),
                "label": label.isEmpty ? "large" : label,
                "findings": audit.findings.map { ["place": $0.place, "title": $0.kind.title, "message": $0.message] },
                "clean": audit.findings.isEmpty,
            ]
        }
    }

    /// Whether `file` is a clip a spec declares: an animated PNG named after its animation.
    static func isClip(_ file: String) -> Bool {
        Animation.allCases.contains { file.hasSuffix(".\($0.rawValue).png") }
    }

    /// The device matrix of a spec drawn at `widths`: for each width its label, its light picture
    /// (the first screen, with `--viewport`) and its page, drawn at 40 % of its width in points so
    /// the widths compare.
    static func matrix(_ name: String, files: [String], widths: [Double]) -> [[String: Any]] {
        widths.compactMap { width in
            let stem = DeviceWidths.name(name, width: width)
            let own = files.filter { file in
                file.hasPrefix(stem) && [".", "-"].contains(file.dropFirst(stem.count).prefix(1))
                    && !file.hasPrefix(stem + ".dark")
            }
            guard let picture = own.first(where: { $0.hasSuffix(".png") }) ?? own.first(where: { $0.hasSuffix(".svg") })
            else { return nil }
            let page = own.first { $0.hasSuffix(".html") }
            return [
                "label": DeviceWidths.label(width), "preview": link(picture), "page": link(page ?? picture),
                "displayWidth": ShortestNumber.text((width * 0.4).rounded()),
            ]
        }
    }

    /// A link to a file beside the gallery: relative, percent-encoded, and starting with `./`
    /// so that no file name (`javascript:alert(1).svg`) can read as a URL scheme.
    static func link(_ file: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return "./" + (file.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
    }

    /// The first comment line of a spec, which the examples use as their caption.
    static func description(of spec: String) -> String {
        guard case .success(let bytes) = RegularFile.read(atPath: spec, limit: SpecLimits.maximumFileBytes),
            let text = String(validating: bytes, as: UTF8.self)
        else { return "" }
        let comments = text.split(separator: "\n").prefix { $0.hasPrefix("#") }
        return comments.map { $0.dropFirst().trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
