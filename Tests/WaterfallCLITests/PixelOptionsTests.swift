import Testing
import WaterfallDiff

@testable import WaterfallCLI

/// The comparison options, parsed in process as swift-argument-parser tests its own commands:
/// one spelling on `diff` and `check`, each command with its own defaults.
@Suite struct PixelOptionsTests {
    @Test func eachCommandKeepsItsDefaults() throws {
        let diff = try DiffCommand.parse(["old.png", "new.png"]).pixels.options(
            defaults: DiffOptions(threshold: 0.1, includeAntialiasing: false))
        #expect(diff.threshold == 0.1 && !diff.includeAntialiasing)
        let check = try CheckCommand.parse(["a.yaml", "--baselines", "b"]).pixels.options(
            defaults: DiffOptions(threshold: 0, includeAntialiasing: true))
        #expect(check.threshold == 0 && check.includeAntialiasing)
    }

    @Test func bothCommandsTakeBothSpellings() throws {
        let commands: [([String]) throws -> PixelOptions] = [
            { try DiffCommand.parse(["old.png", "new.png"] + $0).pixels },
            { try CheckCommand.parse(["a.yaml", "--baselines", "b"] + $0).pixels },
        ]
        for command in commands {
            let defaults = DiffOptions(threshold: 0.5, includeAntialiasing: false)
            let included = try command(["--include-aa", "--threshold", "0.2"]).options(defaults: defaults)
            #expect(included.includeAntialiasing && included.threshold == 0.2)
            let ignored = try command(["--ignore-aa"]).options(
                defaults: DiffOptions(threshold: 0, includeAntialiasing: true))
            #expect(!ignored.includeAntialiasing)
            #expect(throws: (any Error).self) { try command(["--include-aa", "--ignore-aa"]) }
            #expect(throws: (any Error).self) { try command(["--threshold", "-1"]) }
            #expect(throws: (any Error).self) { try command(["--threshold", "nan"]) }
        }
    }
}
