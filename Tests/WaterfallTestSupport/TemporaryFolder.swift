import Foundation
import WaterfallCore

/// A new empty folder under the system's temporary folder, removed with everything in it when
/// the last reference to it goes.
///
/// The one place the tests ask for the system's temporary folder: a test that wants a folder
/// makes one of these, and one that wants a single scratch file asks ``newPath(named:suffix:)``.
public final class TemporaryFolder: Sendable {
    /// The folder's path.
    public let path: String

    /// Creates the folder, named `waterfall-test-UUID` unless `name` says otherwise.
    public init(named name: String = "waterfall-test") throws {
        path = Self.newPath(named: name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The system's folder for temporary files (`$TMPDIR`, else `/tmp/`).
    public static var systemFolder: String { NSTemporaryDirectory() }

    /// A new path in ``systemFolder``, not yet made: `NAME-UUID` with `suffix` after it; the test
    /// removes what it puts there.
    public static func newPath(named name: String, suffix: String = "") -> String {
        Path.join(systemFolder, "\(name)-\(UUID().uuidString)\(suffix)")
    }

    /// `name` inside this folder.
    public func path(_ name: String) -> String { Path.join(path, name) }
}
