/// Why a spec's content cannot be drawn, said at its place in the spec.
public struct SceneError: Error, Sendable, CustomStringConvertible {
    /// The spec file, when the spec came from one.
    public var file: String?
    /// The key path, such as `sections[0].items[3].image`.
    public var location: String
    /// What is wrong, without the location.
    public var message: String

    /// Creates an error at a key path of a spec.
    public init(file: String?, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// The file, the key path and the message, joined by colons.
    public var description: String {
        [file, location, message].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ": ")
    }
}
