import WaterfallLayout
import Yams

/// Reads a spec document (JSON or YAML: JSON is read as the YAML it also is) into a ``Spec``.
struct SpecDecoder {
    static let rootKeys = ["width", "minimumContentHeight", "scale", "defaults", "sections", "style"]
    static let settingsKeys = [
        "columns", "sectionInset", "lineSpacing", "interitemSpacing", "spacingWithLastSection", "headerInset",
        "footerInset", "renderDirection",
    ]
    static let sectionKeys = settingsKeys + ["header", "footer", "items", "generate"]
    static let supplementaryKeys = ["height", "title", "color"]
    static let itemKeys = ["height", "size", "span", "title", "subtitle", "color", "image"]
    static let sizeKeys = ["width", "height"]
    static let insetKeys = ["top", "left", "bottom", "right"]
    static let generateKeys = ["count", "minHeight", "maxHeight", "seed"]
    static let styleKeys = ["background", "cornerRadius", "font", "fontSize", "textColor", "palette"]

    private var itemCount = 0

    /// Deeper nesting than this is refused: no spec needs it, and it is how hostile input overflows stacks.
    static let maximumDepth = 64
    /// More values than this (aliases included, as they expand) are refused.
    static let maximumNodes = 20_000_000

    static func decode(_ text: String, baseDirectory: String) throws(SpecError) -> Spec {
        // Yams composes recursively: run it, and drop its tree, on a thread with room for deep input.
        try LargeStack.run { () -> Result<Spec, SpecError> in
            Result { () throws(SpecError) -> Spec in
                let root: Node
                do {
                    guard let node = try Yams.compose(yaml: text) else {
                        throw SpecError(location: "", message: "the document is empty")
                    }
                    root = node
                } catch let error as SpecError {
                    throw error
                } catch {
                    throw Self.syntaxError(error)
                }
                try checkShape(root)
                var decoder = SpecDecoder()
                return try decoder.spec(Field(node: root, path: ""), baseDirectory: baseDirectory)
            }
        }.get()
    }

    /// Refuses documents nested too deeply or with too many values, without recursion.
    private static func checkShape(_ root: Node) throws(SpecError) {
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

    private mutating func spec(_ field: Field, baseDirectory: String) throws(SpecError) -> Spec {
        let keys = try field.mapping(allowed: Self.rootKeys)
        guard let widthField = keys["width"] else { throw field.error("missing key \"width\"") }
        let width = try widthField.positiveNumber()
        let minimumContentHeight = try keys["minimumContentHeight"]?.number(atLeast: 0) ?? 0
        let scale = try keys["scale"]?.positiveNumber() ?? 2
        if scale > 16 { throw keys["scale"]!.error("must be at most 16, not \(Field.format(scale))") }
        let defaults =
            try keys["defaults"].map { (field) throws(SpecError) in
                try settings(field, keys: field.mapping(allowed: Self.settingsKeys), base: .default)
            } ?? .default
        let style = try keys["style"].map { (field) throws(SpecError) in try self.style(field) } ?? SpecStyle()
        var sections: [SpecSection] = []
        if let sectionsField = keys["sections"] {
            let list = try sectionsField.sequence()
            guard list.count <= SpecLimits.maximumSections else {
                throw sectionsField.error(
                    "has \(list.count) sections; at most \(SpecLimits.maximumSections) are allowed")
            }
            for element in list {
                sections.append(try section(element, defaults: defaults))
            }
        }
        return Spec(
            width: width, minimumContentHeight: minimumContentHeight, scale: scale, style: style, sections: sections,
            baseDirectory: baseDirectory)
    }

    // MARK: - Sections

    private func settings(_ field: Field, keys: [String: Field], base: SectionSettings) throws(SpecError)
        -> SectionSettings
    {
        var settings = base
        if let value = keys["columns"] { settings.columns = try value.integer(in: 1...SpecLimits.maximumColumns) }
        if let value = keys["sectionInset"] { settings.sectionInset = try insets(value) }
        if let value = keys["lineSpacing"] { settings.lineSpacing = try value.number(atLeast: 0) }
        if let value = keys["interitemSpacing"] { settings.interitemSpacing = try value.number(atLeast: 0) }
        if let value = keys["spacingWithLastSection"] { settings.spacingWithLastSection = try value.number(atLeast: 0) }
        if let value = keys["headerInset"] { settings.headerInset = try insets(value) }
        if let value = keys["footerInset"] { settings.footerInset = try insets(value) }
        if let value = keys["renderDirection"] {
            let name = try value.string()
            guard let direction = RenderDirection(rawValue: name) else {
                let names = RenderDirection.allCases.map(\.rawValue)
                let hint = KeySuggestion.closest(to: name, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw value.error("must be one of \(names.joined(separator: ", ")), not \"\(name)\"\(hint)")
            }
            settings.renderDirection = direction
        }
        return settings
    }

    private mutating func section(_ field: Field, defaults: SectionSettings) throws(SpecError) -> SpecSection {
        let keys = try field.mapping(allowed: Self.sectionKeys)
        let settings = try self.settings(field, keys: keys, base: defaults)
        var section = SpecSection(settings: settings)
        section.header = try keys["header"].map { (field) throws(SpecError) in try supplementary(field) }
        section.footer = try keys["footer"].map { (field) throws(SpecError) in try supplementary(field) }
        if let itemsField = keys["items"] {
            let list = try itemsField.sequence()
            try reserve(list.count, at: itemsField)
            section.items.reserveCapacity(list.count)
            for element in list {
                section.items.append(try item(element, columns: settings.columns))
            }
        }
        if let generateField = keys["generate"] {
            section.items += try generate(generateField)
        }
        return section
    }

    private func supplementary(_ field: Field) throws(SpecError) -> SpecSupplementary {
        let keys = try field.mapping(allowed: Self.supplementaryKeys)
        guard let height = keys["height"] else { throw field.error("missing key \"height\"") }
        return SpecSupplementary(
            height: try height.number(atLeast: 0), title: try keys["title"]?.string(),
            color: try keys["color"]?.color())
    }

    private func insets(_ field: Field) throws(SpecError) -> EdgeInsets {
        if case .scalar = field.node {
            return EdgeInsets(all: try field.number(atLeast: 0))
        }
        let keys = try field.mapping(allowed: Self.insetKeys)
        return EdgeInsets(
            top: try keys["top"]?.number(atLeast: 0) ?? 0, left: try keys["left"]?.number(atLeast: 0) ?? 0,
            bottom: try keys["bottom"]?.number(atLeast: 0) ?? 0, right: try keys["right"]?.number(atLeast: 0) ?? 0)
    }

    // MARK: - Items

    private func item(_ field: Field, columns: Int) throws(SpecError) -> SpecItem {
        let keys = try field.mapping(allowed: Self.itemKeys)
        let sizing: ItemSizing
        switch (keys["height"], keys["size"]) {
        case (let height?, nil):
            sizing = .height(try height.number(atLeast: 0))
        case (nil, let size?):
            let sizeKeys = try size.mapping(allowed: Self.sizeKeys)
            guard let width = sizeKeys["width"] else { throw size.error("missing key \"width\"") }
            guard let height = sizeKeys["height"] else { throw size.error("missing key \"height\"") }
            sizing = .size(Size(width: try width.positiveNumber(), height: try height.number(atLeast: 0)))
        case (_?, let size?):
            throw size.error("give either \"height\" or \"size\", not both")
        case (nil, nil):
            throw field.error("missing key \"height\" (or \"size\")")
        }
        var span = ItemSpan.single
        if let spanField = keys["span"] {
            if case .scalar(let scalar) = spanField.node, scalar.string == "full" {
                span = .full
            } else {
                guard case .scalar = spanField.node, spanField.tagName == .int || spanField.tagName == .float
                else {
                    throw spanField.error("expected a whole number or \"full\", found \(spanField.kindName)")
                }
                let count = try spanField.integer(in: 1...Int.max)
                guard count <= columns else {
                    throw spanField.error("\(count) is more than the section's \(columns) columns")
                }
                span = .columns(count)
            }
        }
        return SpecItem(
            layout: LayoutItem(sizing: sizing, span: span), title: try keys["title"]?.string(),
            subtitle: try keys["subtitle"]?.string(), color: try keys["color"]?.color(),
            image: try keys["image"]?.imagePath())
    }

    private mutating func generate(_ field: Field) throws(SpecError) -> [SpecItem] {
        let keys = try field.mapping(allowed: Self.generateKeys)
        guard let countField = keys["count"] else { throw field.error("missing key \"count\"") }
        let count = try countField.integer(in: 0...SpecLimits.maximumItems)
        try reserve(count, at: countField)
        let minHeight = try keys["minHeight"]?.number(atLeast: 0) ?? 80
        let maxHeight = try keys["maxHeight"]?.number(atLeast: 0) ?? 240
        guard maxHeight >= minHeight else {
            throw (keys["maxHeight"] ?? field).error(
                "must be at least minHeight (\(Field.format(minHeight))), not \(Field.format(maxHeight))")
        }
        let seed = try keys["seed"]?.integer(in: 0...Int.max) ?? 1
        var generator = SplitMix64(seed: UInt64(seed))
        let steps = Int(min((maxHeight - minHeight).rounded(.down), 1e9))
        return (0..<count).map { _ in
            // Whole-point steps above minHeight keep generated pictures crisp.
            .init(layout: .height(minHeight + Double(generator.nextInt(in: 0...steps))))
        }
    }

    private mutating func reserve(_ count: Int, at field: Field) throws(SpecError) {
        itemCount += count
        guard itemCount <= SpecLimits.maximumItems else {
            throw field.error("the spec would have \(itemCount) items; at most \(SpecLimits.maximumItems) are allowed")
        }
    }

    // MARK: - Style

    private func style(_ field: Field) throws(SpecError) -> SpecStyle {
        let keys = try field.mapping(allowed: Self.styleKeys)
        var style = SpecStyle()
        if let value = keys["background"] { style.background = try value.color() }
        if let value = keys["cornerRadius"] { style.cornerRadius = try value.number(atLeast: 0) }
        if let value = keys["font"] { style.font = try fontFamilies(value) }
        if let value = keys["fontSize"] {
            style.fontSize = try value.positiveNumber()
            if style.fontSize > 1000 { throw value.error("must be at most 1000, not \(Field.format(style.fontSize))") }
        }
        if let value = keys["textColor"] { style.textColor = try value.color() }
        if let value = keys["palette"] {
            let colors = try value.sequence()
            guard !colors.isEmpty else { throw value.error("must list at least one color") }
            style.palette = []
            for color in colors { style.palette.append(try color.color()) }
        }
        return style
    }

    /// A family list, as `"DejaVu Sans, sans-serif"` or as a YAML list.
    private func fontFamilies(_ field: Field) throws(SpecError) -> [String] {
        var names: [String] = []
        if case .sequence = field.node {
            for element in try field.sequence() { names.append(try element.fontFamily()) }
        } else {
            for part in try field.string().split(separator: ",") {
                names.append(try field.checkedFontFamily(String(part)))
            }
        }
        guard !names.isEmpty else { throw field.error("must name at least one font family") }
        return names
    }

    // MARK: - Syntax errors

    private static func syntaxError(_ error: any Error) -> SpecError {
        guard let yamlError = error as? YamlError else {
            return SpecError(location: "", message: "cannot be read: \(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text) " } ?? ""
            if problem.hasPrefix("Maximum nesting level") {
                return SpecError(
                    line: mark.line, column: mark.column, location: "",
                    message: "nested more than \(maximumDepth) levels deep")
            }
            return SpecError(
                line: mark.line, column: mark.column, location: "", message: "syntax error: \(detail)\(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            return SpecError(
                line: context.mark.line, column: context.mark.column, location: "",
                message: "duplicate key \(keys) in a mapping")
        case .reader(let problem, let offset, _, _):
            return SpecError(
                location: "", message: "cannot be read: \(problem)" + (offset.map { " at byte \($0)" } ?? ""))
        default:
            return SpecError(location: "", message: "cannot be read: \(yamlError)")
        }
    }
}

extension Field {
    /// One font family name; quotes, braces and control characters are refused so a name cannot
    /// break out of the CSS or SVG attribute it is written into.
    fileprivate func fontFamily() throws(SpecError) -> String {
        try checkedFontFamily(try string())
    }

    fileprivate func checkedFontFamily(_ raw: String) throws(SpecError) -> String {
        let name = raw.trimmingSpaces
        guard !name.isEmpty else { throw error("has an empty font family name") }
        let forbidden: Set<Character> = ["\"", "'", ";", "{", "}", "<", ">", "\\", "&"]
        guard !name.contains(where: { forbidden.contains($0) || $0.unicodeScalars.contains(where: \.isControl) })
        else {
            throw error("font family \"\(name)\" may not contain quotes, ;, {, }, <, >, \\, & or control characters")
        }
        return name
    }

    /// An image path: not empty, no control characters, and a file path rather than a URL.
    fileprivate func imagePath() throws(SpecError) -> String {
        let path = try string()
        guard !path.isEmpty else { throw error("must not be empty") }
        guard !path.unicodeScalars.contains(where: \.isControl) else {
            throw error("must not contain control characters")
        }
        if let colon = path.firstIndex(of: ":"), path[..<colon].allSatisfy({ $0.isLetter }), path[..<colon].count > 1 {
            throw error("must be a local file path, not a URL (\"\(path[..<colon]):\")")
        }
        return path
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return String(text)
    }
}

extension Unicode.Scalar {
    fileprivate var isControl: Bool { properties.generalCategory == .control }
}
