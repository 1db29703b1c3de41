import ArgumentParser
import WaterfallCore
import WaterfallPipeline
import WaterfallSpec

/// `waterfall layout SPEC`: prints every element's frame as JSON.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Compute a spec's layout and print every element's frame as JSON.")

    @Argument(help: "The spec file (JSON or YAML), or - for standard input.")
    var spec: String

    @Option(
        parsing: .unconditional,  // `--rect -10,0,50,50` is a value, not a flag
        help: ArgumentHelp("Print only the elements this rectangle intersects.", valueName: "x,y,width,height"))
    var rect: RectArgument?

    @Option(
        parsing: .unconditional,  // `--offset -5` too
        help: ArgumentHelp(
            "Scroll to this content offset (y; x in a horizontal feed): pinned headers are printed where they "
                + "are then. With --rect, the rectangle is the visible bounds.",
            valueName: "offset"))
    var offset: Double?

    @Option(
        name: .customLong("content-size"),
        help: ArgumentHelp(
            "Lay out at this Dynamic Type size, cards sized by their text measured again: "
                + ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ") + " (default: large).",
            valueName: "size"))
    var contentSize: String?

    @Flag(help: "One element a line, with spaces.")
    var pretty = false

    @OptionGroup var fetch: FetchOptions
    @OptionGroup var read: ReadOptions

    func validate() throws {
        if let offset, !offset.isFinite {
            throw ValidationError("--offset must be a finite number, not \(offset)")
        }
        _ = try category()
    }

    /// The one content size `--content-size` names; `nil` when it is not given.
    private func category() throws -> ContentSizeCategory? {
        guard let contentSize else { return nil }
        let categories: [ContentSizeCategory]
        do {
            categories = try ContentSizeCategory.list(parsing: contentSize)
        } catch {
            throw ValidationError("--content-size: \(error.description)")
        }
        guard categories.count == 1 else {
            throw ValidationError("--content-size: layout prints one layout, so it takes one size, not \(contentSize)")
        }
        return categories[0]
    }

    func run() throws {
        var spec = try Spec.load(path: spec, allowing: read.allowRead)
        if let category = try category() { spec = spec.atContentSize(category) }
        let layout = try RenderPipeline(renderers: [], remoteImages: fetch.remoteImages()).layout(spec)
        let elements = layout.layoutAttributesForElements(in: rect?.rect, scrollOffset: offset)
        LayoutDump.writeBytes(contentSize: layout.contentSize, elements: elements, pretty: pretty) {
            Output.standardOutput(bytes: $0)
        }
    }
}
