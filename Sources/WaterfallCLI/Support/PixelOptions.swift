import ArgumentParser
import WaterfallCore
import WaterfallDiff

/// How two pictures are compared: one spelling on `diff` and `check`, each command with its own defaults.
struct PixelOptions: ParsableArguments {
    // `--threshold -1` is a value, refused by validate(), not an unknown flag.
    @Option(
        parsing: .unconditional,
        help: """
            How different two colors must be to count, from 0 to 1, as in pixelmatch: the share of the largest \
            YIQ color distance (default: 0.1 for diff; 0 for check, which counts any changed pixel, since renders \
            are deterministic).
            """)
    var threshold: Double?

    @Flag var antialiasing: Antialiasing?

    /// Whether pixels on anti-aliased edges count as differences.
    enum Antialiasing: EnumerableFlag {
        case includeAA
        case ignoreAA

        static func name(for value: Self) -> NameSpecification {
            .customLong(value == .includeAA ? "include-aa" : "ignore-aa")
        }

        static func help(for value: Self) -> ArgumentHelp? {
            value == .includeAA
                ? "Count pixels on anti-aliased edges as differences (check's default)."
                : "Do not count pixels on anti-aliased edges (diff's default)."
        }
    }

    func validate() throws {
        if let threshold, !(threshold >= 0 && threshold <= 1) {
            throw ValidationError("--threshold must be from 0 to 1, not \(ShortestNumber.text(threshold))")
        }
    }

    /// The comparison asked for, with `defaults` for what was not given.
    func options(defaults: DiffOptions) -> DiffOptions {
        DiffOptions(
            threshold: threshold ?? defaults.threshold,
            includeAntialiasing: antialiasing.map { $0 == .includeAA } ?? defaults.includeAntialiasing)
    }
}
