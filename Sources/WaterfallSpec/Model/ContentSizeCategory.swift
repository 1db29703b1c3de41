import WaterfallCore

/// A Dynamic Type size: the text size a person picks in Settings, as UIKit's
/// `UIContentSizeCategory` and SwiftUI's `DynamicTypeSize` name it.
///
/// A spec is drawn at ``large``, the default, unless a variant says otherwise
/// (`variants: {contentSize: [large, accessibility3]}`, `--content-size`); its raw values are the
/// names a spec and the options spell.
public enum ContentSizeCategory: String, Sendable, Hashable, CaseIterable {
    /// The smallest standard size.
    case xSmall
    /// A small size.
    case small
    /// A medium size.
    case medium
    /// The default size.
    case large
    /// An extra large size.
    case xLarge
    /// An extra extra large size.
    case xxLarge
    /// The largest standard size.
    case xxxLarge
    /// The first of the larger accessibility sizes.
    case accessibility1
    /// The second accessibility size.
    case accessibility2
    /// The third accessibility size.
    case accessibility3
    /// The fourth accessibility size.
    case accessibility4
    /// The largest accessibility size.
    case accessibility5

    /// The size a spec is drawn at when nothing asks for another: ``large``.
    public static let standard = ContentSizeCategory.large

    /// The categories named in `text`, separated by commas, each once in the order given.
    ///
    /// - Parameter text: Names such as `large,accessibility3`, as `--content-size` takes them.
    /// - Throws: ``ContentSizeListError`` for the first part that names no category.
    public static func list(parsing text: String) throws(ContentSizeListError) -> [ContentSizeCategory] {
        var categories: [ContentSizeCategory] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(part)
            guard let category = ContentSizeCategory(rawValue: name) else { throw ContentSizeListError(name: name) }
            if !categories.contains(category) { categories.append(category) }
        }
        return categories
    }
}

/// A name that is not a content size category, with the nearest one.
public struct ContentSizeListError: Error, Sendable, CustomStringConvertible {
    /// The name as given.
    public var name: String

    /// The name refused, the names there are and the nearest one, on one line.
    public var description: String {
        let names = ContentSizeCategory.allCases.map(\.rawValue)
        let hint = KeySuggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
        return "'\(name.escapedForMessage)' is not one of \(names.joined(separator: ", "))\(hint)"
    }
}
