extension Spec {
    /// How many pages of cards are left to load: the most any paged section (`pageSize`) has.
    public var pagesToLoad: Int {
        sections.map { section in
            guard let size = section.pageSize else { return 0 }
            return (section.laterItems.count + size - 1) / size
        }.max() ?? 0
    }

    /// The feed after `pages` more pages were loaded: each paged section shows `pages` ×
    /// `pageSize` more of its cards, at most all of them.
    public func loadingPages(_ pages: Int) -> Spec {
        var spec = self
        for index in spec.sections.indices {
            guard let size = spec.sections[index].pageSize, pages > 0 else { continue }
            let later = spec.sections[index].laterItems
            let count = min(later.count, pages * size)
            spec.sections[index].items += later.prefix(count)
            spec.sections[index].laterItems = later.dropFirst(count)
        }
        return spec
    }

    /// The cards each section gains when the page after `pages` loaded ones is loaded, by section:
    /// the items `loadingPages(pages + 1)` has that `loadingPages(pages)` has not.
    public func itemsOfPage(after pages: Int) -> [(section: Int, items: ArraySlice<SpecItem>)] {
        sections.indices.compactMap { index in
            let section = sections[index]
            guard let size = section.pageSize else { return nil }
            let start = min(section.laterItems.count, pages * size)
            let end = min(section.laterItems.count, start + size)
            // A slice keeps its base's indices: count from its start.
            let first = section.laterItems.startIndex
            return start < end ? (index, section.laterItems[(first + start)..<(first + end)]) : nil
        }
    }
}
