import Foundation
import Mustache

/// The Mustache templates pages are made from, read from a folder (the repository's
/// `Templates/`, or the user's own through `--templates`).
public struct TemplateSet: Sendable {
    /// Templates every folder must have: the page of one spec, and the gallery of many.
    public static let required = ["page", "gallery"]

    public let directory: String
    private let library: MustacheLibrary

    /// Reads and parses every `*.mustache` file of `directory`.
    ///
    /// - Throws: ``TemplateError`` when the folder is missing, a required template is absent, or
    ///   a template has a syntax error (with its line and column).
    public init(directory: String) throws(TemplateError) {
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
        var library = MustacheLibrary()
        for file in names {
            let path = (directory as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
            else {
                throw TemplateError(place: path, message: "cannot be read as UTF-8 text")
            }
            do {
                library.register(try MustacheTemplate(string: text), named: String(file.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(
                    place: "\(path):\(error.context.lineNumber):\(error.context.columnNumber)",
                    message: "template syntax error (\(error.error))")
            } catch {
                throw TemplateError(place: path, message: "template syntax error (\(error))")
            }
        }
        for name in Self.required where library.getTemplate(named: name) == nil {
            throw TemplateError(place: directory, message: "missing template \(name).mustache")
        }
        self.directory = directory
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
            throw TemplateError(place: directory, message: "cannot stand in for the \(partial) template")
        }
        guard let output = copy.render(context, withTemplate: name) else {
            throw TemplateError(place: directory, message: "missing template \(name).mustache")
        }
        return output
    }

    /// Renders the template `name` with `context` (HTML-escaping `{{values}}`): a dictionary, or a
    /// value that gives its own children (`MustacheParent`).
    public func render(_ name: String, _ context: Any) throws(TemplateError) -> String {
        guard let text = library.render(context, withTemplate: name) else {
            throw TemplateError(place: directory, message: "missing template \(name).mustache")
        }
        return text
    }
}
