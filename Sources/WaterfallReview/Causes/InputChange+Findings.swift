import WaterfallAudit

extension InputChange {
    /// The kinds of accessibility finding a change of a spec key can make or remove, by the key.
    ///
    /// A key not listed (a data file's field, whose meaning the spec's `fields` give) may make any.
    static let findingKinds: [String: Set<Finding.Kind>] = {
        let sizes = [
            "height", "width", "size", "span", "columns", "aspect", "minHeight", "maxHeight", "sectionInset",
            "interitemSpacing", "scale",
        ]
        let text = [
            "title", "subtitle", "meta", "titles", "subtitles", "titleLines", "subtitleLines", "contentSize", "font",
            "fonts", "fontSize", "fontWeight", "textStyle", "lineHeight", "padding", "textSpacing", "content",
        ]
        let colors = ["color", "textColor", "background", "palette", "scrim", "textShadow", "dark"]
        var kinds: [String: Set<Finding.Kind>] = [:]
        for key in sizes { kinds[key, default: []].formUnion([.smallTarget, .truncation, .blurryImage]) }
        for key in text { kinds[key, default: []].insert(.truncation) }
        for key in colors { kinds[key, default: []].insert(.contrast) }
        // Large text needs 3:1, not 4.5:1: the text's size decides the contrast it is held to.
        for key in ["fontSize", "fontWeight", "textStyle", "contentSize"] { kinds[key]?.insert(.contrast) }
        // A footer's title makes it a button; text drawn on an image is measured against it.
        kinds["title"]?.insert(.smallTarget)
        kinds["tappable"] = [.smallTarget]
        for key in ["image", "images"] { kinds[key] = [.blurryImage, .contrast] }
        for key in ["cornerRadius", "align", "variants", "renderDirection", "placement", "flowTolerance"] {
            kinds[key] = []
        }
        return kinds
    }()

    /// The keys that change what the audit holds a picture to and nothing that is drawn.
    static let auditOnlyKeys: Set<String> = ["tappable"]

    /// Whether the change draws nothing different and changes only the audit (`tappable`).
    public var changesOnlyTheAudit: Bool { key.map(Self.auditOnlyKeys.contains) ?? false }

    /// What a change that draws nothing does, after `opening` (`The layout is unchanged`): what
    /// the audit holds the picture to, in one sentence.
    static func auditOnlyConsequence(_ opening: String) -> String {
        opening + " and nothing drawn differs: it changes only which elements the audit holds to 44 × 44 pt"
            + " as tap targets."
    }

    /// Whether this change can make or remove `finding`: its key can make the finding's kind, and
    /// its place covers the finding's (the element itself, its section, or the whole feed).
    public func canCause(_ finding: Finding) -> Bool {
        if let key, let kinds = Self.findingKinds[key], !kinds.contains(finding.kind) { return false }
        // Libraries and fonts that draw text otherwise measure it and its glyphs' pixels anew.
        if scope == .renderer, finding.kind != .truncation, finding.kind != .contrast { return false }
        // A style of one text role (`style.subtitle.color`) makes findings of that role's text only.
        let components = path.split(separator: ".").map(String.init)
        if let style = components.firstIndex(where: { $0 == "style" || $0.hasSuffix("].style") }),
            let role = components[(style + 1)...].first(where: Self.textRoles.contains),
            let findingRole = FindingPlace(finding.place).role, findingRole != role
        {
            return false
        }
        return specificity(for: finding) != nil
    }

    /// The texts of a card a style can be for.
    static let textRoles: Set<String> = ["title", "subtitle", "meta"]

    /// How closely the change's place covers `finding`'s: 3 the element itself, 2 cards of its
    /// section that came or went, 1 its section, 0 the whole feed; `nil` when it does not cover it.
    func specificity(for finding: Finding) -> Int? {
        let place = FindingPlace(finding.place)
        switch scope {
        case .spec, .renderer:
            return 0
        case .section(let section):
            return place.section == section ? 1 : nil
        case .header(let section):
            return place.section == section && place.element == .header ? 3 : nil
        case .footer(let section):
            return place.section == section && place.element == .footer ? 3 : nil
        case .items(let section, let items):
            guard place.section == section, case .item(let item) = place.element else { return nil }
            return items.contains(item) ? 3 : nil
        case .itemCount(let section, _, _, let first):
            guard place.section == section, case .item(let item) = place.element else { return nil }
            return item >= first ? 2 : nil
        }
    }

    /// Of `changes`, the one most likely to have made or removed `finding`: among those that can
    /// (see ``canCause(_:)``), the first of those closest to its place; `nil` when none can.
    public static func cause(of finding: Finding, among changes: [InputChange]) -> InputChange? {
        var best: (change: InputChange, specificity: Int)?
        for change in changes where change.canCause(finding) {
            guard let specificity = change.specificity(for: finding) else { continue }
            if best == nil || specificity > best!.specificity { best = (change, specificity) }
        }
        return best?.change
    }
}

/// A finding's place read back into the section and element it names: `sections[1].items[3]`
/// with whatever follows (`.subtitle`, `.image`).
struct FindingPlace: Equatable {
    /// What of the section the finding is on.
    enum Element: Equatable {
        case item(Int)
        case header
        case footer
        /// The section itself (its background), or a place not read.
        case section
    }

    var section: Int?
    var element: Element = .section
    /// The card's text the finding is about (`title`, `subtitle`, `meta`), when it is one.
    var role: String?

    init(_ place: String) {
        var rest = Substring(place)
        guard rest.hasPrefix("sections["), let close = rest.firstIndex(of: "]") else { return }
        section = Int(rest[rest.index(rest.startIndex, offsetBy: 9)..<close])
        rest = rest[rest.index(after: close)...]
        if rest.hasPrefix(".header") {
            element = .header
        } else if rest.hasPrefix(".footer") {
            element = .footer
        } else if rest.hasPrefix(".items["), let end = rest.firstIndex(of: "]"),
            let item = Int(rest[rest.index(rest.startIndex, offsetBy: 7)..<end])
        {
            element = .item(item)
            let role = rest[rest.index(after: end)...].dropFirst()
            if InputChange.textRoles.contains(String(role)) { self.role = String(role) }
        }
    }
}
