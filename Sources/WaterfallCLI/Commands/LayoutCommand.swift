import ArgumentParser
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallSpec

/// `waterfall layout SPEC`: prints every element's frame as JSON.
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Compute a spec's layout and print every element's frame as JSON.")

    @Argument(help: "The spec file (JSON or YAML), or - for standard input.")
    var spec: String

    @Option(help: ArgumentHelp("Print only the elements this rectangle intersects.", valueName: "x,y,width,height"))
    var rect: RectArgument?

    @Flag(help: "One element a line, with spaces.")
    var pretty = false

    func run() throws {
        let spec = try Spec.load(path: spec)
        let layout = try RenderPipeline(renderers: []).layout(spec)
        let elements =
            rect.map { layout.layoutAttributesForElements(in: $0.rect) } ?? layout.layoutAttributesForAllElements()
        LayoutDump.write(contentSize: layout.contentSize, elements: elements, pretty: pretty) {
            Output.standardOutput($0)
        }
    }
}
