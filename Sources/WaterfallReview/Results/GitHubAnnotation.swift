import WaterfallAudit

/// Workflow commands that GitHub Actions turns into annotations on a run and its pull request.
///
/// Printed on standard output when the environment has `GITHUB_ACTIONS=true`, which the Actions
/// runner sets.
public enum GitHubAnnotation {
    /// Whether the run is a GitHub Actions job.
    public static func isEnabled(environment: [String: String]) -> Bool { environment["GITHUB_ACTIONS"] == "true" }

    /// `::error file=FILE,line=LINE,col=COLUMN,title=TITLE::MESSAGE`, each part escaped as the
    /// runner reads it back; `line` and `col` only when they are known (a column only with a line).
    public static func error(
        file: String, line: Int? = nil, column: Int? = nil, title: String, message: String
    ) -> String {
        var properties = "file=\(escapeProperty(file))"
        if let line {
            properties += ",line=\(line)"
            if let column { properties += ",col=\(column)" }
        }
        return "::error \(properties),title=\(escapeProperty(title))::\(escapeData(message))"
    }

    /// The annotation of a check that did not pass, at the line and column its spec error names
    /// (in the spec, or in a data file it reads) when it names them, else on the spec.
    public static func error(for check: SpecCheck, title: String = "waterfall check") -> String {
        // Causes first, then the pixels; a variant's check says which variant: `@375.dark: …`.
        let said = check.causes.isEmpty ? check.reason : "\(check.headline); \(check.reason)"
        let message = check.variant.isEmpty ? said : "\(check.variant): \(said)"
        guard let place = check.specError, let line = place.line else {
            return error(file: check.spec, title: title, message: message)
        }
        return error(file: place.file ?? check.spec, line: line, column: place.column, title: title, message: message)
    }

    /// `::error` (or `::warning` when the audit only warns) on the spec for a new accessibility
    /// finding of `check`'s picture: `sections[1].items[3].subtitle: low contrast: 2.32:1, …`.
    ///
    /// - Parameters:
    ///   - finding: The finding.
    ///   - check: The check of the picture it was found in.
    ///   - isError: Whether it fails the check.
    public static func annotation(for finding: Finding, of check: SpecCheck, isError: Bool) -> String {
        let message = check.variant.isEmpty ? finding.line : "\(check.variant): \(finding.line)"
        let line = error(file: check.spec, title: "accessibility: \(finding.kind.title)", message: message)
        return isError ? line : "::warning" + line.dropFirst("::error".count)
    }

    /// The annotations of one checked picture: an error when it did not pass, and one for each
    /// new accessibility finding (a warning unless `findingsAreErrors`).
    public static func annotations(for check: SpecCheck, findingsAreErrors: Bool) -> [String] {
        var lines: [String] = []
        if [.changed, .new, .failed].contains(check.status) { lines.append(error(for: check)) }
        if check.status != .recorded {
            lines += check.newFindings.map { annotation(for: $0, of: check, isError: findingsAreErrors) }
        }
        return lines
    }

    /// A message: `%`, carriage returns and line feeds escaped, as the runner's `escapeData` does.
    public static func escapeData(_ text: String) -> String { escape(text, isProperty: false) }

    /// A property value: as a message, and `:` and `,` too, which would end the value.
    public static func escapeProperty(_ text: String) -> String { escape(text, isProperty: true) }

    private static func escape(_ text: String, isProperty: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where isProperty: out += "%3A"
            case "," where isProperty: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
