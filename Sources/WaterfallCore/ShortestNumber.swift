/// Numbers as text for JSON, SVG and CSS: the shortest digits that read back as the same `Double`.
public enum ShortestNumber {
    /// `375` rather than `375.0`; `0.1` rather than `0.1000000000000000055511151231257827`.
    public static func text(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// A number for a sentence a person reads: at most one decimal (`111.7`, `60.8`, `12`).
    ///
    /// Machine-read output (JSON, SVG, layout dumps) keeps ``text(_:)``'s exact digits.
    public static func readable(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return text(rounded == 0 ? 0 : rounded)
    }
}
