import WaterfallCore
import WaterfallLayout
import Yams

/// Reads a spec document (JSON or YAML: JSON is read as the YAML it also is) into a ``Spec``.
///
/// The reading of each part of a spec is in an extension named after it: `SpecDecoder+Sections`,
/// `+Items`, `+Style`; `+Shape` refuses documents too deep or too large, `+SyntaxErrors` turns
/// the parser's errors into messages.
struct SpecDecoder {
    static let rootKeys = [
        "width", "minimumContentHeight", "scale", "pixelSnapping", "defaults", "sections", "style", "variants", "fonts",
    ]
    static let settingsKeys = [
        "columns", "sectionInset", "lineSpacing", "interitemSpacing", "spacingWithLastSection", "headerInset",
        "footerInset", "renderDirection", "placement", "flowTolerance",
    ]
    static let sectionKeys = settingsKeys + ["header", "footer", "items", "generate", "style"]
    static let supplementaryKeys = [
        "height", "title", "color", "align", "textColor", "separator", "dark", "tappable",
    ]
    static let darkColorKeys = ["color", "textColor"]
    static let supplementaryDarkKeys = darkColorKeys + ["separator"]
    static let itemKeys = [
        "height", "size", "span", "title", "subtitle", "meta", "color", "textColor", "cornerRadius", "titleLines",
        "image", "dark", "style", "tappable",
    ]
    static let sizeKeys = ["width", "height"]
    static let insetKeys = ["top", "left", "bottom", "right"]
    static let generateKeys = [
        "count", "minHeight", "maxHeight", "seed", "titles", "subtitles", "aspect", "images",
    ]
    static let styleKeys =
        ["background", "cornerRadius", "font", "fontSize", "textColor", "palette", "card", "dark"]
        + TextRole.allCases.map(\.rawValue)
    static let textStyleKeys = ["font", "fontSize", "textStyle", "fontWeight", "lineHeight", "color"]
    static let cardKeys = [
        "content", "padding", "titleLines", "subtitleLines", "textSpacing", "background", "scrim", "textShadow",
    ]

    /// Items given and generated so far, across sections.
    var itemCount = 0
    /// The spec's folder: `itemsFrom` files are read relative to it.
    var baseDirectory = "."
    /// The folders the spec's files may be read from.
    var readRule = ReadRule(folders: ["/"])
    /// The folder of the data file whose records are being read, relative to the spec's folder
    /// (empty for the spec's own items): their image paths are relative to it.
    var imageFolder = ""
    /// The data files read so far (`itemsFrom`), as their paths from the current folder.
    var dataFiles: [String] = []
    /// The data file whose records are being read, as messages name it; `nil` for the spec's own items.
    var dataFileName: String?
    /// Where each image path is first written (``Spec/imagePlaces``).
    var imagePlaces: [String: SpecPlace] = [:]
    /// Whether to keep the document and the data records read, normalized (``SpecInputs``).
    var keepsInputs = false
    /// How many more values the inputs kept may hold; below 0, they are too many to keep.
    var inputBudget = SpecValue.maximumValues
    /// The records each `itemsFrom` read, when ``keepsInputs``.
    var dataSources: [SpecInputs.DataSource] = []
    /// The section being read.
    var sectionIndex = 0
    /// The records each `itemsFrom` takes instead of reading its data file, when the spec is
    /// decoded from its recorded inputs; `nil` to read the files.
    var recordedData: [SpecInputs.DataSource]?
    /// Which of ``recordedData`` have been taken.
    var takenData = Set<Int>()

    /// Deeper nesting than this is refused: no spec needs it, and it is how hostile input overflows stacks.
    static let maximumDepth = 64
    /// More values than this (aliases included, as they expand) are refused.
    static let maximumNodes = 20_000_000

    static func decode(
        _ text: String, baseDirectory: String, readRule: ReadRule, keepsInputs: Bool = false, strictJSON: Bool = false
    ) throws(SpecError) -> Spec {
        // A JSON document is counted, and refused when too large, before any tree is built; a
        // `.json` file is held to JSON's grammar.
        let text = try JSONPreScan.prepare(text, maximumValues: maximumNodes, strictJSON: strictJSON)
        // Yams composes recursively: run it, and drop its tree, on a thread with room for deep input.
        return try LargeStack.run { () -> Result<Spec, SpecError> in
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
                decoder.baseDirectory = baseDirectory
                decoder.readRule = readRule
                decoder.keepsInputs = keepsInputs
                var spec = try decoder.spec(Field(node: root, path: ""), baseDirectory: baseDirectory)
                if keepsInputs {
                    let document = SpecValue.of(root, budget: &decoder.inputBudget)
                    spec.inputs = SpecInputs(
                        document: document, dataSources: decoder.inputBudget >= 0 ? decoder.dataSources : [])
                }
                return spec
            }
        }.get()
    }

    /// The spec that `inputs` record: the document decoded as the file was, each `itemsFrom`
    /// given the records it read then instead of reading its file again.
    static func decode(
        inputs: SpecInputs, baseDirectory: String, readRule: ReadRule
    ) throws(SpecError) -> Spec {
        guard let document = inputs.document else {
            throw SpecError(location: "", message: "the recorded inputs hold no spec document")
        }
        return try LargeStack.run { () -> Result<Spec, SpecError> in
            Result { () throws(SpecError) -> Spec in
                let root = document.node
                try checkShape(root)
                var decoder = SpecDecoder()
                decoder.baseDirectory = baseDirectory
                decoder.readRule = readRule
                decoder.recordedData = inputs.dataSources
                return try decoder.spec(Field(node: root, path: ""), baseDirectory: baseDirectory)
            }
        }.get()
    }

    private mutating func spec(_ field: Field, baseDirectory: String) throws(SpecError) -> Spec {
        let keys = try field.mapping(allowed: Self.rootKeys + Self.shapeKeys)
        let shape = try self.shape(field, keys: keys)
        let width = shape.extent
        let minimumContentHeight = try keys["minimumContentHeight"]?.length() ?? 0
        let scale = try keys["scale"]?.number(in: SpecLimits.scale) ?? 2
        let pixelSnapping = try keys["pixelSnapping"]?.named(PixelSnapping.self) ?? PixelSnapping.none
        let fonts = try keys["fonts"].map { (field) throws(SpecError) in try self.fonts(field) } ?? []
        var defaults = SectionSettings.default
        var defaultsFromContentSize: [ContentSizeOverride] = []
        if let field = keys["defaults"] {
            let defaultKeys = try field.mapping(
                allowed: Self.settingsKeys + Self.screenSettingsKeys + [Self.fromContentSizeKey])
            defaults = try settings(field, keys: defaultKeys, base: .default)
            defaultsFromContentSize = try contentSizeOverrides(defaultKeys[Self.fromContentSizeKey])
        }
        let style =
            try keys["style"].map { (field) throws(SpecError) in try self.style(field, base: SpecStyle()) }
            ?? SpecStyle()
        let darkStyle = try keys["style"].flatMap { (field) throws(SpecError) in try self.darkStyle(field, base: style)
        }
        var sections: [SpecSection] = []
        if let sectionsField = keys["sections"] {
            let list = try sectionsField.sequence()
            guard list.count <= SpecLimits.maximumSections else {
                throw sectionsField.error(
                    "has \(list.count) sections; at most \(SpecLimits.maximumSections) are allowed")
            }
            for element in list {
                sectionIndex = sections.count
                sections.append(
                    try section(
                        element, defaults: defaults, defaultsFromContentSize: defaultsFromContentSize, shape: shape,
                        style: style, darkStyle: darkStyle))
            }
        }
        var spec = Spec(
            width: width, minimumContentHeight: minimumContentHeight, scale: scale, style: style, sections: sections,
            baseDirectory: baseDirectory)
        spec.darkStyle = darkStyle
        spec.readRule = readRule
        spec.pixelSnapping = pixelSnapping
        spec.dataFiles = dataFiles
        spec.fonts = fonts
        spec.imagePlaces = imagePlaces
        spec.scrollDirection = shape.scrollDirection
        spec.layoutDirection = shape.layoutDirection
        if let field = keys["variants"] {
            spec.variants = try variants(field, shape: shape, hasDarkStyle: spec.hasDarkAppearance)
        }
        return spec
    }
}
