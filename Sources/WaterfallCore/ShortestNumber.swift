/// Numbers as text for JSON, SVG and CSS: the shortest digits that read back as the same `Double`.
public enum ShortestNumber {
    /// `375` rather than `375.0`; `0.1` rather than `0.1000000000000000055511151231257827`.
    public static func text(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
