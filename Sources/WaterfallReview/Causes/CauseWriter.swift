import WaterfallCore
import WaterfallDiff
import WaterfallLayout

/// Says what each changed input did to the layout, in one sentence a cause: `card 12 grew by
/// 18 pt; 4 cards below it moved down 18 pt`, `20 cards moved into 3 columns`.
///
/// Numbers have at most one decimal; counts agree with their nouns.
public struct CauseWriter: Sendable {
    /// The layout compared with its baseline; `nil` without a layout baseline.
    public var diff: LayoutDiff?
    /// The layout as drawn now.
    public var layout: LayoutSnapshot?
    /// How many pixels differ from the baseline, over every tile; `nil` when no pixels were
    /// compared (two specs compared by `diff`).
    public var changedPixels: Int?

    /// Creates a writer for one check's layout comparison.
    public init(diff: LayoutDiff?, layout: LayoutSnapshot?, changedPixels: Int?) {
        self.diff = diff
        self.layout = layout
        self.changedPixels = changedPixels
    }

    /// One cause for each change, its consequence told from the layout.
    public func causes(of changes: [InputChange]) -> [Cause] {
        changes.map { Cause(input: $0.text, consequence: consequence(of: $0)) }
    }

    /// What the whole change did to the feed, in one sentence, whatever input it came from.
    public func wholeChange() -> String? {
        consequence(of: InputChange(text: "", scope: .spec))
    }

    /// What `change` did, in one sentence ending in a full stop; `nil` without a layout baseline.
    public func consequence(of change: InputChange) -> String? {
        guard let diff else { return nil }
        guard diff.isDifferent else {
            if change.changesOnlyTheAudit { return InputChange.auditOnlyConsequence("The layout is unchanged") }
            guard let changedPixels else { return "The layout is unchanged: only what is drawn changes." }
            return changedPixels > 0
                ? "The layout is unchanged; \(Self.count(changedPixels, "pixel")) changed."
                : "The layout and the pixels are unchanged."
        }
        var parts: [String]
        switch change.scope {
        case .items(let section, let items) where items.count == 1:
            parts = item(section: section, item: items[0], diff: diff)
        case .items(let section, let items):
            parts = group(section: section, items: Set(items), diff: diff)
        case .header(let section):
            parts = supplementary(.header, section: section, diff: diff)
        case .footer(let section):
            parts = supplementary(.footer, section: section, diff: diff)
        case .itemCount(let section, let old, let new, let first):
            parts = itemCount(section: section, old: old, new: new, first: first, diff: diff)
        case .section(let section):
            parts = sectionChange(section, change: change, diff: diff)
        case .spec, .renderer:
            let cells = diff.changes.filter { $0.element == .cell }
            if change.key == "columns", case .number(let columns)? = change.newValue, !cells.isEmpty {
                parts = ["\(Self.count(cells.count, "card")) moved into \(Self.count(Int(columns), "column"))"]
            } else {
                parts = summary(of: cells, total: cardCount(), diff: diff)
            }
        }
        // A card, header or footer that kept its size and place moved nothing: said alone.
        let keptItsPlace = parts.count == 1 && parts[0].hasSuffix(Self.keptItsPlace)
        if !keptItsPlace, let size = contentSizeChange(diff) { parts.append(size) }
        if parts.isEmpty { parts = ["nothing in the layout moved because of it"] }
        return Self.sentence(parts)
    }

    // MARK: - Scopes

    private func item(section: Int, item index: Int, diff: LayoutDiff) -> [String] {
        let name = card(section, index)
        let cells = diff.changes.filter { $0.element == .cell }
        let own = cells.first { $0.indexPath == ItemPath(section: section, item: index) }
        guard let own else {
            // Nothing moved because of a card that kept its size and place.
            return [name + " " + Self.keptItsPlace]
        }
        var parts = [name + " " + Self.described(own)]
        let others = cells.filter { $0.indexPath.section == section && $0.indexPath.item != index && $0.isMove }
        let anchor = own.old ?? own.new
        let below = others.filter { change in
            guard let anchor, let old = change.old else { return false }
            return abs(old.minX - anchor.minX) < 0.5 && old.minY > anchor.minY
        }
        if !below.isEmpty { parts.append(Self.moved(below, "below it")) }
        let rest = others.filter { !below.contains($0) }
        if !rest.isEmpty { parts.append(Self.moved(rest, "other")) }
        parts += laterSections(after: section, diff: diff)
        return parts
    }

    private func group(section: Int, items: Set<Int>, diff: LayoutDiff) -> [String] {
        let cells = diff.changes.filter { $0.element == .cell && $0.indexPath.section == section }
        let own = cells.filter { items.contains($0.indexPath.item) }
        let resized = own.filter(\.isResize)
        var parts: [String] = []
        let noun = Self.count(items.count, "card")
        if resized.isEmpty {
            parts.append("none of these \(noun) changed size")
        } else {
            parts.append("\(resized.count) of these \(noun) changed size")
        }
        let moved = cells.filter(\.isMove)
        if !moved.isEmpty { parts.append(Self.moved(moved, nil, inSection: single ? nil : section)) }
        parts += laterSections(after: section, diff: diff)
        return parts
    }

    private func supplementary(_ kind: ElementKind, section: Int, diff: LayoutDiff) -> [String] {
        let name = single ? "the \(kind.rawValue)" : "the \(kind.rawValue) of section \(section)"
        guard let own = diff.changes.first(where: { $0.element == kind && $0.indexPath.section == section }) else {
            return [name + " " + Self.keptItsPlace]
        }
        var parts = [name + " " + Self.described(own)]
        let cells = diff.changes.filter { $0.element == .cell && $0.isMove }
        let inSection = cells.filter { $0.indexPath.section == section }
        if !inSection.isEmpty {
            parts.append(Self.moved(inSection, kind == .header ? "below it" : nil, inSection: nil))
        }
        parts += laterSections(after: section, diff: diff)
        return parts
    }

    private func itemCount(section: Int, old: Int, new: Int, first: Int, diff: LayoutDiff) -> [String] {
        let difference = abs(new - old)
        let place = single ? "" : " in section \(section)"
        var parts = [
            "\(Self.count(difference, "card")) \(new > old ? "more" : "fewer")\(place) (\(old) → \(new))"
        ]
        let after = diff.changes.filter {
            $0.element == .cell && $0.indexPath.section == section && $0.indexPath.item >= first && $0.isMove
        }
        if !after.isEmpty { parts.append(Self.moved(after, "after it", inSection: nil)) }
        let before = diff.changes.filter {
            $0.element == .cell && $0.indexPath.section == section && $0.indexPath.item < first && $0.isMove
        }
        if !before.isEmpty { parts.append(Self.moved(before, "before it", inSection: nil)) }
        parts += laterSections(after: section, diff: diff)
        return parts
    }

    private func sectionChange(_ section: Int, change: InputChange, diff: LayoutDiff) -> [String] {
        let cells = diff.changes.filter { $0.element == .cell && $0.indexPath.section == section }
        var parts: [String]
        if change.key == "columns", case .number(let columns)? = change.newValue, !cells.isEmpty {
            let place = single ? "" : " of section \(section)"
            parts = [
                "\(Self.count(cells.count, "card"))\(place) moved into \(Self.count(Int(columns), "column"))"
            ]
        } else {
            parts = summary(of: cells, total: cardCount(section: section), diff: diff, section: section)
        }
        parts += laterSections(after: section, diff: diff)
        return parts
    }

    /// How many of `cells` moved and changed size, out of `total`.
    private func summary(of cells: [LayoutChange], total: Int, diff: LayoutDiff, section: Int? = nil) -> [String] {
        let moved = cells.filter { $0.kind == .moved }.count
        let resized = cells.filter(\.isResize).count
        let appeared = cells.filter { $0.kind == .appeared }.count
        let disappeared = cells.filter { $0.kind == .disappeared }.count
        let place = section.map { single ? "" : " in section \($0)" } ?? ""
        func outOfAll(_ count: Int) -> String {
            count == total && total > 1
                ? "all \(total) cards\(place)" : "\(count) of \(Self.count(total, "card"))\(place)"
        }
        var parts: [String] = []
        if resized > 0 { parts.append("\(outOfAll(resized)) changed size") }
        if moved > 0 { parts.append(resized > 0 ? "\(moved) more moved" : "\(outOfAll(moved)) moved") }
        if appeared > 0 { parts.append("\(Self.count(appeared, "card")) appeared") }
        if disappeared > 0 { parts.append("\(Self.count(disappeared, "card")) went") }
        if parts.isEmpty {
            let others = diff.changes.filter { $0.element != .cell }
            if !others.isEmpty {
                parts.append("\(Self.count(others.count, "header or footer", "headers and footers")) moved")
            }
        }
        return parts
    }

    /// `12 cards of later sections moved down 36 pt`, when any did.
    private func laterSections(after section: Int, diff: LayoutDiff) -> [String] {
        let later = diff.changes.filter { $0.element == .cell && $0.indexPath.section > section && $0.isMove }
        return later.isEmpty ? [] : [Self.moved(later, nil, inSection: nil, suffix: " in later sections")]
    }

    // MARK: - Words

    static let keptItsPlace = "kept its size and place"

    /// Whether the feed has one section: cards are then named without it.
    private var single: Bool {
        guard let layout else { return true }
        return Set(layout.elements.map(\.indexPath.section)).count <= 1
    }

    private func card(_ section: Int, _ item: Int) -> String {
        single ? "card \(item)" : "card \(item) of section \(section)"
    }

    private func cardCount(section: Int? = nil) -> Int {
        layout?.elements.filter { $0.kind == .cell && (section == nil || $0.indexPath.section == section) }.count
            ?? 0
    }

    private func contentSizeChange(_ diff: LayoutDiff) -> String? {
        let old = diff.oldContentSize
        let new = diff.newContentSize
        let dh = new.height - old.height
        let dw = new.width - old.width
        if abs(dh) >= 0.05 { return "the feed got \(Self.points(abs(dh))) \(dh > 0 ? "taller" : "shorter")" }
        if abs(dw) >= 0.05 { return "the feed got \(Self.points(abs(dw))) \(dw > 0 ? "wider" : "narrower")" }
        return nil
    }

    /// `grew by 18 pt`, `got narrower by 61.5 pt and moved`, `moved down 12 pt`, `appeared`.
    static func described(_ change: LayoutChange) -> String {
        switch change.kind {
        case .appeared: return "appeared"
        case .disappeared: return "went"
        case .moved: return "moved " + direction(change)
        case .resized, .movedAndResized:
            guard let old = change.old, let new = change.new else { return "changed" }
            var said: [String] = []
            let dh = new.height - old.height
            let dw = new.width - old.width
            if abs(dh) >= 0.05 { said.append("\(dh > 0 ? "grew" : "shrank") by \(points(abs(dh)))") }
            if abs(dw) >= 0.05 { said.append("got \(dw > 0 ? "wider" : "narrower") by \(points(abs(dw)))") }
            if said.isEmpty { said.append("changed size by less than 0.1 pt") }
            if change.kind == .movedAndResized { said.append("moved") }
            return said.joined(separator: " and ")
        }
    }

    /// `4 cards below it moved down 18 pt`, or `4 cards moved` when they moved by different amounts.
    static func moved(
        _ changes: [LayoutChange], _ qualifier: String?, inSection section: Int? = nil, suffix: String = ""
    ) -> String {
        let noun = changes.count == 1 ? "card" : "cards"
        var subject =
            qualifier == "other"
            ? "\(changes.count) other \(noun)" : "\(changes.count) \(noun)" + (qualifier.map { " " + $0 } ?? "")
        if let section { subject += " of section \(section)" }
        subject += suffix
        let directions = Set(changes.map(direction))
        if directions.count == 1, let only = directions.first, !only.isEmpty { return subject + " moved " + only }
        return subject + " moved"
    }

    /// `down 18 pt`, `right 4 pt and down 2 pt`.
    static func direction(_ change: LayoutChange) -> String {
        guard let old = change.old, let new = change.new else { return "" }
        var said: [String] = []
        let dy = new.minY - old.minY
        let dx = new.minX - old.minX
        if abs(dy) >= 0.05 { said.append("\(dy > 0 ? "down" : "up") \(points(abs(dy)))") }
        if abs(dx) >= 0.05 { said.append("\(dx > 0 ? "right" : "left") \(points(abs(dx)))") }
        return said.joined(separator: " and ")
    }

    static func points(_ value: Double) -> String { "\(ShortestNumber.readable(value)) pt" }

    /// `1 card`, `3 cards`.
    static func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
    }

    /// The parts joined with semicolons, the first letter capitalized, a full stop at the end.
    static func sentence(_ parts: [String]) -> String {
        let text = parts.joined(separator: "; ")
        return text.prefix(1).uppercased() + text.dropFirst() + "."
    }
}

extension LayoutChange {
    /// Whether the element is somewhere else now.
    var isMove: Bool { kind == .moved || kind == .movedAndResized }
    /// Whether the element has another size now.
    var isResize: Bool { kind == .resized || kind == .movedAndResized }
}
