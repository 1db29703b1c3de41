import Foundation
import Mustache
import WaterfallCore

/// The Mustache templates pages are made from: read from a folder (the repository's
/// `Templates/`, or the user's own through `--templates`), or given as text (templates compiled
/// into the binary).
///
/// Every template is parsed, and the partials they include checked (see `PartialGraph`), before
/// a set is made: rendering one never fails on its templates and never recurses without end.
public struct TemplateSet: Sendable {
    /// Templates every set must have unless told otherwise: the page of one spec.
    public static let required = ["page"]
    /// The largest template file read: far more than any page's template.
    static let maximumTemplateBytes = 16 << 20

    /// Where the templates came from: their folder, or a name for templates given as text.
    ///
    /// Files in messages are `origin/NAME.mustache`.
    public let origin: String
    /// Each template's text, by name.
    public let texts: [String: String]
    private let library: MustacheLibrary

    /// The folder the templates were read from (the ``origin``).
    public var directory: String { origin }

    /// Reads and parses every `*.mustache` file of `directory`.
    ///
    /// - Throws: ``TemplateError`` when the folder is missing, a required template is absent, a
    ///   template has a syntax error (with its line and column), or its partials include
    ///   themselves or nest too deep (with the line).
    public init(directory: String, required: [String] = TemplateSet.required) throws(TemplateError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateError(place: directory, message: "template folder not found")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".mustache") }
                .sorted()
        } catch {
            throw TemplateError(place: directory, message: "cannot list the template folder")
        }
        var templates: [String: String] = [:]
        for file in names {
            let path = (directory as NSString).appendingPathComponent(file)
            let text: String
            switch RegularFile.read(atPath: path, limit: Self.maximumTemplateBytes) {
            case .success(let bytes):
                guard let decoded = String(validating: bytes, as: UTF8.self) else {
                    throw TemplateError(place: path, message: "cannot be read as UTF-8 text")
                }
                text = decoded
            case .failure(.tooLarge):
                throw TemplateError(place: path, message: "is larger than \(Self.maximumTemplateBytes >> 20) MiB")
            case .failure(let failure):
                throw TemplateError(place: path, message: failure.reason)
            }
            templates[String(file.dropLast(".mustache".count))] = text
        }
        try self.init(templates: templates, origin: directory, required: required)
    }

    /// Parses `templates`, the text of each template by name (`"page"`, not `"page.mustache"`).
    ///
    /// - Parameters:
    ///   - templates: the text of each template, by name.
    ///   - origin: where they come from, for messages: `origin/NAME.mustache:LINE:COLUMN`.
    ///   - required: the templates the set must have.
    /// - Throws: ``TemplateError`` as ``init(directory:required:)`` does.
    public init(
        templates: [String: String], origin: String, required: [String] = TemplateSet.required
    ) throws(TemplateError) {
        func file(_ name: String) -> String { (origin as NSString).appendingPathComponent("\(name).mustache") }
        var library = MustacheLibrary()
        var references: [String: [PartialReference]] = [:]
        for name in templates.keys.sorted() {
            let text = templates[name]!
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(
                    place: "\(file(name)):\(error.context.lineNumber):\(error.context.columnNumber)",
                    message: "template syntax error (\(error.error))")
            } catch {
                throw TemplateError(place: file(name), message: "template syntax error (\(error))")
            }
            references[name] = PartialReference.all(in: text)
        }
        try PartialGraph.check(references, file: file)
        for name in required where library.getTemplate(named: name) == nil {
            throw TemplateError(place: origin, message: "missing template \(name).mustache")
        }
        self.origin = origin
        self.texts = templates
        self.library = library
    }

    /// Whether the folder has the template `name`.
    public func has(_ name: String) -> Bool {
        library.getTemplate(named: name) != nil
    }

    /// Renders `name` with the partial `partial` replaced by the literal `text`.
    func render(_ name: String, _ context: [String: Any], replacingPartial partial: String, with text: String)
        throws(TemplateError) -> String
    {
        var copy = library
        do {
            copy.register(try MustacheTemplate(string: text), named: partial)
        } catch {
            throw TemplateError(place: origin, message: "cannot stand in for the \(partial) template")
        }
        guard let output = copy.render(context, withTemplate: name) else {
            throw TemplateError(place: origin, message: "missing template \(name).mustache")
        }
        return output
    }

    /// Renders the template `name` with `context` (HTML-escaping `{{values}}`): a dictionary, or a
    /// value that gives its own children (`MustacheParent`).
    public func render(_ name: String, _ context: Any) throws(TemplateError) -> String {
        guard let text = library.render(context, withTemplate: name) else {
            throw TemplateError(place: origin, message: "missing template \(name).mustache")
        }
        return text
    }
}
