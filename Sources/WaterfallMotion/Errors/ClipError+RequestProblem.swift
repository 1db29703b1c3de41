import WaterfallCore

extension ClipError {
    /// What was asked of a clip (or of a still after loading pages) that the spec or the options
    /// cannot give.
    public enum RequestProblem: Sendable, Equatable, CustomStringConvertible {
        /// `load-more` on a spec with no section that has a `pageSize` and cards past its first
        /// page.
        case noPagesToLoad
        /// `--pages` asked for `asked` pages of cards, and the spec has `available`.
        case tooFewPages(available: Int, asked: Int)
        /// `--animate` without a viewport, given neither by `--viewport` nor by the spec's
        /// `variants.viewport`.
        case noViewport
        /// A `load-more` clip `duration` seconds long ends before its first page loads, which
        /// takes `needed` seconds.
        case endsBeforeFirstLoad(duration: Double, needed: Double)

        /// What is wrong, after the spec's name, naming the option at fault.
        public var description: String {
            switch self {
            case .noPagesToLoad: "load-more needs a section with pageSize and cards past its first page"
            case .tooFewPages(let available, let asked):
                "has \(available) \(available == 1 ? "page" : "pages") of cards to load, not \(asked) (--pages)"
            case .noViewport: "--animate needs --viewport LENGTH (or the spec's variants.viewport)"
            case .endsBeforeFirstLoad(let duration, let needed):
                "a load-more clip of \(ShortestNumber.text(duration)) s ends before its first page loads; "
                    + "give it a duration of at least \(ShortestNumber.text(needed)) s"
            }
        }
    }
}
