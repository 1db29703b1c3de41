/// What a laid-out element is: a cell, or one of a section's supplementary views.
public enum ElementKind: String, Sendable, Hashable, CaseIterable {
    case cell
    case header
    case footer
}

/// The supplementary views a section can have, as UIKit's element kinds but typed.
public enum SupplementaryKind: String, Sendable, Hashable, CaseIterable {
    case header
    case footer

    /// The element kind this supplementary view is.
    public var elementKind: ElementKind {
        switch self {
        case .header: .header
        case .footer: .footer
        }
    }
}
