import WaterfallSpec

/// One step of an input change, as it applies to a record of inputs: what the recorded inputs
/// say once that change alone is made.
///
/// ``InputChange/changes(from:to:)`` notes them as it finds the changes; ``SeparateEffects``
/// applies one change's edits to lay out what that change did on its own.
enum InputEdit: Sendable, Hashable {
    /// A step down a value: a key of a mapping, or an index of a list.
    enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// Whose value an edit changes: the spec document's, or the records of the data file at that
    /// place in ``RecordedInputs/data``.
    enum Root: Sendable, Hashable {
        case spec
        case data(Int)
    }

    /// The value at the path becomes this one; `nil` removes the key.
    case set(Root, [Component], SpecValue?)
    /// In the list at the path, `removing` elements from `at` on give way to `inserting`.
    case splice(Root, [Component], at: Int, removing: Int, inserting: [SpecValue])
    /// The image at `path` (as the spec names it) has this size in pixels.
    case image(path: String, width: Int, height: Int)
}

extension RecordedInputs {
    /// The record with `edits` made, in order; `nil` when one does not fit it (a path it does
    /// not have, an index past a list's end).
    func applying(_ edits: [InputEdit]) -> RecordedInputs? {
        var record = self
        for edit in edits {
            switch edit {
            case .set(let root, let path, let value):
                guard record.update(root, { $0.setting(value, at: path[...]) }) else { return nil }
            case .splice(let root, let path, let at, let removing, let inserting):
                let made = record.update(root) { value in
                    value.updating(at: path[...]) { list in
                        guard case .list(var elements) = list, at >= 0, removing >= 0, at + removing <= elements.count
                        else { return nil }
                        elements.replaceSubrange(at..<(at + removing), with: inserting)
                        return .list(elements)
                    }
                }
                guard made else { return nil }
            case .image(let path, let width, let height):
                guard let index = record.images.firstIndex(where: { $0.path == path }) else { return nil }
                record.images[index].width = width
                record.images[index].height = height
            }
        }
        return record
    }

    /// Replaces the value at `root` by what `change` makes of it; `false` when it makes nothing.
    private mutating func update(_ root: InputEdit.Root, _ change: (SpecValue) -> SpecValue?) -> Bool {
        switch root {
        case .spec:
            guard let document = spec, let changed = change(document) else { return false }
            spec = changed
        case .data(let index):
            guard data.indices.contains(index), let changed = change(.list(data[index].records)),
                case .list(let records) = changed
            else { return false }
            data[index].records = records
        }
        return true
    }
}

extension SpecValue {
    /// The value with the one at `path` replaced by `value`, or its key removed when `value` is
    /// `nil`; `nil` when the path leads nowhere.
    fileprivate func setting(_ value: SpecValue?, at path: ArraySlice<InputEdit.Component>) -> SpecValue? {
        guard let last = path.last else { return value }
        return updating(at: path.dropLast()) { parent in
            switch (parent, last) {
            case (.map(var map), .key(let key)):
                map[key] = value
                return .map(map)
            case (.list(var list), .index(let index)) where list.indices.contains(index):
                guard let value else { return nil }
                list[index] = value
                return .list(list)
            default:
                return nil
            }
        }
    }

    /// The value with the one at `path` replaced by what `change` makes of it; `nil` when the
    /// path leads nowhere or `change` makes nothing.
    fileprivate func updating(
        at path: ArraySlice<InputEdit.Component>, _ change: (SpecValue) -> SpecValue?
    ) -> SpecValue? {
        guard let first = path.first else { return change(self) }
        switch (self, first) {
        case (.map(var map), .key(let key)):
            guard let child = map[key], let changed = child.updating(at: path.dropFirst(), change) else { return nil }
            map[key] = changed
            return .map(map)
        case (.list(var list), .index(let index)) where list.indices.contains(index):
            guard let changed = list[index].updating(at: path.dropFirst(), change) else { return nil }
            list[index] = changed
            return .list(list)
        default:
            return nil
        }
    }
}
