/// A layout dump with a bad element, with where it is: the file and the key path.
public struct LayoutDumpError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String?
    /// The key path, such as `elements[3].kind`.
    public var location: String
    /// What is wrong, without the location.
    public var message: String

    /// Creates an error at a key path of a dump.
    public init(file: String? = nil, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// One line: `old.json: elements[3].kind: unknown kind "x"`.
    public var description: String {
        ([file, location.isEmpty ? nil : location, message] as [String?]).compactMap { $0 }.joined(separator: ": ")
    }
}
extension LayoutDumpError: UserFacingError {}
