import Dispatch
import Foundation
import Hummingbird
import Logging
import WaterfallBatch
import WaterfallCore
import WaterfallDiff
import WaterfallMotion
import WaterfallPages
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallSpec

/// `waterfall serve`: a gallery of specs, a live page per spec, and with baselines a review view
/// whose Approve buttons record baselines as `check --record` does.
///
/// The routes are ``router()``'s, so that a test drives them in process; ``run(onListening:)``
/// binds them to the address and watches the files.
public struct ServeServer: Sendable {
    let catalog: SpecCatalog
    let host: String
    let port: Int
    let baselines: String?
    /// The page templates' folder, read again on every render; the built-in ones when `nil`.
    let templates: String?
    let pipeline: RenderPipeline
    let security: ServeSecurity
    let feed = ChangeFeed()
    let watcher: FileWatcher
    let review = ReviewStore()
    /// Says a line on standard error.
    let warn: @Sendable (String) -> Void
    /// One clip drawn at a time.
    private let clipRenders = Locked(())
    /// The clip requests drawing or waiting to.
    private let clipTurns = ClipTurns()
    /// One approval at a time: two clicks never stage the same baselines at once.
    private let approvals = Locked(())
    /// The Dynamic Type sizes the review checks each spec at, over what it declares, the first the
    /// pages' size when a request names none (`serve --content-size`); `nil` for the spec's.
    let contentSizes: [ContentSizeCategory]?

    /// How often the files are looked at.
    static let pollInterval = 0.25

    /// A server of `catalog`'s specs.
    ///
    /// - Parameters:
    ///   - catalog: The specs served, and the folders their files are served from.
    ///   - host: The address to listen on.
    ///   - port: The port to listen on; 0 picks a free one.
    ///   - baselines: The baselines' folder, for the review page and approval; `nil` for none.
    ///   - templates: A folder of Mustache templates for the spec pages, read on every render; the
    ///     built-in ones when `nil`.
    ///   - pipeline: How specs are read and drawn; its read roots confine them.
    ///   - allowedHosts: Names a request's `Host` may give besides this machine's own.
    ///   - warn: Called with each warning line (an approval's fingerprint that could not be written).
    ///   - contentSizes: The Dynamic Type sizes to review each spec at and to show a page at when the
    ///     request names none; `nil` for what each spec declares, and `large`.
    public init(
        catalog: SpecCatalog, host: String = "127.0.0.1", port: Int = 0, baselines: String?, templates: String?,
        pipeline: RenderPipeline, allowedHosts: [String] = [], warn: @escaping @Sendable (String) -> Void = { _ in },
        contentSizes: [ContentSizeCategory]? = nil
    ) {
        self.contentSizes = contentSizes
        self.catalog = catalog
        self.host = host
        self.port = port
        self.baselines = baselines
        self.templates = templates
        self.pipeline = pipeline
        self.warn = warn
        security = ServeSecurity(host: host, allowedHosts: allowedHosts)
        // A port given is the one requests name; `0` is known once bound.
        security.port.withLock { $0 = port }
        watcher = FileWatcher(catalog: catalog, templates: templates, pipeline: pipeline)
    }

    /// This run's token, which every POST must carry; only the server's own pages embed it.
    public var token: String { security.token }

    /// Listens until the process ends; `onListening` gets the URL once the port is bound.
    ///
    /// - Parameter onListening: Called once with `http://HOST:PORT/`.
    public func run(onListening: @escaping @Sendable (String) -> Void) async throws {
        var logger = Logger(label: "waterfall.serve") { StreamLogHandler.standardError(label: $0) }
        logger.logLevel = .warning
        let security = self.security
        let host = self.host
        let app = Application(
            router: router(),
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                security.port.withLock { $0 = port }
                let shown = host.contains(":") ? "[\(host)]" : host
                onListening("http://\(shown):\(port)/")
            }, logger: logger)
        startWatching()
        try await app.run()
    }

    /// Listens until the process ends, from code that is not async: ``run(onListening:)`` on a
    /// task while this thread waits.
    ///
    /// - Throws: A ``ServeError`` naming the address when the server cannot listen there.
    public func runUntilStopped(onListening: @escaping @Sendable (String) -> Void) throws(ServeError) {
        let failure = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            do {
                try await run(onListening: onListening)
            } catch {
                failure.withLock { $0 = "\(error)" }
            }
            done.signal()
        }
        done.wait()
        if let message = failure.withLock({ $0 }) { throw ServeError("cannot serve on \(host):\(port): \(message)") }
    }

    /// Why `name` cannot be a name requests are allowed for (`--allow-host`), or `nil`: a host name
    /// or address, without spaces, controls, `/` or `@`.
    public static func problem(allowingHost name: String) -> String? {
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && !$0.properties.isWhitespace && $0.value > 32 }
        guard name.isEmpty || !allowed || name.contains("/") || name.contains("@") else { return nil }
        return "--allow-host takes a host name or address, not '\(name.escapedForMessage)'"
    }

    /// Every route, behind the request guard (`Host`, `Origin` and the token).
    public func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: RequestGuard(security: security))
        addRoutes(to: router)
        return router
    }

    /// Looks at the files once: a change clears the review and tells open pages.
    ///
    /// ``run(onListening:)`` calls it four times a second; a test calls it when it has changed a file.
    public func pollFiles() {
        let (changed, all) = watcher.poll()
        if all || !changed.isEmpty {
            review.clear()
            feed.publish(ChangeFeed.message(specs: changed, all: all))
        }
    }

    /// Polls the files on a thread of its own and tells open pages what changed.
    ///
    /// Reading a changed spec is blocking work, so it stays off the event loops. A comment now and
    /// then keeps idle connections open and finds those that closed. It runs as long as the process.
    private func startWatching() {
        let feed = self.feed
        StackThread.start {
            var polls = 0
            while true {
                Thread.sleep(forTimeInterval: Self.pollInterval)
                self.pollFiles()
                polls += 1
                if polls % 40 == 0 { feed.publish(ChangeFeed.ping) }
            }
        }
    }

    private func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { _, _ in try await self.galleryPage() }
        router.get("/events") { _, _ in self.events() }
        router.get("/spec/:name") { request, _ in try await self.specPage(request) }
        router.get("/render/:name") { request, _ in try await self.renderHTML(request) }
        router.get("/png/:name") { request, _ in try await self.renderPNG(request) }
        router.get("/clip/:name") { request, _ in try await self.renderClip(request) }
        router.get("/review") { request, _ in
            try await self.reviewPage(fresh: request.uri.queryParameters["fresh"] != nil)
        }
        router.get("/review/**") { request, _ in self.reviewImage(request) }
        router.get("/files/**") { request, _ in self.file(request) }
        router.post("/approve/:name") { request, _ in try await self.approve(request, all: false) }
        router.post("/approve-all") { request, _ in try await self.approve(request, all: true) }
    }

    // MARK: Requests

    /// The raw path's components after the first, for handlers that decode them themselves.
    private func components(_ request: Request) -> [Substring] {
        Array(request.uri.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst(2))
    }

    /// The spec a request's second path component names.
    private func entry(_ request: Request) -> SpecCatalog.Entry? {
        guard let name = components(request).first?.removingPercentEncoding else { return nil }
        return catalog.entry(named: name)
    }

    /// The `width`, `appearance` and `contentSize` query parameters: the spec's own width in light
    /// at `large` (or the first of ``contentSizes``) when absent, or a bad request.
    private func view(_ request: Request) throws(ServeRequestError) -> ServePages.View {
        var view = ServePages.View()
        if let first = contentSizes?.first, first != .standard { view.contentSize = first }
        if let text = request.uri.queryParameters["width"], !text.isEmpty {
            guard let width = Double(text), width >= 1, width <= 100_000 else {
                throw ServeRequestError(message: "width must be a number from 1 to 100000")
            }
            view.width = width
        }
        if let text = request.uri.queryParameters["appearance"], !text.isEmpty {
            guard let appearance = Appearance(rawValue: String(text)) else {
                throw ServeRequestError(message: "appearance must be light or dark")
            }
            view.appearance = appearance
        }
        if let text = request.uri.queryParameters["contentSize"], !text.isEmpty {
            guard let category = ContentSizeCategory(rawValue: String(text)) else {
                let names = ContentSizeCategory.allCases.map(\.rawValue).joined(separator: ", ")
                throw ServeRequestError(message: "contentSize must be one of \(names)")
            }
            view.contentSize = category == .standard ? nil : category
        }
        return view
    }

    private func galleryPage() async throws -> Response {
        let entries = try catalog.entries()
        let specs: [[String: Any]] = entries.map { entry in
            var item: [String: Any] = [
                "name": entry.name, "path": entry.path, "url": ServePages.specURL(entry.name),
                "png": "/png/" + ServePages.escapePath(entry.name),
            ]
            if let source = catalog.url(forFile: entry.path) { item["source"] = source }
            if let error = watcher.error(for: entry.name) { item["error"] = error }
            return item
        }
        let context: [String: Any] = [
            "title": "Waterfall: \(entries.count) spec\(entries.count == 1 ? "" : "s")",
            "specs": specs, "review": baselines != nil, "baselines": baselines ?? "",
        ]
        return ServeResponse.html(try ServePages.render("serve-gallery", context))
    }

    private func specPage(_ request: Request) async throws -> Response {
        guard let entry = entry(request) else { return ServeResponse.notFound() }
        let view: ServePages.View
        do { view = try self.view(request) } catch { return ServeResponse.text(error.message, status: .badRequest) }
        let spec = try? await BlockingWork.run { [pipeline] in try pipeline.loadSpec(at: entry.path) }
        let context = ServePages.specContext(
            entry: entry, view: view, specWidth: spec?.width, hasDark: spec?.hasDarkAppearance ?? false,
            source: catalog.url(forFile: entry.path), review: baselines != nil,
            declaredWidths: spec?.variants?.widths ?? [], animations: spec?.variants?.animations ?? [],
            declaredContentSizes: spec?.variants?.contentSizes ?? [])
        return ServeResponse.html(try ServePages.render("serve-page", context))
    }

    /// The spec's page as `render` writes it, at the width asked; a spec that cannot be rendered
    /// gives a page with its error message instead (status 422; the message is `#waterfall-error`).
    private func renderHTML(_ request: Request) async throws -> Response {
        guard let entry = entry(request) else { return ServeResponse.notFound() }
        let view: ServePages.View
        do { view = try self.view(request) } catch { return ServeResponse.text(error.message, status: .badRequest) }
        let pipeline = self.pipeline
        let templates = self.templates
        do {
            let bytes = try await BlockingWork.run {
                var pipeline = pipeline
                let set = try PageTemplates.named(templates)
                pipeline.renderers = [.html(templates: set, title: entry.name)]
                return try Self.render(entry, view: view, pipeline: pipeline)
            }
            return ServeResponse.fromUserFolder(
                ServeResponse.bytes(bytes, type: "text/html; charset=utf-8"), scripts: false)
        } catch {
            let message = "\(error)"
            return ServeResponse.fromUserFolder(
                ServeResponse.html(
                    try ServePages.render("serve-error", ["title": entry.name, "message": message]),
                    status: .unprocessableContent),
                scripts: false)
        }
    }

    /// The spec's PNG (its first tile for a tall picture), at the width asked.
    private func renderPNG(_ request: Request) async throws -> Response {
        guard let entry = entry(request) else { return ServeResponse.notFound() }
        let view: ServePages.View
        do { view = try self.view(request) } catch { return ServeResponse.text(error.message, status: .badRequest) }
        var pipeline = self.pipeline
        // A tall picture's first tile, drawn alone.
        pipeline.renderers = [.firstPNGTile]
        do {
            let bytes = try await BlockingWork.run { [pipeline] in
                try Self.render(entry, view: view, pipeline: pipeline)
            }
            return ServeResponse.fromUserFolder(ServeResponse.bytes(bytes, type: "image/png"), scripts: false)
        } catch {
            return ServeResponse.text("\(error)", status: .unprocessableContent)
        }
    }

    /// A clip the spec declares (`variants: {animate: scroll}`), as an animated PNG, in the view's
    /// width, appearance and content size: `/clip/NAME?animation=scroll`.
    ///
    /// Clips are drawn one at a time, each on every core: a page of many specs cannot start more
    /// than one clip's worth of work at once. A few more requests wait their turn
    /// (``ClipTurns/waitingLimit``, a spec page asks for two at once); past them the answer is 503
    /// with `Retry-After`, so that requests for clips never pile up threads while one is drawn.
    private func renderClip(_ request: Request) async throws -> Response {
        guard let entry = entry(request) else { return ServeResponse.notFound() }
        let view: ServePages.View
        do { view = try self.view(request) } catch { return ServeResponse.text(error.message, status: .badRequest) }
        guard let animation = request.uri.queryParameters["animation"].flatMap({ Animation(rawValue: String($0)) })
        else {
            let names = Animation.allCases.map(\.rawValue).joined(separator: " or ")
            return ServeResponse.text("animation must be \(names)", status: .badRequest)
        }
        let pipeline = self.pipeline
        let clipTurns = self.clipTurns
        let clipRenders = self.clipRenders
        guard clipTurns.enter() else {
            var response = ServeResponse.text(
                "busy drawing other clips; try again in \(ClipTurns.retrySeconds) s", status: .serviceUnavailable)
            response.headers[.retryAfter] = "\(ClipTurns.retrySeconds)"
            return response
        }
        do {
            let bytes = try await BlockingWork.run {
                defer { clipTurns.leave() }
                return try clipRenders.withLock { _ in
                    try Self.clip(entry, animation: animation, view: view, pipeline: pipeline)
                }
            }
            return ServeResponse.fromUserFolder(ServeResponse.bytes(bytes, type: "image/apng"), scripts: false)
        } catch {
            return ServeResponse.text("\(error)", status: .unprocessableContent)
        }
    }

    /// The declared clip `animation` of `entry` in `view`, encoded as APNG.
    private static func clip(
        _ entry: SpecCatalog.Entry, animation: Animation, view: ServePages.View, pipeline: RenderPipeline
    ) throws -> [UInt8] {
        let spec = try pipeline.loadSpec(at: entry.path)
        let variant = Variant(appearance: spec.hasDarkAppearance ? view.appearance : .light, width: view.width)
        var declared = Variants(
            appearances: [variant.appearance], widths: view.width.map { [$0] } ?? [],
            contentSizes: [view.contentSize ?? .standard])
        declared.defaultAppearances = [variant.appearance]
        guard let clip = try declared.clips(of: spec).first(where: { $0.request.animation == animation }) else {
            throw ServeError("\(entry.path): declares no \(animation.rawValue) clip (variants.animate)")
        }
        let writer = ClipWriter(pipeline: pipeline, request: clip.request)
        let prepared = try writer.prepare(clip.variant.apply(to: spec), name: entry.name)
        return try writer.apngBytes(
            prepared, name: clip.file(entry.name), limit: BaselineChecker.maximumBaselineBytes)
    }

    /// The first file `pipeline` renders for `entry`, its width overridden through the spec, in the
    /// view's appearance (a spec without a dark style is drawn in its only one) and content size.
    private static func render(_ entry: SpecCatalog.Entry, view: ServePages.View, pipeline: RenderPipeline) throws
        -> [UInt8]
    {
        let spec = Variant(appearance: view.appearance, width: view.width, contentSize: view.contentSize).apply(
            to: try pipeline.loadSpec(at: entry.path))
        let prepared = try pipeline.prepare(spec)
        var first: [UInt8] = []
        var suffix: String?
        try pipeline.render(prepared) { _, piece in
            if suffix == nil { suffix = piece.suffix }
            if piece.suffix == suffix { first += piece.bytes }
        }
        return first
    }

    private func events() -> Response {
        let feed = self.feed
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
            body: ResponseBody { writer in
                let (id, messages) = feed.subscribe()
                defer { feed.cancel(id) }
                try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
                for await message in messages {
                    let event = message == ChangeFeed.ping ? ": ping\n\n" : "event: change\ndata: \(message)\n\n"
                    try await writer.write(ByteBuffer(string: event))
                }
                try await writer.finish(nil)
            })
    }

    private func file(_ request: Request) -> Response {
        let parts = components(request)
        guard let mount = parts.first, let root = catalog.root(String(mount)),
            let path = ServedPath.relative(parts.dropFirst())
        else { return ServeResponse.notFound() }
        return ServedFile.response(path: path, under: root.path, range: request.headers[.range])
    }

    // MARK: Review

    /// The review's check: every pixel counts, as `check` counts them by default.
    private func checker(baselines: String) -> BaselineChecker {
        var checker = BaselineChecker(baselines: baselines, pipeline: pipeline)
        checker.variants.contentSizes = contentSizes
        return checker
    }

    /// The review page: every spec checked against its baselines, or the results of the last
    /// look when nothing changed since (`?fresh` checks again).
    private func reviewPage(fresh: Bool) async throws -> Response {
        guard let baselines else { return ServeResponse.notFound() }
        let entries = try catalog.entries()
        if !fresh, let checks = review.results(for: entries.map(\.name)) {
            let context = ServePages.reviewContext(checks, baselines: baselines, token: security.token)
            return ServeResponse.html(try ServePages.render("serve-review", context))
        }
        // A change not yet noticed is noticed now, before the files are read: the watcher's next
        // look then finds nothing new, and keeps these results, which already show it.
        pollFiles()
        let generation = review.generation
        let checker = checker(baselines: baselines)
        let checks = try await BlockingWork.run { checker.check(entries.map(\.path)).checks }
        review.store(checks, generation: generation)
        let context = ServePages.reviewContext(checks, baselines: baselines, token: security.token)
        return ServeResponse.html(try ServePages.render("serve-review", context))
    }

    /// `/review/NAME/TILE/reference.png`, `actual.png` or `diff.png`, from the last review.
    private func reviewImage(_ request: Request) -> Response {
        let parts = components(request)
        guard parts.count == 3, let name = parts[0].removingPercentEncoding, let index = Int(parts[1]),
            let bytes = review.image(name: name, tile: index, kind: String(parts[2]))
        else { return ServeResponse.notFound() }
        return ServeResponse.fromUserFolder(ServeResponse.bytes(bytes, type: "image/png"), scripts: false)
    }

    /// Renders and compares the spec (or every spec) again and records its baselines with the
    /// same code, and the same mode, as `check --record`.
    private func approve(_ request: Request, all: Bool) async throws -> Response {
        guard let baselines else { return ServeResponse.notFound() }
        let entries: [SpecCatalog.Entry]
        if all {
            entries = try catalog.entries()
        } else {
            guard let entry = entry(request) else { return ServeResponse.notFound() }
            entries = [entry]
        }
        let checker = checker(baselines: baselines)
        let approvals = self.approvals
        let warn = self.warn
        let checks = try await BlockingWork.run {
            try approvals.withLock { _ in
                Result {
                    try AtomicFile.makeFolder(baselines)
                    let claims = OutputClaims()
                    // Every variant of a spec, recorded together.
                    let checks = try entries.flatMap { entry in
                        var checks = checker.checks(specAt: entry.path)
                        try SpecCheck.record(&checks, into: baselines, claims: claims, mode: .changed)
                        return checks
                    }
                    // As `check --record` does: approving every spec leaves every baseline this
                    // machine's; approving one leaves the others as they were, so an existing
                    // fingerprint (maybe another machine's) is kept.
                    if let error = BaselineFingerprint.record(baselines: baselines, mode: all ? .changed : .missing) {
                        warn("serve: \(error)")
                    }
                    return checks
                }
            }.get()
        }
        review.clear()
        let wantsJSON = request.headers[.accept]?.contains("application/json") == true
        guard wantsJSON else {
            return ServeResponse.redirect(all ? "/review" : "/review#\(ServePages.anchor(entries[0].name))")
        }
        let outcomes = checks.map {
            ApprovalOutcome(spec: $0.spec, variant: $0.variant, status: $0.status.rawValue, reason: $0.reason)
        }
        return ServeResponse.bytes(try JSONOutput.encode(outcomes) + [0x0A], type: "application/json")
    }
}

/// What an approval did to one variant, as a JSON client gets it.
struct ApprovalOutcome: Encodable {
    var spec: String
    var variant: String
    var status: String
    var reason: String
}

/// A request the server cannot answer as asked (400).
struct ServeRequestError: Error {
    var message: String
}
