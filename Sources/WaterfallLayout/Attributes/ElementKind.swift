/// What a laid-out element is: a cell, one of a section's supplementary views, or its background.
public enum ElementKind: String, Sendable, Hashable, CaseIterable {
    /// A cell: one item of a section.
    case cell
    /// A section's header, above its items.
    case header
    /// A section's footer, below its items.
    case footer
    /// A section's background: a decoration view behind its cells.
    case background
}

/// The supplementary views a section can have, as UIKit's element kinds but typed.
public enum SupplementaryKind: String, Sendable, Hashable, CaseIterable {
    /// A section's header.
    case header
    /// A section's footer.
    case footer

    /// The element kind this supplementary view is.
    public var elementKind: ElementKind {
        switch self {
        case .header: .header
        case .footer: .footer
        }
    }
}

/// The decoration views a section can have, as UIKit's decoration view kinds but typed.
public enum DecorationKind: String, Sendable, Hashable, CaseIterable {
    /// The section's background, from where its `sectionInset.top` begins to where its
    /// `sectionInset.bottom` ends, across the whole width.
    case background

    /// The element kind this decoration view is.
    public var elementKind: ElementKind {
        switch self {
        case .background: .background
        }
    }
}
