/// Everything the audit found in a picture, and what it measured of every text.
public struct AuditReport: Sendable, Hashable, Codable {
    /// What some people cannot read, see or tap, in document order.
    public var findings: [Finding]
    /// Every text drawn, passing or not, in document order.
    public var texts: [TextMeasurement]

    /// Creates a report of findings and measured texts.
    public init(findings: [Finding], texts: [TextMeasurement]) {
        self.findings = findings
        self.texts = texts
    }
}
