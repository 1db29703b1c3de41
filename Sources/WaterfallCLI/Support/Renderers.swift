import WaterfallCairo
import WaterfallRender
import WaterfallServe

/// The renderer of each output format `--format` names.
enum Renderers {
    /// The formats written when none is asked for.
    static let defaults: [RenderFormat] = [.svg, .html, .png, .pdf, .json]

    /// Every format's name, for help and messages.
    static var names: String { RenderFormat.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The renderers for the formats named `formats`; HTML reads its templates from `templates`.
    static func named(_ formats: [String], templates: String?) throws(CLIError) -> [Renderer] {
        var renderers: [Renderer] = []
        for name in formats {
            guard let format = RenderFormat(rawValue: name) else {
                throw CLIError.badArgument("unknown format \"\(name)\"; the formats are \(names)")
            }
            renderers.append(try renderer(for: format, templates: templates))
        }
        return renderers
    }

    /// The renderer of `format`.
    static func renderer(for format: RenderFormat, templates: String?) throws(CLIError) -> Renderer {
        switch format {
        case .svg: return .svg
        case .png: return .png
        case .pdf: return .pdf
        case .json: return .layoutJSON
        case .htmlGridLanes: return .htmlGridLanes()
        case .html:
            do {
                return .html(templates: try PageTemplates.named(templates))
            } catch {
                throw CLIError.badArgument(error.description)
            }
        }
    }
}
