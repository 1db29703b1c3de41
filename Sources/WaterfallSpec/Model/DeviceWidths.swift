import Foundation
import WaterfallCore

/// The widths of common phones and tablets, in points, and the `--widths` list that names them.
///
/// `serve`'s width switcher shows the same presets.
public struct DeviceWidths: Sendable, Hashable {
    /// One device width: the points, a name for `--widths`, and a label for pages.
    public struct Preset: Sendable, Hashable {
        /// The width in points.
        public var width: Int
        /// The name `--widths` takes (`iphone`).
        public var name: String
        /// What a page calls it (`iPhone`).
        public var label: String
    }

    /// The presets, narrowest first.
    public static let presets = [
        Preset(width: 320, name: "se", label: "SE"),
        Preset(width: 375, name: "iphone", label: "iPhone"),
        Preset(width: 393, name: "iphone-pro", label: "iPhone Pro"),
        Preset(width: 430, name: "pro-max", label: "Pro Max"),
        Preset(width: 768, name: "ipad-mini", label: "iPad mini"),
        Preset(width: 1024, name: "ipad", label: "iPad"),
    ]

    /// Names for several presets at once.
    public static let groups: [(name: String, widths: [Int])] = [
        ("phones", [320, 375, 393, 430]),
        ("tablets", [768, 1024]),
        ("devices", presets.map(\.width)),
    ]

    /// The most widths one render may ask for.
    public static let maximumCount = 32
    /// The widest width, as a spec's `width`.
    public static let maximumWidth = SpecLimits.maximumWidth

    /// The widths, each once, in the order first given.
    public var widths: [Double]

    /// The label a page shows for `width`: `375 · iPhone`, or the number alone.
    public static func label(_ width: Double) -> String {
        let number = ShortestNumber.text(width)
        guard let preset = presets.first(where: { Double($0.width) == width }) else { return number }
        return "\(number) · \(preset.label)"
    }

    /// The file name of a spec named `name` drawn at `width`: `shop@375`.
    public static func name(_ name: String, width: Double) -> String { "\(name)@\(ShortestNumber.text(width))" }
}

extension DeviceWidths {
    /// `320,375,430,768`, preset names (`iphone`, `ipad`…) and groups (`phones`, `tablets`,
    /// `devices`), mixed freely; each width once, in the order first given.
    public init(parsing text: String) throws(WidthListError) {
        self.init(widths: try Self.parse(text))
    }

    /// The widths `text` names, or the reason it does not name any.
    public static func parse(_ text: String) throws(WidthListError) -> [Double] {
        var widths: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let named = self.widths(named: String(part)) else {
                let hint = closestName(to: String(part)).map { "; did you mean '\($0)'?" } ?? ""
                let shown = part.trimmingCharacters(in: .whitespaces).escapedForMessage
                throw WidthListError("--widths: '\(shown)' is \(notAWidth)\(hint)")
            }
            widths += named.filter { !widths.contains($0) }
        }
        guard widths.count <= maximumCount else {
            throw WidthListError("--widths: at most \(maximumCount) widths, not \(widths.count)")
        }
        return widths
    }

    /// The widths one word names: a group, a preset or a number from 1 to 1000000; `nil` for
    /// anything else.
    public static func widths(named word: String) -> [Double]? {
        let word = word.trimmingCharacters(in: .whitespaces).lowercased()
        if let group = groups.first(where: { $0.name == word }) { return group.widths.map(Double.init) }
        if let preset = presets.first(where: { $0.name == word }) { return [Double(preset.width)] }
        if let number = Double(word), number.isFinite, number >= 1, number <= maximumWidth { return [number] }
        return nil
    }

    /// The group or preset name closest to `word`, a misspelling of it (`iphon` for `iphone`);
    /// `nil` when none is close.
    public static func closestName(to word: String) -> String? {
        let word = word.trimmingCharacters(in: .whitespaces).lowercased()
        return KeySuggestion.closest(to: word, in: groups.map(\.name) + presets.map(\.name))
    }

    /// What a word that names no width is not, for messages.
    public static var notAWidth: String {
        "neither a width from 1 to 1000000 nor one of "
            + (groups.map(\.name) + presets.map(\.name)).joined(separator: ", ")
    }
}

/// Why a `--widths` list names no widths, in one line.
public struct WidthListError: UserFacingError, Equatable {
    /// What is wrong, starting with `--widths:`.
    public var description: String

    init(_ description: String) { self.description = description }
}
