import Foundation

/// A `{{> name}}` (or `{{< name}}`) tag in a template's text, and the line it is on.
///
/// swift-mustache renders partials by recursion with no depth limit, so a template that
/// includes itself, or a chain of them thousands deep, would overflow the stack. The references
/// are found in the text first, and such sets of templates refused (see ``PartialGraph``).
struct PartialReference: Equatable, Sendable {
    /// The partial's name; for a dynamic partial (`{{>*value}}`) the context key that names it.
    var name: String
    /// Whether the name is taken from the data when rendering (`{{>*value}}`).
    var isDynamic: Bool
    /// 1-based.
    var line: Int

    /// The partial tags of `text`, a template the Mustache parser has accepted, in order.
    static func all(in text: String) -> [PartialReference] {
        all(in: TemplateTag.all(in: text))
    }

    /// The partial tags among `tags`, in order.
    static func all(in tags: [TemplateTag]) -> [PartialReference] {
        tags.compactMap { tag in
            guard tag.kind == ">" || tag.kind == "<" else { return nil }
            let isDynamic = tag.body.hasPrefix("*")
            let name = isDynamic ? String(tag.body.dropFirst()).trimmingCharacters(in: .whitespaces) : tag.body
            return PartialReference(name: name, isDynamic: isDynamic, line: tag.line)
        }
    }
}
