/// What a template's tags say about the work of rendering it, read before it is parsed: how
/// deep its sections nest, which partials it includes, which names it looks up and how much
/// text each section repeats.
///
/// swift-mustache parses and renders a section by recursion, so a template with sections nested
/// thousands deep would overflow the stack in the parser; such a template is refused here first.
struct TemplateOutline: Sendable {
    /// The deepest sections may nest in one template; the built-in templates nest at most 5.
    static let maximumDepth = 32

    /// A section (or inverted section, block, partial with blocks) and the text it repeats.
    struct Section: Sendable {
        /// The name it looks up (see ``TemplateTag/lookupName``).
        var name: String
        /// The opening tag's line.
        var line: Int
        /// 1 for a section outside any other.
        var depth: Int
        /// UTF-8 offsets of its text, between its opening and closing tags.
        var body: Range<Int>
    }

    /// The template's length in UTF-8 bytes.
    let bytes: Int
    let tags: [TemplateTag]
    let sections: [Section]
    /// The partial tags: `{{> name}}` and `{{< name}}`.
    let references: [PartialReference]
    /// Every name a tag looks up.
    let names: Set<String>

    /// Reads the tags of `text`.
    ///
    /// - Parameter file: the template's file, for messages.
    /// - Throws: ``TemplateError`` at the line of the first section nested deeper than
    ///   ``maximumDepth``.
    init(text: String, file: String) throws(TemplateError) {
        let tags = TemplateTag.all(in: text)
        var open: [(tag: TemplateTag, name: String)] = []
        var sections: [Section] = []
        var deepest = 0
        var firstTooDeep: TemplateTag?
        for tag in tags {
            if tag.opensBlock {
                open.append((tag, tag.lookupName ?? tag.body))
                deepest = max(deepest, open.count)
                if open.count > Self.maximumDepth, firstTooDeep == nil { firstTooDeep = tag }
            } else if tag.kind == "/", let (opening, name) = open.popLast() {
                sections.append(
                    Section(name: name, line: opening.line, depth: open.count + 1, body: opening.end..<tag.start))
            }
        }
        if let firstTooDeep {
            throw TemplateError(
                place: "\(file):\(firstTooDeep.line)",
                message: "sections nest \(deepest) deep; at most \(Self.maximumDepth) are allowed")
        }
        self.bytes = text.utf8.count
        self.tags = tags
        self.sections = sections.sorted { ($0.body.lowerBound, $0.depth) < ($1.body.lowerBound, $1.depth) }
        self.references = PartialReference.all(in: tags)
        self.names = Set(tags.compactMap(\.lookupName))
    }
}
