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
            let count = min(spec.sections[index].laterItems.count, pages * size)
            spec.sections[index].items += spec.sections[index].laterItems[..<count]
            spec.sections[index].laterItems.removeFirst(count)
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
            return start < end ? (index, section.laterItems[start..<end]) : nil
        }
    }
}
