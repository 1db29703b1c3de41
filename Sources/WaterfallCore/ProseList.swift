/// Items written the way a sentence of the tool's messages lists them: `a`, `a and b`,
/// `a, b and c` (no comma before the last), or with `or` for a choice.
///
/// ```swift
/// ProseList.joined(["PNG", "SVG", "layout"])          // "PNG, SVG and layout"
/// ProseList.joined(["apng", "webp", "gif"], "or")     // "apng, webp or gif"
/// ProseList.joined(["a", "b", "c", "d", "e"], atMost: 4)  // "a, b, c and 2 more"
/// ```
package enum ProseList {
    /// `items` joined as a sentence lists them, the last after `conjunction`.
    ///
    /// With more than `limit` items, the first `limit - 1` are named and the rest counted
    /// (`and 2 more`): a list that is cut always leaves at least two unnamed.
    package static func joined(_ items: [String], _ conjunction: String = "and", atMost limit: Int = .max) -> String {
        if items.count > limit {
            let named = max(limit - 1, 0)
            return joined(Array(items.prefix(named)) + ["\(items.count - named) more"])
        }
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
