import ArgumentParser
import WaterfallMotion
import WaterfallSpec

/// `render`'s options for clips of the feed moving (`--animate`), and `--pages` for the feed
/// after pages were loaded.
struct AnimationOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Write a clip of the feed moving on screens --viewport long: scroll (one flick, UIKit's normal "
                + "deceleration) or load-more (to the end, then the next page of a section's pageSize fades in).",
            valueName: "scroll|load-more"))
    var animate: Animation?

    // Numbers are read as values, negative ones too (`--fps -1`), and refused by validate().
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The clip's length (default: until the last flick comes to rest).", valueName: "seconds"))
    var duration: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frames a second (default 30, at most 60).", valueName: "n"))
    var fps: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Where the scroll starts (default: the start of the feed).", valueName: "offset"))
    var from: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Where the scroll comes to rest (default: the end of the feed).", valueName: "offset"))
    var to: Double?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Pages of cards to load (sections with pageSize): with --animate load-more, how many the clip "
                + "loads (default 1); without --animate, draw the feed after this many were loaded.",
            valueName: "k"))
    var pages: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Lossy quality 0–100 for webp (lossless without it) and mp4.", valueName: "q"))
    var quality: Int?

    @Option(help: ArgumentHelp("GIF colours: a palette a frame, or one for the clip.", valueName: "per-frame|global"))
    var gifPalette: ClipOptions.GIFPalette = .perFrame

    @Flag(help: "Dither GIF colours.")
    var dither = false

    func validate() throws {
        if let problem = ClipRequest.problem(
            fps: fps, duration: duration, pages: pages, quality: quality, from: from, to: to)
        {
            throw ValidationError(problem)
        }
        if animate == nil {
            let clipOnly: [(String, Bool)] = [
                ("--duration", duration != nil), ("--fps", fps != nil), ("--from", from != nil), ("--to", to != nil),
                ("--quality", quality != nil), ("--dither", dither), ("--gif-palette", gifPalette != .perFrame),
            ]
            if let (name, _) = clipOnly.first(where: { $0.1 }) {
                throw ValidationError("\(name) needs --animate scroll|load-more")
            }
        } else if animate == .scroll, pages != nil {
            throw ValidationError("--pages is for --animate load-more (or a still of the feed after loading)")
        }
    }

    /// The clip these options ask for on screens `viewport` long, written as `formats`; `nil`
    /// without `--animate`.
    func request(viewport: Double, formats: [ClipFormat]) -> ClipRequest? {
        guard let animate else { return nil }
        var options = ClipOptions(fps: fps ?? ClipRequest.defaultFPS, quality: quality)
        options.gifPalette = gifPalette
        options.dither = dither
        var request = ClipRequest(animation: animate, viewport: viewport, formats: formats, options: options)
        request.fps = options.fps
        request.duration = duration
        request.from = from
        request.to = to
        request.pages = pages ?? 1
        return request
    }
}

extension Animation: ExpressibleByArgument {}
extension ClipOptions.GIFPalette: ExpressibleByArgument {}
