import WaterfallCairo
import WaterfallRender

/// The output formats the command line knows, by name.
///
/// A new format registers here.
enum Renderers {
    /// The formats written when none is asked for.
    static let names = ["svg", "html", "png", "pdf", "json"]

    /// The renderers for `formats`; HTML reads its templates from `templates`.
    static func named(_ formats: [String], templates: String?) throws(CLIError) -> [Renderer] {
        var renderers: [Renderer] = []
        for format in formats {
            switch format {
            case "svg": renderers.append(.svg)
            case "png": renderers.append(.png)
            case "pdf": renderers.append(.pdf)
            case "json": renderers.append(.layoutJSON)
            case "html-grid-lanes": renderers.append(.htmlGridLanes())
            case "html":
                do {
                    renderers.append(.html(templates: try TemplateSet.named(templates)))
                } catch {
                    throw CLIError.badArgument(error.description)
                }
            default:
                throw CLIError.badArgument(
                    "unknown format \"\(format)\"; the formats are \(names.joined(separator: ", "))")
            }
        }
        return renderers
    }
}
