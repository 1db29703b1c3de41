/// Which templates include which, checked before anything is rendered: no template may include
/// itself, directly or through others, or sit at the end of a chain of partials more than
/// ``maximumDepth`` deep, and no partial may take its name from the data.
///
/// swift-mustache follows partials by recursion, without a limit, so any of these could overflow
/// the stack while rendering.
enum PartialGraph {
    /// The most partials one inclusion may go through, nested.
    static let maximumDepth = 32

    /// - Parameters:
    ///   - references: every template's partial references, by template name.
    ///   - file: the file a template was read from, for messages.
    /// - Throws: ``TemplateError`` naming the file and line of the offending tag.
    static func check(_ references: [String: [PartialReference]], file: (String) -> String) throws(TemplateError) {
        let names = references.keys.sorted()
        for name in names {
            for reference in references[name]! where reference.isDynamic {
                throw TemplateError(
                    place: "\(file(name)):\(reference.line)",
                    message:
                        "dynamic partial \"*\(reference.name)\" is not supported (its name would come from the data)")
            }
        }
        // The longest chain of inclusions below each template, once known.
        var heights: [String: Int] = [:]

        /// The height of the last template of `path` (a chain of inclusions from a root), each
        /// template visited once; the recursion is at most `maximumDepth` deep.
        func height(_ path: [String]) throws(TemplateError) -> Int {
            let name = path.last!
            if let known = heights[name] { return known }
            var highest = 0
            for reference in references[name]! where references[reference.name] != nil {
                let place = "\(file(name)):\(reference.line)"
                if let start = path.firstIndex(of: reference.name) {
                    let cycle = path[start...] + [reference.name]
                    let through = cycle.count > 2 ? " (\(cycle.joined(separator: " > ")))" : ""
                    throw TemplateError(
                        place: place, message: "partial \"\(reference.name)\" includes itself\(through)")
                }
                let depth = path.count
                let below = depth > maximumDepth ? 0 : try height(path + [reference.name])
                guard depth + below <= maximumDepth else {
                    throw TemplateError(
                        place: place,
                        message:
                            "partial \"\(reference.name)\" nests partials more than \(maximumDepth) deep (from \(path[0]))"
                    )
                }
                highest = max(highest, below + 1)
            }
            heights[name] = highest
            return highest
        }

        for name in names { _ = try height([name]) }
    }
}
