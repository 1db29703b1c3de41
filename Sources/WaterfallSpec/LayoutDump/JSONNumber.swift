/// Numbers as JSON text: the shortest digits that read back as the same `Double`.
enum JSONNumber {
    static func text(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
