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

    /// The colour emoji family, last in every fallback chain: after the Latin and CJK families,
    /// before the generic names, so a browser with more fonts draws the same emoji.
    public static let emoji = "Noto Color Emoji"

    /// Every family the pinned files hold, sorted.
    public static let all: [String] =
        (["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", emoji]
        + ["Noto Sans CJK", "Noto Sans Mono CJK", "Noto Serif CJK"].flatMap { name in
            ["HK", "JP", "KR", "SC", "TC"].map { "\(name) \($0)" }
        }).sorted()

    /// `families` as the renders draw them, each family once.
    ///
    /// A pinned family is kept, in its own spelling (fontconfig compares names ignoring case and
    /// spaces); a generic family's pinned families come where it is named; any other name is left
    /// out, as no pinned file has it; `sans-serif`'s families end the list when no generic family
    /// is named, as the private fontconfig configuration adds it. The emoji family follows every
    /// other family, and the generic names come last, in the order given. A family of the app's
    /// font files (`fonts`) is kept where it is named, in the font's own spelling.
    public static func resolved(_ families: [String], fonts: SceneFonts? = nil) -> [String] {
        var result: [String] = []
        var genericNames: [String] = []
        func add(_ family: String) { if family != emoji, !result.contains(family) { result.append(family) } }
        for family in families {
            let key = comparable(family)
            if let own = fonts?.family(named: family) {
                add(own)
            } else if let pinned = all.first(where: { comparable($0) == key }) {
                add(pinned)
            } else if let generic = generics.first(where: { comparable($0.generic) == key }) {
                generic.families.forEach(add)
                if !genericNames.contains(generic.generic) { genericNames.append(generic.generic) }
            }
        }
        if genericNames.isEmpty {
            generics[0].families.forEach(add)
            genericNames.append(generics[0].generic)
        }
        return result + [emoji] + genericNames
    }

    /// A family name as fontconfig compares it: lowercased, without spaces.
    package static func comparable(_ family: String) -> String {
        String(family.lowercased().filter { $0 != " " })
    }
}
