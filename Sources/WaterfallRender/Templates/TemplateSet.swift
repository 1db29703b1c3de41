import Foundation
import Mustache
import WaterfallCore

/// The Mustache templates pages are made from: read from a folder (the repository's
/// `Templates/`, or the user's own through `--templates`), or given as text (templates compiled
/// into the binary).
///
/// Every template is read for its sections and partials (see `TemplateOutline`, `PartialGraph`,
/// `TemplateCosts`) and parsed before a set is made: rendering one never recurses without end
/// and never fails on its templates' syntax. A render stops, and fails, when it would write
/// more than its content allows (see `RenderBudget`).
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
    private let costs: TemplateCosts

    /// The folder the templates were read from (the ``origin``).
    public var directory: String { origin }

    /// Reads and parses every `*.mustache` file of `directory`.
    ///
    /// - Throws: ``TemplateError`` when the folder is missing, a required template is absent, a
    ///   template has a syntax error (with its line and column), its sections nest too deep, or
    ///   its partials include themselves, nest too deep or expand too far (with the line).
    ///
    /// A style sheet partial (`style-*`) the folder does not hold is the built-in one, so a
    /// folder of the templates written before the style sheets became partials keeps its look.
    ///
    /// - Parameters:
    ///   - directory: The folder.
    ///   - required: The templates it must hold.
    ///   - builtInStyles: More built-in `style-*` partials to fall back on, by name, besides the
    ///     renderer's own (the pages' style sheets).
    public init(
        directory: String, required: [String] = TemplateSet.required, builtInStyles: [String: String] = [:]
    ) throws(TemplateError) {
        var texts = try Self.readTexts(in: directory)
        for (name, text) in BundledTemplates.texts.merging(builtInStyles, uniquingKeysWith: { $1 })
        where name.hasPrefix("style-") && texts[name] == nil {
            texts[name] = text
        }
        try self.init(templates: texts, origin: directory, required: required)
    }

    /// Parses `templates`, the text of each template by name (`"page"`, not `"page.mustache"`).
    ///
    /// - Parameters:
    ///   - templates: the text of each template, by name.
    ///   - origin: where they come from, for messages: `origin/NAME.mustache:LINE:COLUMN`.
    ///   - required: the templates the set must have.
    /// - Throws: ``TemplateError`` as ``init(directory:required:builtInStyles:)`` does.
    public init(
        templates: [String: String], origin: String, required: [String] = TemplateSet.required
    ) throws(TemplateError) {
        func file(_ name: String) -> String { Path.join(origin, "\(name).mustache") }
        var library = MustacheLibrary()
        var outlines: [String: TemplateOutline] = [:]
        for name in templates.keys.sorted() {
            let text = templates[name]!
            // Before the parser, which recurses once for each section.
            outlines[name] = try TemplateOutline(text: text, file: file(name))
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw TemplateError(
                    place: "\(file(name)):\(error.context.lineNumber):\(error.context.columnNumber)",
                    message: "template syntax error (\(error.error))")
            } catch {
                throw TemplateError(place: file(name), message: "template syntax error (\(error))")
            }
        }
        try PartialGraph.check(outlines.mapValues(\.references), file: file)
        let costs = try TemplateCosts(outlines, file: file)
        for name in required where library.getTemplate(named: name) == nil {
            throw TemplateError(place: origin, message: "missing template \(name).mustache")
        }
        self.origin = origin
        self.texts = templates
        self.library = library
        self.costs = costs
    }

    /// Whether the folder has the template `name`.
    public func has(_ name: String) -> Bool {
        library.getTemplate(named: name) != nil
    }

    /// Renders `name` with the partial `partial` replaced by the literal `text`, charging `budget`.
    func render(
        _ name: String, _ context: [String: Any], replacingPartial partial: String, with text: String,
        budget: RenderBudget
    ) throws(TemplateError) -> String {
        var copy = library
        do {
            copy.register(try MustacheTemplate(string: text), named: partial)
        } catch {
            throw TemplateError(place: origin, message: "cannot stand in for the \(partial) template")
        }
        return try render(name, context, budget: budget, library: copy)
    }

    /// Renders the template `name` with `context` (HTML-escaping `{{values}}`): a dictionary, or a
    /// value that gives its own children (`MustacheParent`).
    ///
    /// - Throws: ``TemplateError`` when the set has no template `name`, or when the page would
    ///   be larger than its content allows (see `RenderBudget`): at the line of the section
    ///   that repeated too often, and without writing it.
    public func render(_ name: String, _ context: Any) throws(TemplateError) -> String {
        try render(name, context, budget: RenderBudget())
    }

    /// Renders the template `name` with `context`, charging `budget`, which may serve several
    /// renders of one page.
    func render(_ name: String, _ context: Any, budget: RenderBudget, library: MustacheLibrary? = nil)
        throws(TemplateError) -> String
    {
        let library = library ?? self.library
        func file(_ name: String) -> String { Path.join(origin, "\(name).mustache") }
        guard library.getTemplate(named: name) != nil else {
            throw TemplateError(place: origin, message: "missing template \(name).mustache")
        }
        budget.costs = costs
        budget.allow(context, names: costs.names[name] ?? [])
        let text = costs.expanded[name] ?? 0
        budget.allow(template: name, bytes: text)
        var output = ""
        if budget.charge(text) {
            output = library.render(ContextValue.wrap(context, name: "", budget: budget), withTemplate: name) ?? ""
        }
        if budget.isExhausted {
            let site = budget.lastList.flatMap { costs.sites[$0] }
            throw TemplateError(
                place: site.map { "\($0.template):\($0.line)" } ?? file(name),
                message: (budget.lastList.map { "section \"\($0)\" repeats too often: " } ?? "")
                    + "the page would pass its limit of \(budget.limit)")
        }
        guard budget.write(output.utf8.count) else {
            throw TemplateError(place: file(name), message: "the page is larger than its limit of \(budget.limit)")
        }
        return output
    }
}
