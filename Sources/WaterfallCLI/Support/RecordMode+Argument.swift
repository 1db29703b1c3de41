import ArgumentParser
import WaterfallReview

/// Given as `--record` (which means `changed`) or `--record=MODE`; swift-argument-parser's
/// `@Option(defaultAsFlag:)` reads both forms.
extension RecordMode: ExpressibleByArgument {}

extension RecordMode {
    /// The value of the first `--record=VALUE` in `arguments` that names no mode, if any.
    ///
    /// swift-argument-parser 1.8.2 reads an option with `defaultAsFlag` as the bare flag when its
    /// value does not parse, even a value written with `=`, so `--record=al` would quietly record
    /// changed baselines. The command checks the raw arguments for that case in `validate()`.
    static func unknownValue(in arguments: [String]) -> String? {
        for argument in arguments.prefix(while: { $0 != "--" }) where argument.hasPrefix("--record=") {
            let value = String(argument.dropFirst("--record=".count))
            if RecordMode(rawValue: value) == nil { return value }
        }
        return nil
    }
}
