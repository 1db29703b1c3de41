import Mustache

/// The values of a render's context, wrapped so that the renderer charges a ``RenderBudget``
/// for what it writes and repeats, and stops when it is spent.
///
/// swift-mustache gives no hook into its rendering but the values it is given: it asks a
/// ``MustacheParent`` for its children, iterates a ``MustacheSequence``, and asks a
/// ``MustacheCustomRenderable`` for its text. The wrappers answer as the values they wrap would,
/// their children wrapped in turn; once the budget is spent, every child is missing, every list
/// ends and every text is empty, so the render unwinds at once.
enum ContextValue {
    /// `value` wrapped for `budget`; `name` is the name it was found under.
    ///
    /// Booleans, numbers, lambdas and templates are left as they are: they hold nothing and
    /// write little, and the renderer tells them by their type.
    static func wrap(_ value: Any, name: String, budget: RenderBudget) -> Any {
        guard let value = unwrapped(value) else { return value }
        switch value {
        case is Bool, is any BinaryInteger, is any BinaryFloatingPoint, is MustacheLambda, is MustacheTemplate,
            is BudgetedValue, is BudgetedList:
            return value
        case let list as any MustacheSequence:
            return BudgetedList(base: list, name: name, budget: budget)
        default:
            return BudgetedValue(base: value, name: name, budget: budget)
        }
    }

    /// `value` as the renderer sees it: its Mustache representation, outside any `Optional`;
    /// `nil` for a missing value.
    static func unwrapped(_ value: Any) -> Any? {
        var value = value
        if let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrapped else { return nil }
            value = wrapped
        }
        if let custom = value as? MustacheCustomRepresentation { return custom.representation }
        return value
    }

    /// The elements of `sequence`, as `Any`.
    static func iterator(of sequence: some Sequence) -> AnyIterator<Any> {
        var iterator = sequence.makeIterator()
        return AnyIterator { iterator.next() }
    }
}

/// An `Optional` of any type, seen through `Any`.
protocol OptionalValue {
    var wrapped: Any? { get }
}

extension Optional: OptionalValue {
    var wrapped: Any? { self }
}

/// A value of the context other than a list: its children wrapped, its text charged.
struct BudgetedValue: MustacheParent, MustacheCustomRenderable, MustacheTransformable {
    let base: Any
    let name: String
    let budget: RenderBudget

    func child(named name: String) -> Any? {
        guard !budget.isExhausted else { return nil }
        let child: Any?
        if let parent = base as? MustacheParent {
            child = parent.child(named: name)
        } else {
            child = Mirror(reflecting: base).children.first { $0.label == name }?.value
        }
        guard let child, ContextValue.unwrapped(child) != nil else { return nil }
        return ContextValue.wrap(child, name: name, budget: budget)
    }

    var renderText: String {
        let text = (base as? MustacheCustomRenderable)?.renderText ?? String(describing: base)
        return budget.charge(text.utf8.count) ? text : ""
    }

    var isNull: Bool { (base as? MustacheCustomRenderable)?.isNull ?? false }

    func transform(_ name: String) -> Any? {
        guard let result = (base as? MustacheTransformable)?.transform(name) else { return nil }
        return ContextValue.wrap(result, name: self.name, budget: budget)
    }
}

/// A list of the context: each repetition charged (``RenderBudget/chargeRepetition(of:)``),
/// its elements wrapped.
struct BudgetedList: MustacheSequence, MustacheCustomRenderable, MustacheTransformable, CustomReflectable {
    let base: any MustacheSequence
    let name: String
    let budget: RenderBudget

    struct Iterator: IteratorProtocol {
        var base: AnyIterator<Any>
        let name: String
        let budget: RenderBudget

        mutating func next() -> Any? {
            guard !budget.isExhausted, let element = base.next(), budget.chargeRepetition(of: name) else {
                return nil
            }
            return ContextValue.wrap(element, name: ".", budget: budget)
        }
    }

    func makeIterator() -> Iterator {
        Iterator(base: ContextValue.iterator(of: base), name: name, budget: budget)
    }

    var renderText: String {
        let text = String(describing: base)
        return budget.charge(text.utf8.count) ? text : ""
    }

    var isNull: Bool { false }

    func transform(_ name: String) -> Any? {
        guard let result = (base as? MustacheTransformable)?.transform(name) else { return nil }
        return ContextValue.wrap(result, name: self.name, budget: budget)
    }

    /// No children, as a list has none for the renderer.
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
