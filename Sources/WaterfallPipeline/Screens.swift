import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// Which screens of a spec to draw: one at a content offset, or several one after another.
///
/// `viewport` is the visible extent along the scroll axis: a height in a vertical feed, a width in
/// a horizontal one; the other side is the spec's. Offsets are clamped as UIKit clamps a content
/// offset, to `0 ... max(0, contentLength - viewport)`, so a screen never shows past the end of
/// the content (content shorter than the viewport shows at offset 0, the page color below it).
public struct Screens: Sendable, Hashable {
    /// Where the screens are.
    public enum Position: Sendable, Hashable {
        /// One screen at this content offset (clamped): `NAME.offset-Y`, `Y` as given.
        case offset(Double)
        /// Screens at offsets 0, viewport, 2 × viewport, … (clamped), at most this many: a screen
        /// that would repeat the previous one's offset is not drawn. `NAME.screen-1`…, numbered
        /// from 1 and zero-padded to the digits of the count, so the names sort in order.
        case count(Int)
    }

    /// The most screens one render may ask for.
    public static let maximumCount = SpecVariants.maximumScreens
    /// The longest viewport, in points (as the longest `width` a spec may give).
    public static let maximumViewport = SpecVariants.maximumViewport
    /// The largest offset, in points (as the longest length a spec may give).
    public static let maximumOffset = SpecLimits.maximumLength

    /// The visible extent along the scroll axis, in points.
    public var viewport: Double
    /// Where the screens are: one offset, or a count.
    public var position: Position

    /// Creates the screens of a viewport at a position.
    public init(viewport: Double, position: Position) {
        self.viewport = viewport
        self.position = position
    }

    /// One screen to draw: where it is and the suffix its files' names take.
    public struct Screen: Sendable, Hashable {
        /// The content offset along the scroll axis, clamped.
        public var offset: Double
        /// Added to the spec's name: `.screen-01`, `.offset-812`.
        public var suffix: String
    }

    /// The suffixes of every screen this may draw, in order: all of them for content long enough.
    public var suffixes: [String] {
        switch position {
        case .offset(let offset):
            return [".offset-\(ShortestNumber.text(offset))"]
        case .count(let count):
            let digits = String(count).count
            return (1...max(1, count)).map { index in
                let number = String(index)
                return ".screen-" + String(repeating: "0", count: digits - number.count) + number
            }
        }
    }

    /// The screens of `layout`, in order.
    ///
    /// In a right-to-left horizontal feed the first screen is the one at the leading (right)
    /// end of the content, and each next one is a viewport further left.
    public func screens(of layout: Layout) -> [Screen] {
        let horizontal = layout.scrollDirection == .horizontal
        let length = horizontal ? layout.contentSize.width : layout.contentSize.height
        let last = max(0, length - viewport)
        func clamped(_ offset: Double) -> Double { min(max(0, offset), last) }
        switch position {
        case .offset(let offset):
            return [Screen(offset: clamped(offset), suffix: suffixes[0])]
        case .count(let count):
            let fromEnd = horizontal && layout.layoutDirection == .rightToLeft
            let suffixes = suffixes
            var result: [Screen] = []
            for index in 0..<count {
                let along = Double(index) * viewport
                let offset = fromEnd ? clamped(last - along) : clamped(along)
                if let previous = result.last, previous.offset == offset { break }
                result.append(Screen(offset: offset, suffix: suffixes[index]))
            }
            return result
        }
    }

    /// Why a viewport, offset or count cannot be used, as one line naming the option; `nil` when
    /// they can.
    public static func problem(viewport: Double?, offset: Double?, count: Int?) -> String? {
        guard let viewport else {
            let needs = "needs --viewport LENGTH (the screen's height, or width in a horizontal feed)"
            if offset != nil { return "--offset \(needs)" }
            if count != nil { return "--screens \(needs)" }
            return nil
        }
        guard viewport.isFinite, viewport > 0, viewport <= maximumViewport else {
            return
                "--viewport must be a number of points above 0 and at most 1000000, not \(ShortestNumber.text(viewport))"
        }
        if offset != nil, count != nil { return "--offset and --screens cannot be given together" }
        if let offset, !(offset.isFinite && offset >= 0 && offset <= maximumOffset) {
            return "--offset must be a number of points from 0 to 1e12, not \(ShortestNumber.text(offset))"
        }
        if let count, !(1...maximumCount).contains(count) {
            return "--screens must be a whole number from 1 to \(maximumCount), not \(count)"
        }
        return nil
    }
}
