import Foundation
import WaterfallLayout

extension SpecDecoder {
    static let variantsKeys = ["appearance", "widths", "contentSize", "viewport", "animate", "clip"]
    static let clipKeys = ["fps", "duration", "pages"]
    static let viewportKeys = ["height", "width", "screens", "offset"]

    /// Reads `variants:`: `appearance: light|dark|both`, `widths` as a list of numbers and
    /// `--widths` names (or one such string), `contentSize` as a list of content size categories
    /// (or one), and `viewport: {height, screens | offset}`.
    ///
    /// The bounds are `--widths`' and `--viewport`'s, so a spec declares nothing an option could not ask.
    func variants(_ field: Field, shape: SpecShape, hasDarkStyle: Bool) throws(SpecError) -> SpecVariants {
        let keys = try field.mapping(allowed: Self.variantsKeys)
        var variants = SpecVariants()
        if let appearance = keys["appearance"] {
            let word = try appearance.string()
            let choices = ["light": [Appearance.light], "dark": [.dark], "both": [.light, .dark]]
            guard let chosen = choices[word] else {
                let hint = KeySuggestion.closest(to: word, in: ["light", "dark", "both"])
                throw appearance.error(
                    "must be one of light, dark, both, not \"\(word)\""
                        + (hint.map { " (did you mean \"\($0)\"?)" } ?? ""))
            }
            if chosen == [.dark], !hasDarkStyle {
                throw appearance.error("dark needs a dark style (style.dark) to draw")
            }
            variants.appearances = chosen
        }
        if let widths = keys["widths"] {
            if shape.scrollDirection == .horizontal {
                throw widths.error("a horizontal feed gives its height, so it has no widths to vary")
            }
            variants.widths = try self.widths(widths)
        }
        if let contentSize = keys["contentSize"] {
            variants.contentSizes = try contentSizes(contentSize)
        }
        if let viewport = keys["viewport"] {
            variants.viewport = try self.viewport(viewport, shape: shape)
        }
        if let animate = keys["animate"] {
            guard variants.viewport != nil else {
                throw animate.error(
                    "a clip moves on a screen: give variants.viewport its \(shape.scrollDirection == .horizontal ? "width" : "height")"
                )
            }
            variants.animations = try animations(animate)
        }
        if let clip = keys["clip"] {
            guard !variants.animations.isEmpty else {
                throw clip.error("times the clips of animate, which is not given")
            }
            variants.clip = try clipTiming(clip)
        }
        // As drawn when no option overrides them: a spec's own appearance, else one.
        let appearances = (variants.appearances ?? [.light]).filter { $0 == .light || hasDarkStyle }.count
        if let problem = SpecVariants.picturesProblem(
            widths: variants.widths?.count ?? 1, contentSizes: variants.contentSizes?.count ?? 1,
            appearances: appearances,
            screens: variants.viewport.map { $0.offset == nil ? $0.screens ?? 1 : 1 } ?? 1,
            clips: variants.viewport == nil ? 0 : variants.animations.count)
        {
            throw field.error(problem)
        }
        return variants
    }

    /// `animate: scroll`, `animate: [scroll, load-more]`: each animation once, in the order given.
    private func animations(_ field: Field) throws(SpecError) -> [Animation] {
        let words: [Field] = if case .sequence = field.node { try field.sequence() } else { [field] }
        var animations: [Animation] = []
        for word in words {
            let name = try word.string()
            guard let animation = Animation(rawValue: name) else {
                let names = Animation.allCases.map(\.rawValue)
                let hint = KeySuggestion.closest(to: name, in: names)
                throw word.error(
                    "must be \(names.joined(separator: " or ")), not \"\(name)\""
                        + (hint.map { " (did you mean \"\($0)\"?)" } ?? ""))
            }
            if !animations.contains(animation) { animations.append(animation) }
        }
        guard !animations.isEmpty else { throw field.error("needs at least one of scroll, load-more") }
        return animations
    }

    /// `contentSize: accessibility3`, `contentSize: [large, accessibility3]`: each category once,
    /// in the order given.
    private func contentSizes(_ field: Field) throws(SpecError) -> [ContentSizeCategory] {
        let words: [Field] = if case .sequence = field.node { try field.sequence() } else { [field] }
        var categories: [ContentSizeCategory] = []
        for word in words {
            let category = try word.choice(of: ContentSizeCategory.self)
            if !categories.contains(category) { categories.append(category) }
        }
        guard !categories.isEmpty else { throw field.error("needs at least one content size category") }
        return categories
    }

    /// `clip: {fps, duration, pages}`, within the bounds of `render --animate`'s options.
    private func clipTiming(_ field: Field) throws(SpecError) -> SpecVariants.ClipTiming {
        let keys = try field.mapping(allowed: Self.clipKeys)
        typealias Timing = SpecVariants.ClipTiming
        var timing = Timing()
        timing.fps = try keys["fps"]?.integer(in: Timing.fpsRange)
        timing.duration = try keys["duration"]?.positiveNumber(atMost: Timing.maximumDuration)
        timing.pages = try keys["pages"]?.integer(in: 1...Timing.maximumPages)
        return timing
    }

    private func widths(_ field: Field) throws(SpecError) -> [Double] {
        let words: [Field] = if case .sequence = field.node { try field.sequence() } else { [field] }
        var widths: [Double] = []
        for word in words {
            // A number, or names and numbers separated by commas; each part is checked alone, so
            // the message repeats the one that names no width.
            let parts =
                if case .scalar = word.node, word.tagName == .int || word.tagName == .float {
                    [Field.format(try word.number())]
                } else {
                    try word.string().split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                }
            for part in parts {
                guard let named = DeviceWidths.widths(named: part) else {
                    let hint = DeviceWidths.closestName(to: part).map { " (did you mean \"\($0)\"?)" } ?? ""
                    let shown = part.trimmingCharacters(in: .whitespaces)
                    throw word.error("\"\(shown)\" is \(DeviceWidths.notAWidth)\(hint)")
                }
                widths += named.filter { !widths.contains($0) }
            }
        }
        guard !widths.isEmpty else { throw field.error("needs at least one width") }
        guard widths.count <= DeviceWidths.maximumCount else {
            throw field.error("at most \(DeviceWidths.maximumCount) widths, not \(widths.count)")
        }
        return widths
    }

    private func viewport(_ field: Field, shape: SpecShape) throws(SpecError) -> SpecVariants.Viewport {
        let keys = try field.mapping(allowed: Self.viewportKeys)
        let (given, other) = shape.scrollDirection == .horizontal ? ("width", "height") : ("height", "width")
        if let wrong = keys[other] {
            throw wrong.error(
                shape.scrollDirection == .horizontal
                    ? "a horizontal feed's screen is as long as its \"width\", not its height"
                    : "a screen's length is its \"height\" (a width only in a horizontal feed)")
        }
        guard let length = keys[given] else { throw field.error("missing key \"\(given)\"") }
        var viewport = SpecVariants.Viewport(
            length: try length.positiveNumber(atMost: SpecVariants.maximumViewport))
        if keys["screens"] != nil, let offset = keys["offset"] {
            throw offset.error("give screens or offset, not both")
        }
        viewport.screens = try keys["screens"]?.integer(in: 1...SpecVariants.maximumScreens)
        viewport.offset = try keys["offset"]?.length()
        return viewport
    }
}
