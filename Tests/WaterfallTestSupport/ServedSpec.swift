/// The small spec the `serve` tests serve, in process and as a process.
public enum ServedSpec {
    /// Three cards in two columns, 60 pt wide; `grow` makes the first card taller, so that a
    /// change is one number.
    public static func text(grow: Int, title: String = "Card") -> String {
        """
        width: 60
        scale: 1
        defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
        sections:
          - items:
              - {height: \(20 + grow), title: \(title)}
              - {height: 30}
              - {height: 25}

        """
    }
}
