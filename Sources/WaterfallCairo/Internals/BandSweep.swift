/// The elements that reach into each horizontal band of a page (a PNG tile or a PDF page), for
/// bands visited top to bottom, without looking at every element for every band.
///
/// Elements are taken in order of their tops and dropped once a band starts below them, so a
/// page of many bands costs O(n log n) plus the elements each band draws.
struct BandSweep {
    /// The vertical extent of each element, in the unit the bands are given in.
    let extents: [ClosedRange<Double>]
    /// Element indices by increasing top.
    private let byTop: [Int]
    private var next = 0
    private var active: [Int] = []

    init(extents: [ClosedRange<Double>]) {
        self.extents = extents
        // An extent with a NaN bound is never in any band, as the plain comparisons said.
        byTop = extents.indices.filter { !extents[$0].lowerBound.isNaN && !extents[$0].upperBound.isNaN }
            .sorted { (extents[$0].lowerBound, $0) < (extents[$1].lowerBound, $1) }
    }

    /// The elements, in scene order, whose extent satisfies `reaches`, for the band whose
    /// candidates start above `bottom` and end at or below `top`; bands must come top to bottom.
    mutating func elements(
        top: Double, bottom: Double, reaches: (ClosedRange<Double>) -> Bool
    ) -> [Int] {
        while next < byTop.count, extents[byTop[next]].lowerBound <= bottom {
            active.append(byTop[next])
            next += 1
        }
        active.removeAll { extents[$0].upperBound < top }
        return active.filter { reaches(extents[$0]) }.sorted()
    }
}
