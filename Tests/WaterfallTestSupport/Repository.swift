import Foundation

/// Paths inside this repository, found from this file's own location.
public enum Repository {
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// The example specs, sorted by name.
    public static func examples() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path("Examples"))
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".json") }
            .sorted()
    }
}
