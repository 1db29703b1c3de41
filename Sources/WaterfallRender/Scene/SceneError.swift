import WaterfallSpec

/// Why a spec's content cannot be drawn, said at its place in the spec.
public struct SceneError: Error, Sendable, CustomStringConvertible {
    public var file: String?
    /// The key path, such as `sections[0].items[3].image`.
    public var location: String
    public var message: String

    public init(file: String?, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String {
        [file, location, message].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
