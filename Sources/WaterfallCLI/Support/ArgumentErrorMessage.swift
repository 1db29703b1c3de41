import WaterfallCore
import WaterfallSpec

/// swift-argument-parser's error messages said in the tool's own form.
///
/// The parser's errors are internal types; what it exposes is their message
/// (`ParsableCommand.message(for:)`), in its own voice: `Unknown option '--viewprot'. Did you mean
/// '--viewport'?`. Each form it writes is matched here whole, from its fixed words at both ends,
/// so a value that holds quotes or a line break is carried over as it is, then escaped:
/// `unknown option '--viewprot'; did you mean '--viewport'?`. A message of no known form (the
/// tool's own `validate()` errors among them) keeps its first line, without a capital to start
/// or a period to end. `ArgumentErrorMessageTests` holds every form to its rewriting, so a
/// parser that changes its wording fails there.
enum ArgumentErrorMessage {
    /// `message`, from the parser, as one line in the tool's form, escaped for a message.
    static func rewrite(_ message: String) -> String {
        var text = Substring(message)
        while text.last == "\n" { text = text.dropLast() }
        return (known(text) ?? plain(text)).escapedForMessage
    }

    /// The forms the parser writes (`ErrorMessageGenerator` in its `UsageGenerator.swift`).
    private static func known(_ text: Substring) -> String? {
        if text.hasPrefix("Unknown option '") {
            // `-ab` where `-a` takes a value: the parser says both readings on two lines.
            if let or = text.range(of: "\n   or: ") {
                return known(text[..<or.lowerBound]).map { $0 + ", or " + plain(text[or.upperBound...]) }
            }
            let rest = text.dropFirst("Unknown option '".count)
            if text.hasSuffix("'?"), let did = rest.range(of: "'. Did you mean '", options: .backwards) {
                let suggestion = rest[did.upperBound...].dropLast(2)
                return "unknown option '\(rest[..<did.lowerBound])'; did you mean '\(suggestion)'?"
            }
            return "unknown option '\(rest)"
        }
        if let name = between(text, "The option '", "' was specified."),
            let but = name.range(of: "' does not take any value, but '")
        {
            return "option '\(name[..<but.lowerBound])' takes no value, but '\(name[but.upperBound...])' was given"
        }
        if text.hasPrefix("The value '") { return invalidValue(text.dropFirst("The value '".count)) }
        if let argument = after(text, "Unexpected argument ") { return "unexpected argument \(argument)" }
        if let range = text.range(of: " unexpected arguments: "), text[..<range.lowerBound].allSatisfy(\.isNumber) {
            return "unexpected arguments \(text[range.upperBound...])"
        }
        if let option = after(text, "Missing value for ") { return "missing value for \(option)" }
        if let both = after(text, "Value to be set with "),
            let had = both.range(of: " had already been set with ")
        {
            func bare(_ flag: Substring) -> Substring { flag.hasPrefix("flag ") ? flag.dropFirst(5) : flag }
            return "\(bare(both[..<had.lowerBound])) cannot be given with \(bare(both[had.upperBound...]))"
        }
        if let argument = after(text, "Missing expected argument ") { return "missing argument \(argument)" }
        if let arguments = after(text, "Missing one of: ") { return "missing one of \(arguments)" }
        if let option = after(text, "Invalid option: ") { return "invalid option '\(option)'" }
        return nil
    }

    /// The rest of `The value 'V' is invalid for 'X'…`: with the parser's reason after a colon,
    /// its list of the values there are, or nothing more.
    private static func invalidValue(_ text: Substring) -> String {
        let value: Substring
        var target = ""
        var rest: Substring
        if let range = text.range(of: "' is invalid for '") {
            value = text[..<range.lowerBound]
            let tail = text[range.upperBound...]
            let end = tail.range(of: "'. Please provide one of ")?.lowerBound ?? tail.range(of: "': ")?.lowerBound
            let close = end ?? (tail.hasSuffix("'") ? tail.index(before: tail.endIndex) : tail.endIndex)
            target = " for '\(tail[..<close])'"
            rest = tail[close...].dropFirst()
        } else if let range = text.range(of: "' is invalid.") {
            value = text[..<range.lowerBound]
            rest = text[range.upperBound...]
        } else {
            return plain("The value '" + text)
        }
        if rest.hasPrefix(":") { return "invalid value '\(value)'\(target)\(withoutPeriod(rest))" }
        if let list = after(rest, ". Please provide one of the following:\n") {
            let values = list.split(separator: "\n").map { String($0.drop { $0 == " " || $0 == "-" }) }
            return "invalid value '\(value)'\(target)" + hint(for: value, values: values)
        }
        if let list = after(rest, ". Please provide one of ") {
            let quoted = withoutPeriod(list)
            let values = quoted.split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            return "invalid value '\(value)'\(target)" + hint(for: value, values: values)
        }
        return "invalid value '\(value)'\(target)"
    }

    /// `; did you mean 'png'?` when one of `values` is close to `value`, else the values there are.
    private static func hint(for value: Substring, values: [String]) -> String {
        if let closest = KeySuggestion.closest(to: String(value), in: values) { return "; did you mean '\(closest)'?" }
        guard !values.isEmpty else { return "" }
        return "; it must be \(ProseList.joined(values.map { "'\($0)'" }, "or"))"
    }

    /// A message of no known form: its first line, its first word in lower case when that is a
    /// capitalised word (`Missing`), without a period at the end.
    private static func plain(_ text: Substring) -> String {
        var line = text.prefix { $0 != "\n" }
        line = withoutPeriod(line)[...]
        let word = line.prefix { $0 != " " }
        if let first = word.first, first.isUppercase, word.dropFirst().allSatisfy({ $0.isLowercase || $0 == "'" }) {
            return first.lowercased() + line.dropFirst()
        }
        return String(line)
    }

    private static func withoutPeriod(_ text: Substring) -> String {
        text.hasSuffix(".") && !text.hasSuffix("..") ? String(text.dropLast()) : String(text)
    }

    private static func after(_ text: Substring, _ prefix: String) -> Substring? {
        text.hasPrefix(prefix) ? text.dropFirst(prefix.count) : nil
    }

    private static func between(_ text: Substring, _ prefix: String, _ suffix: String) -> Substring? {
        guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else {
            return nil
        }
        return text.dropFirst(prefix.count).dropLast(suffix.count)
    }
}
