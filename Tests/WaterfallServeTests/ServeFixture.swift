import Foundation
import Hummingbird
import Testing
import WaterfallCore
import WaterfallPipeline
import WaterfallReview
import WaterfallServe
import WaterfallTestSupport

/// A folder of two specs (`specs/alpha.yaml`, `specs/bravo.yaml`) with their baselines recorded in
/// `baselines/`, and a ``ServeServer`` over it whose routes a test drives in process.
final class ServeFixture: Sendable {
    let folder: String
    let server: ServeServer
    /// The warning lines the server and its catalog said.
    let warnings: Locked<[String]>

    /// - Parameters:
    ///   - extraSpecs: Further specs by name, written into `specs/` beside the two.
    ///   - prepare: Called with the folder after the baselines are recorded, before the server is made.
    init(extraSpecs: [String: String] = [:], prepare: (String) throws -> Void = { _ in }) throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        for (name, text) in ["alpha": ServedSpec.text(grow: 0), "bravo": ServedSpec.text(grow: 3)] {
            try text.write(toFile: folder + "/specs/\(name).yaml", atomically: true, encoding: .utf8)
        }
        try "secret".write(toFile: folder + "/secret.txt", atomically: true, encoding: .utf8)
        try Self.record(
            ["specs/alpha.yaml", "specs/bravo.yaml"].map { folder + "/" + $0 }, into: folder + "/baselines")
        for (name, text) in extraSpecs {
            try text.write(toFile: folder + "/specs/\(name).yaml", atomically: true, encoding: .utf8)
        }
        try prepare(folder)
        let warnings = Locked<[String]>([])
        self.warnings = warnings
        let warn: @Sendable (String) -> Void = { line in warnings.withLock { $0.append(line) } }
        let catalog = try SpecCatalog(arguments: [folder + "/specs"], baselines: folder + "/baselines", warn: warn)
        var pipeline = RenderPipeline(renderers: [])
        pipeline.readRoots = catalog.specFolders
        // Requests in process name the authority `localhost` without a port: port 80.
        server = ServeServer(
            catalog: catalog, port: 80, baselines: folder + "/baselines", templates: nil, pipeline: pipeline,
            warn: warn)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Records every variant of each spec as `check --record` does.
    static func record(_ specs: [String], into baselines: String) throws {
        try AtomicFile.makeFolder(baselines)
        let checker = BaselineChecker(baselines: baselines)
        let claims = OutputClaims()
        for spec in specs {
            var checks = checker.checks(specAt: spec)
            try SpecCheck.record(&checks, into: baselines, claims: claims, mode: .changed)
        }
    }

    /// Writes `text` into the spec `name` and lets the server see the change.
    func change(_ name: String, to text: String) throws {
        try text.write(toFile: folder + "/specs/\(name).yaml", atomically: true, encoding: .utf8)
        server.pollFiles()
    }

    /// Runs `test` with a client of the server's routes, in process.
    func test<Value: Sendable>(_ test: @Sendable (RouterClient) async throws -> Value) async throws -> Value {
        try await test(RouterClient(router: server.router()))
    }
}
