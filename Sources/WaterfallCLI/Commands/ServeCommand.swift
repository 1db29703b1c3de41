import ArgumentParser
import WaterfallCore
import WaterfallPages
import WaterfallPipeline
import WaterfallServe
import WaterfallSpec

/// `waterfall serve [SPEC|DIR]...`: a local server with live pages and, given baselines, review and approval.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve live pages of specs; with --baselines, review changes and approve them.",
        discussion: """
            Prints `serving http://HOST:PORT/` once it listens. Pages update by themselves when a spec, an image it \
            uses or a template changes; a spec's page switches its width, appearance and Dynamic Type content size \
            (?width=, ?appearance=, ?contentSize=). With --baselines, /review shows each spec's check result, and Approve writes \
            its baselines as `waterfall check --record` does. It listens on 127.0.0.1 unless --host says otherwise; \
            every POST must carry this run's token, which only its own pages know.
            """)

    @Argument(help: "Spec files or folders of specs (default: Examples).")
    var specs: [String] = []

    // `--port -1` is a value, refused by validate(), not an unknown flag.
    @Option(parsing: .unconditional, help: "The port to listen on; 0 picks a free one.")
    var port = 8000

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(
        name: .customLong("allow-host"),
        help: ArgumentHelp(
            """
            A name requests may be for besides localhost and this machine's own names and addresses \
            (repeat it for more); any other Host header is refused.
            """, valueName: "name"))
    var allowedHosts: [String] = []

    @Option(help: "The folder of baseline files, for the review view and approval.")
    var baselines: String?

    @Option(
        help: "A folder of Mustache templates for the spec pages, watched for changes (default: the built-in ones).")
    var templates: String?

    @OptionGroup var drawing: DrawingOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var read: ReadOptions

    @Option(
        help: ArgumentHelp(
            "Review each spec at these Dynamic Type sizes (default: its variants.contentSize, else large); the "
                + "first is the pages' size until the switcher picks another.",
            valueName: "size,size,…"))
    var contentSize: String?

    /// The sizes asked for; `nil` for what each spec declares.
    func contentSizes() throws -> [ContentSizeCategory]? { try ContentSizeCategory.option(contentSize) }

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
        guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        _ = try contentSizes()
        if let problem = allowedHosts.lazy.compactMap(ServeServer.problem(allowingHost:)).first {
            throw ValidationError(problem)
        }
    }

    func run() throws {
        let arguments = specs.isEmpty ? [ExamplesCommand.defaultFolder() ?? "Examples"] : specs
        let catalog = try SpecCatalog(arguments: arguments, baselines: baselines, warn: Output.standardError)
        _ = try PageTemplates.named(templates)
        // The served folders are every spec's roots: a spec reads nothing outside them but the
        // folders named with --allow-read.
        var pipeline = pipeline(remembersFailures: false)
        pipeline.readRoots = catalog.specFolders
        let server = ServeServer(
            catalog: catalog, host: host, port: port, baselines: baselines, templates: templates,
            pipeline: pipeline, allowedHosts: allowedHosts, warn: Output.standardError,
            contentSizes: try contentSizes())
        try server.runUntilStopped { url in Output.standardOutput("serving \(url)\n") }
    }
}
