import WaterfallCore

extension PictureAudit {
    /// The lines `waterfall audit` prints for this picture: `ok`, or how many findings, then each
    /// with its place and numbers, escaped for a terminal.
    public var resultLines: [String] {
        let count = findings.count
        guard count > 0 else { return ["ok       \(picture)"] }
        return ["FOUND    \(picture): \(count) finding\(count == 1 ? "" : "s")"]
            + findings.map { "  finding  \($0.line.escapedForMessage)" }
    }

    /// The line that closes `waterfall audit`: how many findings in how many of the pictures.
    public static func summary(of audits: [PictureAudit]) -> String {
        let total = audits.reduce(0) { $0 + $1.findings.count }
        let pictures = audits.filter { !$0.findings.isEmpty }.count
        return "audit: \(total) finding\(total == 1 ? "" : "s") in \(pictures) of \(audits.count) "
            + "picture\(audits.count == 1 ? "" : "s")"
    }
}
