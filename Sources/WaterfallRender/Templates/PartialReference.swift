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
    ///
    /// Follows the parser's rules: a tag's kind is the character just after the opening
    /// delimiter, every tag runs to the first closing delimiter, and `{{=<% %>=}}` changes the
    /// delimiters for what follows.
    static func all(in text: String) -> [PartialReference] {
        let scalars = Array(text.unicodeScalars)
        var open = Array("{{".unicodeScalars)
        var close = Array("}}".unicodeScalars)
        var references: [PartialReference] = []
        var line = 1
        var index = 0

        func matches(_ delimiter: [Unicode.Scalar], at position: Int) -> Bool {
            guard !delimiter.isEmpty, position + delimiter.count <= scalars.count else { return false }
            for offset in delimiter.indices where scalars[position + offset] != delimiter[offset] { return false }
            return true
        }

        while index < scalars.count {
            guard matches(open, at: index) else {
                if scalars[index] == "\n" { line += 1 }
                index += 1
                continue
            }
            let start = index + open.count
            guard start < scalars.count else { break }
            var end = start + 1
            while end < scalars.count, !matches(close, at: end) { end += 1 }
            guard end < scalars.count else { break }
            let kind = scalars[start]
            let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let tagLine = line
            line += scalars[index..<end].count { $0 == "\n" }
            index = end + close.count
            switch kind {
            case ">", "<":
                let isDynamic = body.hasPrefix("*")
                let name = isDynamic ? String(body.dropFirst()).trimmingCharacters(in: .whitespaces) : body
                references.append(PartialReference(name: name, isDynamic: isDynamic, line: tagLine))
            case "=":
                // `{{=<% %>=}}`: the new opening and closing delimiters, then the closing `=`.
                let parts = body.dropLast(body.hasSuffix("=") ? 1 : 0).split(whereSeparator: \.isWhitespace)
                if parts.count == 2 {
                    open = Array(parts[0].unicodeScalars)
                    close = Array(parts[1].unicodeScalars)
                }
            default:
                break
            }
        }
        return references
    }
}
