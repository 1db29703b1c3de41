import WaterfallLayout
import Yams

extension SpecDecoder {
    /// Refuses documents nested too deeply or with too many values, without recursion.
    ///
    /// JSON documents were already counted before parsing (``JSONPreScan``); this count is the one
    /// that sees aliases expand.
    static func checkShape(_ root: Node) throws(SpecError) {
        var stack: [(Node, Int)] = [(root, 1)]
        var visited = 0
        while let (node, depth) = stack.popLast() {
            visited += 1
            guard depth <= maximumDepth else {
                throw SpecError(
                    line: node.mark?.line, column: node.mark?.column, location: "",
                    message: "nested more than \(maximumDepth) levels deep")
            }
            guard visited <= maximumNodes else {
                throw SpecError(location: "", message: "has more than \(maximumNodes) values (do aliases expand it?)")
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    stack.append((key, depth + 1))
                    stack.append((value, depth + 1))
                }
            case .sequence(let sequence):
                for element in sequence { stack.append((element, depth + 1)) }
            case .scalar, .alias:
                break
            }
        }
    }
}

/// The page a spec is laid out on: which way it scrolls and reads, and its fixed extent.
struct SpecShape {
    /// The width of a vertical feed, the height of a horizontal one.
    var extent: Double = 0
    var scrollDirection = ScrollDirection.vertical
    var layoutDirection = LayoutDirection.leftToRight

    /// The number of columns (rows, in a horizontal feed) `settings` resolves to on this page.
    func columns(_ settings: SectionSettings) throws(LayoutError) -> Int {
        var across = settings
        if scrollDirection == .horizontal {
            // Rows are stacked between the top and bottom insets.
            let inset = settings.sectionInset
            across.sectionInset = EdgeInsets(top: inset.left, left: inset.top, bottom: inset.right, right: inset.bottom)
        }
        return try across.columnCount(forWidth: extent)
    }
}

extension SpecDecoder {
    /// The root keys that shape the page: `height` (a horizontal feed's, instead of `width`),
    /// `scrollDirection` and `layoutDirection`.
    static let shapeKeys = ["height", "scrollDirection", "layoutDirection"]

    /// Reads the page's shape from the root's keys: `width`, or `height` for a horizontal feed.
    func shape(_ field: Field, keys: [String: Field]) throws(SpecError) -> SpecShape {
        var shape = SpecShape()
        if let value = keys["scrollDirection"] { shape.scrollDirection = try value.named(ScrollDirection.self) }
        if let value = keys["layoutDirection"] { shape.layoutDirection = try value.named(LayoutDirection.self) }
        let (given, other) = shape.scrollDirection == .horizontal ? ("height", "width") : ("width", "height")
        if let wrong = keys[other] {
            throw wrong.error(
                shape.scrollDirection == .horizontal
                    ? "a horizontal feed gives its \"height\", not a width"
                    : "only a horizontal feed (scrollDirection: horizontal) gives a height; give \"width\"")
        }
        guard let extent = keys[given] else { throw field.error("missing key \"\(given)\"") }
        shape.extent = try extent.positiveNumber(atMost: SpecLimits.maximumWidth)
        return shape
    }
}

extension Field {
    /// One of an enumeration's raw values, with a suggestion when it is misspelt.
    func named<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) throws(SpecError) -> Value
    where Value.RawValue == String {
        let name = try string()
        guard let value = Value(rawValue: name) else {
            let names = Value.allCases.map(\.rawValue)
            let hint = KeySuggestion.closest(to: name, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw error("must be one of \(names.joined(separator: ", ")), not \"\(name)\"\(hint)")
        }
        return value
    }

    /// `true` or `false`.
    func boolean() throws(SpecError) -> Bool {
        guard case .scalar = node, tagName == .bool, let value = node.bool else {
            throw error("expected true or false, found \(kindName)")
        }
        return value
    }
}
