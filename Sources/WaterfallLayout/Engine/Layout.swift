/// A computed waterfall layout that answers the questions a `UICollectionViewLayout` is asked.
///
/// Build one from a ``LayoutConfiguration``; every frame follows the layout contract in
/// `docs/LAYOUT.md`. Cells are kept per section in chunked storage, and the queries use binary
/// search, so a viewport query costs O(log n + k) for k elements found.
public struct Layout: Sendable {
    /// The fixed extent the layout was computed for: its width, or in a horizontal feed its height.
    public let width: Double
    /// The minimum length along the scroll direction.
    public let minimumContentHeight: Double
    /// Whether frames run left to right or are mirrored.
    public let layoutDirection: LayoutDirection
    /// Whether the feed grows downwards or sideways.
    public let scrollDirection: ScrollDirection
    /// Sections are laid out and stored in the vertical, left-to-right space of the contract (the
    /// flow space); frames are turned and mirrored only when they are handed out
    /// (`Layout+Presentation.swift`).
    var sections: [LaidOutSection]

    /// Lays out every section of `configuration`.
    ///
    /// - Throws: ``LayoutError`` naming the section, item and setting when the configuration
    ///   cannot be laid out (a column narrower than 0, a span wider than the section…).
    public init(_ configuration: LayoutConfiguration) throws(LayoutError) {
        do {
            try self.init(flow: configuration)
        } catch {
            throw configuration.scrollDirection == .horizontal ? error.turned : error
        }
    }

    private init(flow configuration: LayoutConfiguration) throws(LayoutError) {
        guard configuration.width.isFinite, configuration.width > 0 else {
            throw LayoutError(key: "width", message: "must be a finite number > 0, not \(configuration.width)")
        }
        guard configuration.minimumContentHeight.isFinite, configuration.minimumContentHeight >= 0 else {
            throw LayoutError(
                key: "minimumContentHeight",
                message: "must be a finite number >= 0, not \(configuration.minimumContentHeight)")
        }
        width = configuration.width
        minimumContentHeight = configuration.minimumContentHeight
        layoutDirection = configuration.layoutDirection
        scrollDirection = configuration.scrollDirection
        sections = []
        sections.reserveCapacity(configuration.sections.count)
        for (index, section) in configuration.sections.enumerated() {
            sections.append(try LaidOutSection(flow(section), index: index, width: width))
        }
        try reposition(from: 0)
    }

    /// The size of everything laid out, at least ``minimumContentHeight`` tall (or, in a
    /// horizontal feed, wide).
    public var contentSize: Size {
        let length = flowLength
        return scrollDirection == .horizontal ? Size(width: length, height: width) : Size(width: width, height: length)
    }

    /// The content's length along the scroll direction.
    var flowLength: Double { max(sections.last?.bottom ?? 0, minimumContentHeight) }

    /// How many sections the layout has.
    public var numberOfSections: Int { sections.count }

    /// How many items a section has.
    public func numberOfItems(inSection section: Int) -> Int { sections[section].itemCount }

    /// Places sections from `first` on one after another, keeping their cells where they are
    /// relative to each section.
    ///
    /// When the sections add up past the largest finite number, `undo` takes back the edit that
    /// made them, the sections are placed again, and the error says from which section on.
    mutating func reposition(from first: Int, undo: (inout Layout) -> Void = { _ in }) throws(LayoutError) {
        guard let overflow = positionSections(from: first) else { return }
        undo(&self)
        _ = positionSections(from: first)
        throw LayoutError(
            key: "sections",
            message: "the content height exceeds the largest finite number (\(Double.greatestFiniteMagnitude)) "
                + "at section \(overflow)")
    }

    /// Places sections from `first` on; returns the first whose bottom is not finite, if any.
    ///
    /// Every length added is finite and at least 0, so once a sum overflows every later one is
    /// infinite too, and every coordinate is finite when the last bottom is.
    private mutating func positionSections(from first: Int) -> Int? {
        guard first < sections.count else { return nil }
        var y = first == 0 ? 0 : sections[first - 1].bottom
        for index in first..<sections.count {
            if index > 0 { y += sections[index].settings.spacingWithLastSection }
            sections[index].position(at: y, width: width)
            y = sections[index].bottom
        }
        guard !y.isFinite else { return nil }
        return (first..<sections.count).first { !sections[$0].bottom.isFinite }
    }
}
