import Foundation
import WaterfallCore
import WaterfallMotion
import WaterfallRender
import WaterfallSpec

/// The formats a `--format` value names, each once, in the order first given.
public struct OutputFormats: Sendable, Equatable {
    /// The formats written when none is asked for.
    public static let stillDefaults: [RenderFormat] = [.svg, .html, .png, .pdf, .json]

    /// Every still format's name, for help and messages.
    public static var stillNames: String { RenderFormat.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The names, as given.
    public let names: [String]

    /// - Parameters:
    ///   - given: The names, comma-separated, as written (`svg, png`); `nil` for the defaults.
    ///   - clip: Whether a clip is asked for, whose default format is APNG.
    public init(_ given: String?, clip: Bool) {
        let text = given ?? (clip ? ["apng"] : Self.stillDefaults.map(\.rawValue)).joined(separator: ",")
        var seen = Set<String>()
        names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The renderer of each format; HTML pages are drawn with the templates of `templates`.
    ///
    /// - Parameters:
    ///   - templates: A folder of Mustache templates, read only when HTML is asked for; the
    ///     built-in templates when `nil`.
    ///   - required: The templates the folder must hold (a command whose `--templates` folder
    ///     serves other pages too names theirs).
    public func renderers(templates: String?, required: [String] = TemplateSet.required) throws(OutputFormatError)
        -> [Renderer]
    {
        try names.map { name throws(OutputFormatError) in
            guard let format = RenderFormat(rawValue: name) else { throw .unknown(name) }
            do throws(TemplateError) {
                return try Renderer.named(format, templates: templates, required: required)
            } catch {
                throw .templates(error)
            }
        }
    }

    /// The clip format of each name, for a clip.
    public func clipFormats() throws(OutputFormatError) -> [ClipFormat] {
        try names.map { name throws(OutputFormatError) in
            guard let format = ClipFormat(rawValue: name) else { throw .notAClipFormat(name) }
            return format
        }
    }
}

/// A format name that names no format, or templates that cannot be read.
public enum OutputFormatError: UserFacingError {
    case unknown(String)
    case notAClipFormat(String)
    case templates(TemplateError)

    public var description: String {
        switch self {
        case .unknown(let name):
            "unknown format \"\(name)\"; "
                + (Self.suggestion(for: name, in: RenderFormat.allCases.map(\.rawValue)).map { "did you mean \($0)? " }
                    ?? "") + "the formats are \(OutputFormats.stillNames)"
        case .notAClipFormat(let name):
            "--animate writes \(ClipFormat.allCases.map(\.rawValue).joined(separator: ", ")), not \(name)"
                + (Self.suggestion(for: name, in: ClipFormat.allCases.map(\.rawValue)).map { "; did you mean \($0)?" }
                    ?? "")
        case .templates(let error): "\(error)"
        }
    }

    /// The format `name` was most likely meant to be (`png` for `pgn`), the closest by edit
    /// distance as for misspelt keys and commands.
    private static func suggestion(for name: String, in formats: [String]) -> String? {
        KeySuggestion.closest(to: name, in: formats)
    }
}

extension Renderer {
    /// The renderer of `format`, as `render --format` names it; HTML pages are drawn with the
    /// templates of the folder `templates` (which must hold `required`), or the built-in ones.
    public static func named(_ format: RenderFormat, templates: String?, required: [String] = TemplateSet.required)
        throws(TemplateError) -> Renderer
    {
        switch format {
        case .svg: .svg
        case .png: .png
        case .pdf: .pdf
        case .json: .layoutJSON
        case .htmlGridLanes: .htmlGridLanes()
        case .html: .html(templates: try TemplateSet.named(templates, required: required))
        }
    }
}
