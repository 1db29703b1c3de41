import Foundation

/// A tag of a template's text (`{{name}}`, `{{#name}}`, `{{> name}}`, …), where it is, found
/// without the Mustache parser.
///
/// The parser and the renderer recurse once for each section and partial, so a template is read
/// with this flat scan first and refused (see ``SectionNesting``, ``PartialGraph``) before
/// either sees it.
struct TemplateTag: Equatable, Sendable {
    /// The character just after the opening delimiter (`#`, `^`, `/`, `>`, `!`, …); `nil` for a
    /// variable, whose name starts there.
    var kind: Unicode.Scalar?
    /// What follows the kind, up to the closing delimiter, trimmed.
    var body: String
    /// 1-based line of the opening delimiter.
    var line: Int
    /// UTF-8 offset of the opening delimiter.
    var start: Int
    /// UTF-8 offset just after the closing delimiter.
    var end: Int

    /// Whether the tag opens a block that a `{{/name}}` closes: a section, an inverted section,
    /// a block or a partial with blocks.
    var opensBlock: Bool { kind == "#" || kind == "^" || kind == "$" || kind == "<" }

    /// The name the renderer looks up for a value, section or variable tag: the last part of a
    /// dotted name, inside any transforms (`reversed(a.elements)` is `elements`); `nil` for
    /// other tags.
    var lookupName: String? {
        guard kind == nil || kind == "#" || kind == "^" || kind == "{" || kind == "&" else { return nil }
        var name = Substring(body)
        if kind == "{" { name = name.drop { $0 == "{" } }
        name = name.trimmingPrefix(while: \.isWhitespace)
        if let open = name.lastIndex(of: "(") { name = name[name.index(after: open)...] }
        if let close = name.firstIndex(of: ")") { name = name[..<close] }
        if kind == "{", let brace = name.firstIndex(of: "}") { name = name[..<brace] }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard trimmed != "." else { return "." }
        return trimmed.split(separator: ".").last.map(String.init) ?? trimmed
    }

    /// The tags of `text`, in order.
    ///
    /// Follows the parser's rules: a tag's kind is the character just after the opening
    /// delimiter, every tag runs to the first closing delimiter, and `{{=<% %>=}}` changes the
    /// delimiters for what follows.
    static func all(in text: String) -> [TemplateTag] {
        let scalars = Array(text.unicodeScalars)
        var open = Array("{{".unicodeScalars)
        var close = Array("}}".unicodeScalars)
        var tags: [TemplateTag] = []
        var line = 1
        var index = 0
        var offset = 0

        func matches(_ delimiter: [Unicode.Scalar], at position: Int) -> Bool {
            guard !delimiter.isEmpty, position + delimiter.count <= scalars.count else { return false }
            for place in delimiter.indices where scalars[position + place] != delimiter[place] { return false }
            return true
        }

        while index < scalars.count {
            guard matches(open, at: index) else {
                if scalars[index] == "\n" { line += 1 }
                offset += scalars[index].utf8.count
                index += 1
                continue
            }
            let start = index + open.count
            guard start < scalars.count else { break }
            var end = start + 1
            while end < scalars.count, !matches(close, at: end) { end += 1 }
            guard end < scalars.count else { break }
            let kindScalar = scalars[start]
            let isKind = "#^/>!<${&=%".unicodeScalars.contains(kindScalar)
            let body = String(String.UnicodeScalarView(scalars[(isKind ? start + 1 : start)..<end]))
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let tagLine = line
            let tagOffset = offset
            for scalar in scalars[index..<(end + close.count)] {
                if scalar == "\n" { line += 1 }
                offset += scalar.utf8.count
            }
            index = end + close.count
            let kind: Unicode.Scalar? = isKind ? kindScalar : nil
            tags.append(TemplateTag(kind: kind, body: body, line: tagLine, start: tagOffset, end: offset))
            if kind == "=" {
                // `{{=<% %>=}}`: the new opening and closing delimiters, then the closing `=`.
                let parts = body.dropLast(body.hasSuffix("=") ? 1 : 0).split(whereSeparator: \.isWhitespace)
                if parts.count == 2 {
                    open = Array(parts[0].unicodeScalars)
                    close = Array(parts[1].unicodeScalars)
                }
            }
        }
        return tags
    }
}
