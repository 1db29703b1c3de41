import Foundation

/// A new empty folder under the system's temporary folder, removed with everything in it when
/// the last reference to it goes.
public final class TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Creates the folder.
    public init() throws {
        path = NSTemporaryDirectory() + "waterfall-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
