import WaterfallSpec

/// One input value that changed between the recording of a spec's baselines and this check, in
/// the spec's own terms: `sections[1].columns: 2 → 3`, `data/shop.plist [12].price: 199 → 219`,
/// `images/a.jpg: the file changed`.
///
/// ``changes(from:to:)`` finds them; ``CauseWriter`` says what each one did to the layout.
public struct InputChange: Sendable, Hashable {
    /// What part of the feed a change is about: where its consequences are looked for.
    public enum Scope: Sendable, Hashable {
        /// The whole feed (its width, defaults, style).
        case spec
        /// One section's settings or style.
        case section(Int)
        /// A section's header.
        case header(Int)
        /// A section's footer.
        case footer(Int)
        /// Some items of a section.
        case items(section: Int, items: [Int])
        /// Items inserted into a section or removed from it, from item `first` on.
        case itemCount(section: Int, old: Int, new: Int, first: Int)
        /// What draws text: the libraries and fonts of the renderer.
        case renderer
    }

    /// The change in one line, in the spec's terms.
    public var text: String
    /// Where the value is: `sections[1].columns`, `data/shop.plist [12].price`, an image's path.
    public var path: String
    /// What it is about.
    public var scope: Scope
    /// The key whose value changed (`columns`), for the consequences particular to it.
    public var key: String?
    /// The value it has now, when it is one value.
    public var newValue: SpecValue?
    /// How to apply the change alone to the recorded inputs; empty when it cannot be (a font
    /// file's bytes, which the record does not keep).
    var edits: [InputEdit] = []

    /// Creates a change.
    public init(text: String, path: String? = nil, scope: Scope, key: String? = nil, newValue: SpecValue? = nil) {
        self.text = text
        self.path = path ?? text
        self.scope = scope
        self.key = key
        self.newValue = newValue
    }

    /// The most changes found before the rest are counted only.
    static let maximumChanges = 10_000
    /// More changes than this of one pattern (`sections[0].items[*].title`) are said in one line.
    static let groupedAbove = 3

    /// The input values that differ between `old` and `new`: the spec's, then each data file's
    /// records, then the images, then the font files; changes of one key in many items are
    /// grouped into one line.
    public static func changes(from old: RecordedInputs, to new: RecordedInputs) -> [InputChange] {
        var finder = Finder()
        switch (old.spec, new.spec) {
        case (let old?, let new?): finder.compare(old, new, path: [], root: .spec)
        case (nil, nil): break
        default: finder.found.append(InputChange(text: "the spec changed", scope: .spec))
        }
        for (index, (before, after)) in zip(old.data, new.data).enumerated() {
            let root = Finder.Root.data(index, after)
            if before.file != after.file || before.at != after.at {
                continue  // Said by the spec's own change of `itemsFrom`.
            }
            finder.compare(.list(before.records), .list(after.records), path: [], root: root)
        }
        let oldImages = Dictionary(old.images.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for image in new.images {
            guard let before = oldImages[image.path], before.sha256 != image.sha256 else { continue }
            let size =
                before.width != image.width || before.height != image.height
                ? ": \(before.width) × \(before.height) px → \(image.width) × \(image.height) px"
                : ": the file changed"
            // The cards that draw it now are where it shows.
            let cards = image.cards.filter { $0.count == 2 }
            let sections = Set(cards.map { $0[0] })
            let scope: Scope =
                sections.count == 1 ? .items(section: cards[0][0], items: cards.map { $0[1] }) : .spec
            var change = InputChange(text: image.path + size, path: image.path, scope: scope, key: "image")
            change.edits = [.image(path: image.path, width: image.width, height: image.height)]
            finder.found.append(change)
        }
        // A font file renamed, added or removed is a change of the spec's `fonts`, said above.
        let oldFonts = Dictionary(old.fonts.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        for (index, font) in new.fonts.enumerated() {
            guard let before = oldFonts[font.path], before != font.sha256 else { continue }
            finder.found.append(
                InputChange(
                    text: "\(font.path): the font file changed", path: "fonts[\(index)]", scope: .spec, key: "fonts"))
        }
        if finder.truncated > 0 {
            finder.found.append(InputChange(text: "and \(finder.truncated) more input values changed", scope: .spec))
        }
        return group(finder.found)
    }

    /// Changes of one key in more than ``groupedAbove`` elements of one list, said in one line.
    static func group(_ changes: [InputChange]) -> [InputChange] {
        var patterns: [String: [Int]] = [:]
        var order: [String] = []
        for (index, change) in changes.enumerated() {
            let pattern = Self.pattern(of: change)
            if patterns[pattern] == nil { order.append(pattern) }
            patterns[pattern, default: []].append(index)
        }
        var grouped: [InputChange] = []
        for pattern in order {
            let members = patterns[pattern]!.map { changes[$0] }
            guard members.count > groupedAbove, pattern.contains("[*]") else {
                grouped += members
                continue
            }
            let scope: Scope
            let sections = Set(
                members.compactMap { change -> Int? in
                    if case .items(let section, _) = change.scope { return section }
                    return nil
                })
            if sections.count == 1, let section = sections.first {
                let items = members.flatMap { change -> [Int] in
                    if case .items(_, let items) = change.scope { return items }
                    return []
                }
                scope = .items(section: section, items: items)
            } else {
                scope = .spec
            }
            let noun = pattern.contains("items[*]") ? "items" : pattern.contains("sections[*]") ? "sections" : "records"
            var group = InputChange(
                text: "\(pattern) changed in \(members.count) \(noun)", path: pattern, scope: scope,
                key: members[0].key)
            group.edits = members.flatMap(\.edits)
            grouped.append(group)
        }
        return grouped
    }

    /// The change's path with its last index as `[*]`: what changes of one key in many items share.
    private static func pattern(of change: InputChange) -> String {
        let trimmed = change.path
        guard let open = trimmed.lastIndex(of: "["), let close = trimmed[open...].firstIndex(of: "]"),
            trimmed[trimmed.index(after: open)..<close].allSatisfy(\.isNumber)
        else { return change.text }
        return trimmed[..<open] + "[*]" + trimmed[trimmed.index(after: close)...]
    }
}

/// Walks two normalized values side by side, noting each difference with its path.
private struct Finder {
    typealias Component = InputEdit.Component

    /// Whose values are compared: the spec's, or one data file's records (the file's place in
    /// the record, and the records as they are now).
    enum Root {
        case spec
        case data(Int, SpecInputs.DataSource)
    }

    /// Where an edit of a value under `root` applies.
    static func editRoot(_ root: Root) -> InputEdit.Root {
        switch root {
        case .spec: .spec
        case .data(let index, _): .data(index)
        }
    }

    var found: [InputChange] = []
    var truncated = 0

    mutating func compare(_ old: SpecValue, _ new: SpecValue, path: [Component], root: Root) {
        guard old != new else { return }
        switch (old, new) {
        case (.map(let before), .map(let after)):
            for key in Set(before.keys).union(after.keys).sorted() {
                let child = path + [.key(key)]
                switch (before[key], after[key]) {
                case (let was?, let now?): compare(was, now, path: child, root: root)
                case (nil, let now?):
                    note(now.isShort ? ": set to \(now.readable)" : " added", path: child, root: root, new: now)
                case (let was?, nil):
                    note(was.isShort ? " removed (was \(was.readable))" : " removed", path: child, root: root)
                case (nil, nil): break
                }
            }
        case (.list(let before), .list(let after)):
            compareLists(before, after, path: path, root: root)
        default:
            if old.isShort && new.isShort {
                note(": \(old.readable) → \(new.readable)", path: path, root: root, new: new)
            } else if case .string(let was) = old, case .string(let now) = new, was.count != now.count {
                note(" changed (\(was.count) → \(now.count) characters)", path: path, root: root, new: new)
            } else if case .string = old, case .string = new {
                note(" changed", path: path, root: root, new: new)
            } else {
                note(": \(old.readable) → \(new.readable)", path: path, root: root, new: new)
            }
        }
    }

    /// Lists of one length are compared element by element; otherwise the elements inserted or
    /// removed are found between the common beginning and end, as an edit of one place makes them.
    mutating func compareLists(_ old: [SpecValue], _ new: [SpecValue], path: [Component], root: Root) {
        guard old.count != new.count else {
            for index in old.indices { compare(old[index], new[index], path: path + [.index(index)], root: root) }
            return
        }
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let removed = old.count - prefix - suffix
        let inserted = new.count - prefix - suffix
        // Changed in place where both have elements between the common ends; the rest came or went.
        let paired = min(removed, inserted)
        for offset in 0..<paired {
            compare(old[prefix + offset], new[prefix + offset], path: path + [.index(prefix + offset)], root: root)
        }
        let first = prefix + paired
        let count = max(removed, inserted) - paired
        let range = count == 1 ? "[\(first)]" : "[\(first)…\(first + count - 1)]"
        let verb = inserted > removed ? "inserted" : "removed"
        let noun = count == 1 ? "" : " (\(count) \(Self.noun(of: path, root: root)))"
        let place = Self.text(path, root: root) + range
        let text = place + " " + verb + noun
        let scope: InputChange.Scope
        if case .data(_, let source) = root {
            scope = .itemCount(
                section: source.section, old: source.firstItem + old.count, new: source.firstItem + new.count,
                first: source.firstItem + first)
        } else if path.count == 3, path[0] == .key("sections"), case .index(let section) = path[1],
            path[2] == .key("items")
        {
            scope = .itemCount(section: section, old: old.count, new: new.count, first: first)
        } else {
            scope = Self.scope(of: path, root: root)
        }
        var change = InputChange(text: text, path: place, scope: scope, key: Self.lastKey(path))
        change.edits = [
            .splice(
                Self.editRoot(root), path, at: first, removing: removed - paired,
                inserting: Array(new[first..<(first + inserted - paired)]))
        ]
        append(change)
    }

    mutating func note(_ what: String, path: [Component], root: Root, new: SpecValue? = nil) {
        let place = Self.text(path, root: root)
        var change = InputChange(
            text: place + what, path: place, scope: Self.scope(of: path, root: root), key: Self.lastKey(path),
            newValue: new)
        change.edits = [.set(Self.editRoot(root), path, new)]
        append(change)
    }

    mutating func append(_ change: InputChange) {
        guard found.count < InputChange.maximumChanges else {
            truncated += 1
            return
        }
        found.append(change)
    }

    static func noun(of path: [Component], root: Root) -> String {
        if case .data = root, path.isEmpty { return "records" }
        if case .key(let key)? = path.last { return key }
        return "elements"
    }

    static func lastKey(_ path: [Component]) -> String? {
        for component in path.reversed() {
            if case .key(let key) = component { return key }
        }
        return nil
    }

    /// `sections[1].columns`; `data/shop.plist products[12].price` for a data file's record.
    static func text(_ path: [Component], root: Root) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key):
                let plain = !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                let shown = plain ? key : key.debugDescription
                text += text.isEmpty ? shown : "." + shown
            case .index(let index): text += "[\(index)]"
            }
        }
        guard case .data(_, let source) = root else { return text.isEmpty ? "the spec" : text }
        return source.file + " " + source.at + text
    }

    static func scope(of path: [Component], root: Root) -> InputChange.Scope {
        if case .data(_, let source) = root {
            guard case .index(let record)? = path.first else { return .section(source.section) }
            return .items(section: source.section, items: [source.firstItem + record])
        }
        guard path.count >= 2, path[0] == .key("sections"), case .index(let section) = path[1] else { return .spec }
        guard path.count >= 3 else { return .section(section) }
        switch path[2] {
        case .key("header"): return .header(section)
        case .key("footer"): return .footer(section)
        case .key("items"):
            guard path.count >= 4, case .index(let item) = path[3] else { return .section(section) }
            return .items(section: section, items: [item])
        default: return .section(section)
        }
    }
}
