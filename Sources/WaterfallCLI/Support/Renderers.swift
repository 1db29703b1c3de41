import WaterfallRender
import WaterfallServe

/// The renderer of each output format `--format` names.
enum Renderers {
    /// The formats written when none is asked for.
    static let defaults: [RenderFormat] = [.svg, .html, .png, .pdf, .json]

    /// Every format's name, for help and messages.
    static var names: String { RenderFormat.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The renderers for the formats named `formats`; HTML reads its templates from `templates`.
    static func named(_ formats: [String], templates: String?) throws -> [Renderer] {
        try formats.map { name in
            guard let format = RenderFormat(rawValue: name) else {
                throw CLIError.badArgument("unknown format \"\(name)\"; the formats are \(names)")
            }
            do {
                return try Renderer.named(format, templates: templates)
            } catch {
                throw CLIError.badArgument("\(error)")
            }
        }
    }
}
