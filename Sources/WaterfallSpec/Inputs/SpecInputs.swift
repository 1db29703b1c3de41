/// What a spec was drawn from, in a normalized form: the spec document and the records of each
/// data file it read.
///
/// `Spec.load(path:keepingInputs:allowing:roots:)` keeps them; `check --record` stores them beside the
/// baselines so that a later check can say which input values changed.
public struct SpecInputs: Sendable, Hashable, Codable {
    /// The records one `itemsFrom` read, and which items they became.
    public struct DataSource: Sendable, Hashable, Codable {
        /// The data file as the spec names it (`data/shop.plist`), relative to the spec.
        public var file: String
        /// The dotted path of the list of records in the file (`products`), empty for the root.
        public var at: String
        /// The section the records became items of.
        public var section: Int
        /// The item the first record became; record `k` is item `firstItem + k`.
        public var firstItem: Int
        /// The records, in the file's order.
        public var records: [SpecValue]

        /// Creates a data source of `records`, read from `file` at `at` into `section`.
        public init(file: String, at: String, section: Int, firstItem: Int, records: [SpecValue]) {
            self.file = file
            self.at = at
            self.section = section
            self.firstItem = firstItem
            self.records = records
        }
    }

    /// The spec document; `nil` when it holds more than ``SpecValue/maximumValues`` values.
    public var document: SpecValue?
    /// Each `itemsFrom`'s records, in the order the spec reads them; empty when the records
    /// together with the document hold too many values to keep.
    public var dataSources: [DataSource]

    /// Creates the inputs of a spec.
    public init(document: SpecValue?, dataSources: [DataSource] = []) {
        self.document = document
        self.dataSources = dataSources
    }
}
