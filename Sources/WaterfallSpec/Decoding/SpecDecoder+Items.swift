import WaterfallLayout
import Yams

extension SpecDecoder {
    mutating func item(_ field: Field, columns: Int) throws(SpecError) -> SpecItem {
        let keys = try field.mapping(allowed: Self.itemKeys)
        // `height: auto` (or no height) sizes the card from its image and text.
        var fixedHeight: Double?
        if let height = keys["height"], !height.isWord("auto") {
            if height.tagName == .str, case .scalar(let scalar) = height.node {
                throw height.error("must be a number or \"auto\", not \"\(scalar.string)\"")
            }
            fixedHeight = try height.length()
            // As `width: 0` is refused: a card nobody can see is not one. Heights under a device
            // pixel are refused where the scale is known (`RenderPipeline`).
            if fixedHeight == 0 {
                throw height.error("0 is not a height a card can have; give a positive one, or \"auto\"")
            }
        }
        var imageSize: Size?
        if let size = keys["size"] {
            let sizeKeys = try size.mapping(allowed: Self.sizeKeys)
            guard let width = sizeKeys["width"] else { throw size.error("missing key \"width\"") }
            guard let height = sizeKeys["height"] else { throw size.error("missing key \"height\"") }
            imageSize = Size(
                width: try width.positiveNumber(atMost: SpecLimits.maximumLength),
                height: try height.positiveNumber(atMost: SpecLimits.maximumLength))
        }
        let hasContent = ["image", "title", "subtitle", "meta"].contains { keys[$0] != nil }
        if fixedHeight == nil, imageSize == nil, keys["height"] == nil, !hasContent {
            throw field.error("missing key \"height\" (or \"size\", or an image or text to size it from)")
        }
        // The placeholder a card sized by its content has until it is measured.
        let sizing: ItemSizing = fixedHeight.map { .height($0) } ?? imageSize.map { .size($0) } ?? .height(0)
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
        var item = SpecItem(
            layout: LayoutItem(sizing: sizing, span: span), title: try keys["title"]?.string(),
            subtitle: try keys["subtitle"]?.string(), color: try keys["color"]?.color(),
            image: try keys["image"].map { (field) throws(SpecError) in try localImage(field.imagePath(), at: field) })
        item.fixedHeight = fixedHeight
        item.imageSize = imageSize
        item.meta = try keys["meta"]?.string()
        item.textColor = try keys["textColor"]?.color()
        item.dark = try keys["dark"].map { (field) throws(SpecError) in try darkColors(field) }
        item.text = try keys["style"].map { (field) throws(SpecError) in try itemTextStyles(field) }
        item.cornerRadius = try keys["cornerRadius"]?.length()
        item.titleLines = try keys["titleLines"]?.integer(in: 1...Self.maximumLines)
        item.tappable = try keys["tappable"]?.boolean()
        return item
    }

    /// Appends the items a `generate` mapping describes to `items` (in place: a million items are
    /// not copied from one array into another).
    mutating func generate(_ field: Field, into items: inout [SpecItem]) throws(SpecError) {
        let keys = try field.mapping(allowed: Self.generateKeys)
        guard let countField = keys["count"] else { throw field.error("missing key \"count\"") }
        let count = try countField.integer(in: 0...SpecLimits.maximumItems)
        try reserve(count, at: countField)
        let minHeight = try keys["minHeight"]?.positiveNumber(atMost: SpecLimits.maximumLength) ?? 80
        let maxHeight = try keys["maxHeight"]?.length() ?? 240
        guard maxHeight >= minHeight else {
            throw (keys["maxHeight"] ?? field).error(
                "must be at least minHeight (\(Field.format(minHeight))), not \(Field.format(maxHeight))")
        }
        let seed = try keys["seed"]?.integer(in: 0...Int.max) ?? 1
        let titles = try keys["titles"]?.choice(of: GeneratedText.Language.self)
        let subtitles = try keys["subtitles"]?.choice(of: GeneratedText.Subtitle.self)
        var aspect: ClosedRange<Double>?
        if let aspectField = keys["aspect"] {
            let bounds = try aspectField.sequence()
            guard bounds.count == 2 else { throw aspectField.error("expected [smallest, largest] height/width ratios") }
            let low = try bounds[0].positiveNumber(atMost: 100)
            let high = try bounds[1].positiveNumber(atMost: 100)
            guard high >= low else {
                throw bounds[1].error("must be at least \(Field.format(low)), not \(Field.format(high))")
            }
            aspect = low...high
        }
        var images: [String] = []
        if let imagesField = keys["images"] {
            for element in try imagesField.sequence() {
                images.append(try localImage(element.imagePath(), at: element))
            }
            guard !images.isEmpty else { throw imagesField.error("must list at least one image") }
        }
        var generator = SplitMix64(seed: UInt64(seed))
        // Both heights are at most SpecLimits.maximumLength, so the difference converts safely.
        let steps = Int(min((maxHeight - minHeight).rounded(.down), 1e9))
        let sizedByContent = aspect != nil || !images.isEmpty
        items.reserveCapacity(items.count + count)
        for index in 0..<count {
            // Whole-point steps above minHeight keep generated pictures crisp.
            let height = minHeight + Double(generator.nextInt(in: 0...steps))
            var item = SpecItem(layout: .height(sizedByContent ? 0 : height))
            if sizedByContent { item.fixedHeight = nil }
            if let aspect {
                // Aspect ratios in thousandths, so the same seed gives the same sizes everywhere.
                let low = Int((aspect.lowerBound * 1000).rounded())
                let high = Int((aspect.upperBound * 1000).rounded())
                item.imageSize = Size(width: 1000, height: Double(generator.nextInt(in: low...high)))
            }
            if !images.isEmpty { item.image = images[index % images.count] }
            if let titles { item.title = GeneratedText.title(titles, using: &generator) }
            if let subtitles { item.subtitle = GeneratedText.subtitle(subtitles, using: &generator) }
            items.append(item)
        }
    }

    mutating func reserve(_ count: Int, at field: Field) throws(SpecError) {
        itemCount += count
        guard itemCount <= SpecLimits.maximumItems else {
            throw field.error("the spec would have \(itemCount) items; at most \(SpecLimits.maximumItems) are allowed")
        }
    }
}

extension Field {
    /// An image: a file path, or an `http:` or `https:` URL that ``ImageURL/problem(in:)`` accepts.
    ///
    /// Not empty and no control characters; other schemes (`file:`, `data:`, `javascript:`…) are refused.
    func imagePath() throws(SpecError) -> String {
        let path = try string()
        guard !path.isEmpty else { throw error("must not be empty") }
        guard !path.unicodeScalars.contains(where: \.isControl) else {
            throw error("must not contain control characters")
        }
        if ImageURL.scheme(of: path) != nil, let problem = ImageURL.problem(in: path) { throw error(problem) }
        return path
    }
}
