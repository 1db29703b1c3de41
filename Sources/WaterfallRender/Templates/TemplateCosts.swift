/// How much text a set of templates writes besides its values, counted before any render.
///
/// Each template's text with its partials in place, and what one repetition of each section
/// costs: a ``RenderBudget`` charges these as the renderer goes.
///
/// Partials are expanded as often as they are included, so a chain of partials each including
/// the next twice, 32 deep, would write 2³² times its text without repeating any list; such a
/// set is refused.
struct TemplateCosts: Sendable {
    /// The most text a template may expand to through its partials: as much as the largest
    /// template file read.
    static let maximumExpandedBytes = TemplateSet.maximumTemplateBytes
    /// What each repetition of a section costs beyond its text, so that empty ones count too.
    static let repetitionBytes = 64

    /// A section's place, for messages.
    struct Site: Sendable {
        var template: String
        var line: Int
    }

    /// Each template's text with its partials in place, in UTF-8 bytes.
    let expanded: [String: Int]
    /// What one repetition of a list found under each name costs: the text of the largest
    /// section of that name with its partials in place, and ``repetitionBytes``.
    let repetition: [String: Int]
    /// What a repetition of a list found under any other name costs: the largest.
    let largestRepetition: Int
    /// The deepest section of each name, where a list found under it repeats too often.
    let sites: [String: Site]
    /// Every name a template looks up, its partials' included: what a render may ask of a
    /// ``MustacheParent`` in its context.
    let names: [String: Set<String>]

    /// - Parameters:
    ///   - outlines: every template, by name; its partials already checked (``PartialGraph``),
    ///     so that they include no template twice in a chain and nest at most 32 deep.
    ///   - file: the file a template was read from, for messages.
    /// - Throws: ``TemplateError`` when a template expands to more than ``maximumExpandedBytes``.
    init(_ outlines: [String: TemplateOutline], file: (String) -> String) throws(TemplateError) {
        var expanded: [String: Int] = [:]
        func size(_ name: String) -> Int {
            if let known = expanded[name] { return known }
            guard let outline = outlines[name] else { return 0 }
            var total = outline.bytes
            for reference in outline.references where !reference.isDynamic {
                total = Self.sum(total, size(reference.name))
            }
            expanded[name] = total
            return total
        }
        let templates = outlines.keys.sorted()
        for name in templates where size(name) > Self.maximumExpandedBytes {
            let outline = outlines[name]!
            let largest = outline.tags.filter { $0.kind == ">" || $0.kind == "<" }.max { size($0.body) < size($1.body) }
            throw TemplateError(
                place: "\(file(name))" + (largest.map { ":\($0.line)" } ?? ""),
                message:
                    "partials expand the template to more than \(Self.maximumExpandedBytes >> 20) MiB (each included as often as it is named)"
            )
        }

        var repetition: [String: Int] = [:]
        var sites: [String: (site: Site, depth: Int)] = [:]
        var names: [String: Set<String>] = [:]
        func lookups(_ name: String) -> Set<String> {
            if let known = names[name] { return known }
            guard let outline = outlines[name] else { return [] }
            var all = outline.names
            for reference in outline.references where !reference.isDynamic { all.formUnion(lookups(reference.name)) }
            names[name] = all
            return all
        }
        for name in templates {
            let outline = outlines[name]!
            _ = lookups(name)
            // The partials in order, and the text of the first n of them expanded (no sum
            // overflows: the whole template expands to at most `maximumExpandedBytes`).
            let partials = outline.tags.filter { ($0.kind == ">" || $0.kind == "<") && !$0.body.hasPrefix("*") }
            var before = [0]
            for tag in partials { before.append(before.last! + size(tag.body)) }
            func firstPartial(from offset: Int) -> Int {
                var (low, high) = (0, partials.count)
                while low < high {
                    let middle = (low + high) / 2
                    if partials[middle].start < offset { low = middle + 1 } else { high = middle }
                }
                return low
            }
            for section in outline.sections {
                let inside =
                    before[firstPartial(from: section.body.upperBound)]
                    - before[firstPartial(from: section.body.lowerBound)]
                let cost = Self.repetitionBytes + section.body.count + inside
                repetition[section.name] = max(repetition[section.name] ?? 0, cost)
                if section.depth > sites[section.name]?.depth ?? 0 {
                    sites[section.name] = (Site(template: file(name), line: section.line), section.depth)
                }
            }
        }
        self.expanded = expanded
        self.repetition = repetition
        self.largestRepetition = repetition.values.max() ?? Self.repetitionBytes
        self.sites = sites.mapValues(\.site)
        self.names = names
    }

    /// `a + b`, at most `Int.max`.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : total
    }
}
