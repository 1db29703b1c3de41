/// Where a value is written: in the spec, or in a data file it reads its items from (`itemsFrom`),
/// with the line, the column and the key path.
///
/// A spec keeps the place of each image path (``Spec/imagePlaces``), so a file found missing
/// or broken only when the spec is drawn is named where it is written, as decoding errors are.
public struct SpecPlace: Sendable, Hashable {
    /// The data file the value is written in; `nil` for the spec itself.
    public var dataFile: String?
    /// The 1-based line, when known.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// The key path, such as `sections[0].items[3].image` (in a data file, the record's: `[3].image`).
    public var location: String

    /// Creates the place of a value.
    public init(dataFile: String? = nil, line: Int? = nil, column: Int? = nil, location: String) {
        self.dataFile = dataFile
        self.line = line
        self.column = column
        self.location = location
    }

    /// The error `message` at this place, in the data file or else in `spec` (the spec's file).
    public func error(_ message: String, spec: String?) -> SpecError {
        SpecError(file: dataFile ?? spec, line: line, column: column, location: location, message: message)
    }
}
