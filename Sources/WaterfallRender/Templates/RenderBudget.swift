import Mustache

/// How much a page rendered from templates may write, in UTF-8 bytes, and how much it has:
/// charged while swift-mustache renders, so that a template repeating its lists inside each other
/// stops early instead of writing for hours.
///
/// The allowance grows with what is rendered: ``fixedBytes``, each template's own text once
/// (with its partials in place), ``entryBytes`` for each context rendered and each entry of its
/// lists, and ``contentFactor`` times the bytes of its text values. Rendering charges each value
/// written, each template's text and, for each repetition of a list section, that section's text
/// (see ``TemplateCosts``). Each repetition costs at least 64 bytes, so the repetitions are
/// bounded by the content as well.
///
/// One budget serves one page, across the renders that write it (the HTML renderer renders its
/// elements one by one). Not thread-safe: a render runs on one thread.
final class RenderBudget {
    /// What every page may write, whatever its content.
    static let fixedBytes = 1 << 20
    /// What each entry of the content may add: an element, a text run, a check.
    static let entryBytes = 16 << 10
    /// How many times the content's text may be written: once in the page, once more in an
    /// attribute, and some to spare.
    static let contentFactor = 4
    /// How deep the content is measured; contexts are trees a few levels deep.
    static let maximumMeasuredDepth = 64

    private(set) var allowance = RenderBudget.fixedBytes
    private(set) var charged = 0
    /// The bytes the renders returned.
    private(set) var written = 0
    private(set) var entries = 0
    private(set) var contentBytes = 0
    /// The templates whose own text the allowance holds.
    private var templates: Set<String> = []
    /// The name of the list repeated last: where the render stopped when it did.
    private(set) var lastList: String?
    var costs: TemplateCosts?

    /// Whether the render has charged more than it is allowed; it then writes nothing more.
    var isExhausted: Bool { charged > allowance }

    /// Grows the allowance by what `context` holds; `names` are the names templates may look
    /// up in it (a ``MustacheParent`` tells its children only by name).
    func allow(_ context: Any, names: Set<String>) {
        let before = (entries, contentBytes)
        entries += 1
        measure(context, names: names, depth: 0)
        let added = (entries - before.0) * Self.entryBytes + (contentBytes - before.1) * Self.contentFactor
        allowance = TemplateCosts.sum(allowance, added)
    }

    /// Grows the allowance by the text of `template` the first time it is rendered, and starts
    /// a render of it: no list repeated yet.
    func allow(template: String, bytes: Int) {
        lastList = nil
        guard templates.insert(template).inserted else { return }
        allowance = TemplateCosts.sum(allowance, bytes)
    }

    /// Charges `bytes`; `false` when the allowance is spent.
    func charge(_ bytes: Int) -> Bool {
        charged = TemplateCosts.sum(charged, bytes)
        return !isExhausted
    }

    /// Charges one repetition of the list found under `name`; `false` when the allowance is spent.
    func chargeRepetition(of name: String) -> Bool {
        lastList = name
        return charge(costs?.repetition[name] ?? costs?.largestRepetition ?? TemplateCosts.repetitionBytes)
    }

    /// Counts `bytes` as returned by a render; `false` when the renders wrote more than allowed.
    func write(_ bytes: Int) -> Bool {
        written = TemplateCosts.sum(written, bytes)
        return written <= allowance
    }

    /// The allowance and what it is made of, for messages.
    var limit: String {
        "\(Self.text(allowance)) (\(Self.text(Self.fixedBytes)), \(Self.text(Self.entryBytes)) for each of "
            + "\(entries) entries, \(Self.contentFactor) times their \(Self.text(contentBytes)) of text)"
    }

    /// `bytes` in bytes, KiB or MiB.
    static func text(_ bytes: Int) -> String {
        if bytes < 1 << 10 { return "\(bytes) bytes" }
        let (unit, size) = bytes < 1 << 20 ? ("KiB", Double(bytes) / 1024) : ("MiB", Double(bytes) / 1_048_576)
        let rounded = (size * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) \(unit)" : "\(rounded) \(unit)"
    }

    private func measure(_ value: Any, names: Set<String>, depth: Int) {
        guard depth < Self.maximumMeasuredDepth, let value = ContextValue.unwrapped(value) else { return }
        switch value {
        case let text as String:
            contentBytes += text.utf8.count
        case is Bool, is any BinaryInteger, is any BinaryFloatingPoint, is MustacheLambda, is MustacheTemplate:
            break
        case let renderable as MustacheCustomRenderable where !(renderable is MustacheParent):
            contentBytes += renderable.renderText.utf8.count
        case let list as any MustacheSequence:
            for element in ContextValue.iterator(of: list) {
                entries += 1
                measure(element, names: names, depth: depth + 1)
            }
        case let dictionary as [String: Any]:
            for child in dictionary.values { measure(child, names: names, depth: depth + 1) }
        case let parent as MustacheParent:
            for name in names {
                if let child = parent.child(named: name) { measure(child, names: names, depth: depth + 1) }
            }
        default:
            for child in Mirror(reflecting: value).children { measure(child.value, names: names, depth: depth + 1) }
        }
    }
}
