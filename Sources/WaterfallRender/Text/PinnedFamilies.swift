/// The font families renders draw with: those of the pinned font files (WaterfallCairo's
/// `FontSet`), and how a spec's family list resolves to them.
///
/// Pango sees only the pinned files, so a family they do not hold is never drawn; SVG and HTML
/// name the families Pango draws, so a browser with more fonts draws the same ones.
public enum PinnedFamilies {
    /// The generic families and the pinned families each stands for, in order: Latin first,
    /// then Simplified Chinese.
    public static let generics: [(generic: String, families: [String])] = [
        ("sans-serif", ["DejaVu Sans", "Noto Sans CJK SC"]),
        ("serif", ["DejaVu Serif", "Noto Serif CJK SC"]),
        ("monospace", ["DejaVu Sans Mono", "Noto Sans Mono CJK SC"]),
    ]

    /// Every family the pinned files hold, sorted.
    public static let all: [String] =
        (["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif"]
        + ["Noto Sans CJK", "Noto Sans Mono CJK", "Noto Serif CJK"].flatMap { name in
            ["HK", "JP", "KR", "SC", "TC"].map { "\(name) \($0)" }
        }).sorted()

    /// `families` as the renders draw them, each family once.
    ///
    /// A pinned family is kept, in its own spelling (fontconfig compares names ignoring case and
    /// spaces); a generic family comes after the pinned families it stands for; any other name is
    /// left out, as no pinned file has it; and `sans-serif` ends the list when no generic family
    /// is named, as the private fontconfig configuration adds it.
    public static func resolved(_ families: [String]) -> [String] {
        var result: [String] = []
        var namesGeneric = false
        func add(_ family: String) { if !result.contains(family) { result.append(family) } }
        for family in families {
            let key = comparable(family)
            if let pinned = all.first(where: { comparable($0) == key }) {
                add(pinned)
            } else if let generic = generics.first(where: { comparable($0.generic) == key }) {
                generic.families.forEach(add)
                add(generic.generic)
                namesGeneric = true
            }
        }
        if !namesGeneric {
            generics[0].families.forEach(add)
            add(generics[0].generic)
        }
        return result
    }

    /// A family name as fontconfig compares it: lowercased, without spaces.
    private static func comparable(_ family: String) -> String {
        String(family.lowercased().filter { $0 != " " })
    }
}
