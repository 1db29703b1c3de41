/// Lines written as a text file or a terminal holds them: each one ended by a newline, the last
/// one too.
///
/// ```swift
/// TextLines.joined(["moved: item 3", "1 change"])   // "moved: item 3\n1 change\n"
/// ```
package enum TextLines {
    /// `lines`, each followed by `\n`; nothing for no lines.
    package static func joined(_ lines: some Sequence<String>) -> String {
        var text = ""
        for line in lines {
            text += line
            text += "\n"
        }
        return text
    }
}
