/// Workflow commands that GitHub Actions turns into annotations on a run and its pull request.
///
/// Printed on standard output when the environment has `GITHUB_ACTIONS=true`, which the Actions
/// runner sets.
public enum GitHubAnnotation {
    /// Whether the run is a GitHub Actions job.
    public static func isEnabled(environment: [String: String]) -> Bool { environment["GITHUB_ACTIONS"] == "true" }

    /// `::error file=FILE,title=TITLE::MESSAGE`, each part escaped as the runner reads it back.
    public static func error(file: String, title: String, message: String) -> String {
        "::error file=\(escapeProperty(file)),title=\(escapeProperty(title))::\(escapeData(message))"
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
