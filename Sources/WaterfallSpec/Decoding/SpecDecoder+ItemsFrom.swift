import Foundation
import WaterfallCore
import Yams

extension SpecDecoder {
    static let itemsFromKeys = ["file", "at", "fields"]
    /// The card fields a data file's records can give, each the item key it stands for (`width`
    /// and `height` together are the item's `size`, the image's size; `cardHeight` is its `height`).
    static let dataFieldNames = [
        "image", "width", "height", "cardHeight", "title", "subtitle", "meta", "color", "textColor", "cornerRadius",
        "titleLines", "span",
    ]
    /// Fields a record may lack: the card goes without them.
    ///
    /// A record lacks a field when it has not the key, holds null or an empty CSV field. The others (`image`, `width`, `height`, `cardHeight`) must be in every record.
    static let optionalDataFields: Set = [
        "title", "subtitle", "meta", "color", "textColor", "cornerRadius", "titleLines", "span",
    ]
    /// The most text one field's template may expand to, in UTF-8 bytes.
    ///
    /// A template that repeats a placeholder multiplies its value: `{v}` five thousand times over
    /// a 100 KB value is 500 MB. The limits are checked while the text is put together, so no
    /// more than they allow is ever held.
    static let maximumFieldTextBytes = 1 << 20
    /// The most text all of a data file's templates may expand to together, in UTF-8 bytes.
    static let maximumTemplateTextBytes = 64 << 20

    /// The items of `itemsFrom: {file, at, fields}`: one a record of the data file.
    ///
    /// Each record becomes the item a spec would write with the mapped keys, read by the same
    /// code, so every value is checked as a spec's is; an error names the data file, the record's
    /// path in it and the record's own key.
    mutating func itemsFrom(
        _ field: Field, columns: Int, horizontal: Bool, firstItem: Int = 0
    ) throws(SpecError) -> [SpecItem] {
        let keys = try field.mapping(allowed: Self.itemsFromKeys)
        guard let fileField = keys["file"] else { throw field.error("missing key \"file\"") }
        guard let fieldsField = keys["fields"] else { throw field.error("missing key \"fields\"") }
        let file = try fileField.dataFilePath()
        let mapping = try dataFields(fieldsField, horizontal: horizontal)
        let at = try keys["at"].map { (at) throws(SpecError) in try at.dottedPath() } ?? []

        let name = baseDirectory == "." ? file : Path.resolve(file, from: baseDirectory)
        let data: DataFile
        let list: [Field]
        if let recordedData {
            // Decoded from recorded inputs: the records read then, not the file as it is now.
            let joined = at.joined(separator: ".")
            guard
                let index = recordedData.indices.first(where: {
                    !takenData.contains($0) && recordedData[$0].file == file && recordedData[$0].at == joined
                })
            else { throw fileField.error("\(name): its records are not in the recorded inputs") }
            takenData.insert(index)
            data = DataFile(name: name, root: .sequence(Node.Sequence(recordedData[index].records.map(\.node))))
            list = try data.records(at: [])
        } else {
            try checkReadable(file, at: fileField)
            do {
                data = try DataFile.load(path: file, name: name, rule: readRule, base: baseDirectory)
            } catch let error as SpecError {
                throw error
            } catch DataFile.AccessProblem.problem(let message) {
                throw fileField.error(message)
            } catch {
                throw fileField.error("\(name): cannot be read (\(error))")
            }
            dataFiles.append(name)
            list = try data.records(at: at)
        }
        if keepsInputs, inputBudget >= 0 {
            var records: [SpecValue] = []
            for record in list {
                guard let value = SpecValue.of(record.node, budget: &inputBudget) else { break }
                records.append(value)
            }
            dataSources.append(
                SpecInputs.DataSource(
                    file: file, at: at.joined(separator: "."), section: sectionIndex, firstItem: firstItem,
                    records: records))
        }
        try checkOptionalKeys(mapping, fields: fieldsField, records: list)
        try reserve(list.count, at: field)
        // Image paths in the file are relative to the file's folder; the spec's are relative to
        // the spec's folder, and `file` is relative to that.
        imageFolder = file.folderPart
        dataFileName = data.name
        defer {
            imageFolder = ""
            dataFileName = nil
        }
        var items: [SpecItem] = []
        items.reserveCapacity(list.count)
        var expanded = 0
        for (index, record) in list.enumerated() {
            do {
                let item = try self.item(from: record, mapping: mapping, columns: columns, expanded: &expanded)
                // A CSV record's values have no position of their own: the record's line is theirs.
                if let image = item.image, imagePlaces[image]?.dataFile == data.name, imagePlaces[image]?.line == nil {
                    imagePlaces[image]?.line = data.recordLines?[index]
                }
                items.append(item)
            } catch {
                var error = error
                error.file = data.name
                if error.line == nil {
                    error.line = data.recordLines?[index] ?? record.node.mark?.line
                    error.column = data.recordLines == nil ? record.node.mark?.column : nil
                }
                throw error
            }
        }
        return items
    }

    /// `fields`: each card field and where its value comes from.
    private func dataFields(_ field: Field, horizontal: Bool) throws(SpecError) -> [(String, FieldSource)] {
        let keys = try field.mapping(allowed: Self.dataFieldNames)
        var mapping: [(String, FieldSource)] = []
        for name in Self.dataFieldNames {
            guard let value = keys[name] else { continue }
            do {
                mapping.append((name, try FieldSource(value.string())))
            } catch {
                throw error.location.isEmpty ? value.error(error.message) : error
            }
        }
        if (keys["width"] == nil) != (keys["height"] == nil) {
            throw (keys["width"] ?? keys["height"] ?? field).error(
                "give \"width\" and \"height\" together: they are the image's size")
        }
        if horizontal, let cardHeight = keys["cardHeight"] {
            throw cardHeight.error("a horizontal feed's cards give no height; map \"width\" and \"height\" or an image")
        }
        guard !mapping.isEmpty else { throw field.error("must map at least one card field") }
        return mapping
    }

    /// Refuses an optional field whose key, or a key its template names, no record has.
    ///
    /// Such a key is a typo (`{prise}`) that would otherwise drop the field from every card without
    /// a word. A key that only some records lack is left to them.
    private func checkOptionalKeys(
        _ mapping: [(String, FieldSource)], fields: Field, records: [Field]
    ) throws(SpecError) {
        // A record that is no mapping is refused as it is read, with its place.
        let keyed = records.allSatisfy {
            if case .mapping = $0.node { return true }
            return false
        }
        guard !records.isEmpty, keyed else { return }
        let entries = try fields.mapping(allowed: Self.dataFieldNames)
        for (name, source) in mapping where Self.optionalDataFields.contains(name) {
            for key in source.keys where !records.contains(where: { (try? $0.value(at: key)) != nil }) {
                var known = Set<String>()
                for record in records {
                    if case .mapping(let pairs) = record.node {
                        known.formUnion(pairs.keys.compactMap { $0.scalar?.string })
                    }
                }
                let hint = KeySuggestion.closest(to: key, in: known.sorted()).map { " (did you mean \"\($0)\"?)" } ?? ""
                let named =
                    switch source {
                    case .key: "\"\(key)\" is"
                    case .template:
                        "the template \"\(entries[name].flatMap { try? $0.string() } ?? "")\" names \"\(key)\","
                    }
                throw (entries[name] ?? fields).error("\(named) a key no record has\(hint)")
            }
        }
    }

    /// The item a record stands for: the spec's item with the mapped keys, read by `item(_:columns:)`.
    ///
    /// - Parameter expanded: The text the data file's templates have expanded to so far, in bytes.
    private mutating func item(
        from record: Field, mapping: [(String, FieldSource)], columns: Int, expanded: inout Int
    ) throws(SpecError) -> SpecItem {
        guard case .mapping = record.node else {
            throw record.error("expected a record (a mapping), found \(record.kindName)")
        }
        var pairs: [(Node, Node)] = []
        var size: [(Node, Node)] = []
        // Where each key of the item stands in the record, for messages: the record's own key,
        // or, for a template's text, the record with the field named in the message.
        var places: [String: (location: String, prefix: String)] = [:]
        for (name, source) in mapping {
            let itemKey = name == "cardHeight" ? "height" : name
            let itemPath: String
            let value: Node
            switch source {
            case .key(let key):
                guard let found = try record.value(at: key) else {
                    if Self.optionalDataFields.contains(name) { continue }
                    throw missing(key, in: record)
                }
                guard found.tagName != .null else {
                    if Self.optionalDataFields.contains(name) { continue }
                    throw found.error("has no value")
                }
                value = found.node
                itemPath = name == "width" || name == "height" ? "size." + name : itemKey
                places[itemPath] = (found.path, "")
            case .template(let parts):
                let limit = min(Self.maximumFieldTextBytes, Self.maximumTemplateTextBytes - expanded)
                let filled: String?
                do {
                    filled = try record.fill(parts, required: !Self.optionalDataFields.contains(name), limit: limit)
                } catch {
                    switch error {
                    case .bad(let error): throw error
                    case .tooLong:
                        let message =
                            limit < Self.maximumFieldTextBytes
                            ? "the data file's templates expand to more than \(Self.maximumTemplateTextBytes >> 20) MiB of text in all"
                            : "expands to more than \(Self.maximumFieldTextBytes >> 20) MiB of text, the most one field may hold"
                        throw record.error("fields.\(name): \(message)")
                    }
                }
                guard let text = filled else { continue }
                expanded += text.utf8.count
                value = .scalar(Node.Scalar(text, DataTag.str))
                itemPath = name == "width" || name == "height" ? "size." + name : itemKey
                places[itemPath] = (record.path, "fields.\(name): ")
            }
            let key = Node.scalar(Node.Scalar(itemPath.hasPrefix("size.") ? name : itemKey, DataTag.str))
            if itemPath.hasPrefix("size.") { size.append((key, value)) } else { pairs.append((key, value)) }
        }
        if !size.isEmpty {
            pairs.append((.scalar(Node.Scalar("size", DataTag.str)), .mapping(Node.Mapping(size, DataTag.map))))
        }
        let hasContent = pairs.contains { pair in
            ["image", "size", "height", "title", "subtitle", "meta"].contains(pair.0.scalar?.string ?? "")
        }
        guard hasContent else {
            throw record.error("gives no image, size, height or text for its card (the keys mapped are all missing)")
        }
        do {
            return try item(
                Field(node: .mapping(Node.Mapping(pairs, DataTag.map)), path: record.path), columns: columns)
        } catch {
            let prefix = record.path + "."
            guard error.location.hasPrefix(prefix),
                let place = places[String(error.location.dropFirst(prefix.count))]
            else { throw error }
            var error = error
            error.location = place.location
            error.message = place.prefix + error.message
            throw error
        }
    }

    private func missing(_ key: String, in record: Field) -> SpecError {
        var keys: [String] = []
        if case .mapping(let mapping) = record.node {
            keys = Array(mapping.keys.compactMap { $0.scalar?.string })
        }
        // A one- or two-letter key (`w`, `h`) is one typo from every other: no suggestion then.
        let suggestion = key.count > 2 ? KeySuggestion.closest(to: key, in: keys) : nil
        let hint = suggestion.map { " (did you mean \"\($0)\"?)" } ?? ""
        return record.error("missing key \"\(key)\"\(hint)")
    }
}

extension DataFile {
    /// The list of records at the dotted path `at` (the root when it is empty).
    func records(at path: [String]) throws(SpecError) -> [Field] {
        do {
            return try list(at: path)
        } catch {
            throw error.file == nil ? error.inFile(name) : error
        }
    }

    private func list(at path: [String]) throws(SpecError) -> [Field] {
        var field = Field(node: root, path: "")
        for component in path { field = try field.step(component, lookingUp: true)! }
        guard case .sequence = field.node else {
            var hint = ""
            if path.isEmpty, case .mapping(let mapping) = field.node {
                let lists = mapping.compactMap { pair -> String? in
                    guard case .sequence = pair.value else { return nil }
                    return pair.key.scalar?.string
                }
                if let first = lists.first { hint = " (give \"at\": is the list at \"\(first)\"?)" }
            }
            throw field.error("expected a list of records, found \(field.kindName)\(hint)")
        }
        return try field.sequence()
    }
}

extension Field {
    /// The value at `key` in this record: the key itself, or, when the record has no such key, the
    /// dotted path it spells; `nil` when it is not there.
    func value(at key: String) throws(SpecError) -> Field? {
        if let value = try step(key, lookingUp: false) { return value }
        guard key.contains(".") else { return nil }
        var field = self
        for component in key.split(separator: ".", omittingEmptySubsequences: false) {
            guard let next = try field.step(String(component), lookingUp: false) else { return nil }
            field = next
        }
        return field
    }

    /// The child at `component`: a key of a mapping, an index of a list.
    ///
    /// With `lookingUp`, a child that is not there is an error (with a suggestion); without, it is `nil`.
    func step(_ component: String, lookingUp: Bool) throws(SpecError) -> Field? {
        switch node {
        case .mapping(let mapping):
            var found: Field?
            for (key, value) in mapping where key.scalar?.string == component {
                guard found == nil else { throw child(component, value).error("duplicate key") }
                found = child(component, value)
            }
            if found == nil, lookingUp {
                let keys = Array(mapping.keys.compactMap { $0.scalar?.string })
                let hint = KeySuggestion.closest(to: component, in: keys).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw error("no key \"\(component)\"\(hint)")
            }
            return found
        case .sequence(let sequence):
            guard let index = Int(component), index >= 0, index < sequence.count else {
                guard lookingUp else { return nil }
                throw error("is a list of \(sequence.count); \"\(component)\" is not one of its indexes")
            }
            return element(index, sequence[index])
        case .scalar, .alias:
            guard lookingUp else { return nil }
            throw error("is \(kindName), not a mapping or a list: \"\(component)\" cannot be looked up in it")
        }
    }

    /// Why a template could not be filled.
    enum FillFailure: Error {
        /// A key is missing or holds no text.
        case bad(SpecError)
        /// The text would pass the limit.
        case tooLong
    }

    /// A template's text with the record's values; `nil` when a key is missing and not `required`.
    ///
    /// - Parameter limit: The most UTF-8 bytes the text may have; it is checked before each piece
    ///   is added, so no longer text is ever made.
    func fill(_ parts: [FieldSource.Part], required: Bool, limit: Int) throws(FillFailure) -> String? {
        var text = ""
        for part in parts {
            let piece: String
            switch part {
            case .text(let literal):
                piece = literal
            case .key(let key):
                let found: Field?
                do { found = try value(at: key) } catch { throw .bad(error) }
                guard let value = found, value.tagName != .null else {
                    guard required else { return nil }
                    throw .bad(error("missing key \"\(key)\""))
                }
                guard case .scalar(let scalar) = value.node else {
                    throw .bad(value.error("expected text or a number for a template, found \(value.kindName)"))
                }
                piece = scalar.string
            }
            guard text.utf8.count + piece.utf8.count <= limit else { throw .tooLong }
            text += piece
        }
        return text
    }

    /// A data file's path: not empty, no control characters, and a local path rather than a URL.
    func dataFilePath() throws(SpecError) -> String {
        let path = try string()
        guard !path.isEmpty else { throw error("must not be empty") }
        guard !path.unicodeScalars.contains(where: \.isControl) else {
            throw error("must not contain control characters")
        }
        guard !path.hasURLScheme else { throw error("must be a local file path, not a URL") }
        return path
    }

    /// `data.items`, `pages.0.items`: the components of a dotted path.
    func dottedPath() throws(SpecError) -> [String] {
        let text = try string()
        let components = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !components.contains(where: \.isEmpty) else {
            throw error("must be a dotted path such as \"data.items\", not \"\(text)\"")
        }
        return components
    }
}

extension String {
    /// Whether it starts like a URL (`https:`, `data:`): two or more letters and a colon, the rule
    /// an item's `image` is held to.
    var hasURLScheme: Bool {
        guard let colon = firstIndex(of: ":") else { return false }
        let scheme = self[..<colon]
        return scheme.count > 1 && scheme.allSatisfy(\.isLetter)
    }
}
