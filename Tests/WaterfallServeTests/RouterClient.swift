import Hummingbird
import Logging
import NIOEmbedded
import WaterfallCore

/// A client that hands each request to a router's responder in process: no socket, no HTTP client.
///
/// It does what Hummingbird's server does around the responder: the request names the authority
/// `localhost` (port 80), a body carries its `Content-Length`, an error that is an
/// `HTTPResponseError` becomes its response (the router's responder does that) and any other error
/// becomes a bare 500. The body the handler writes is collected whole.
struct RouterClient: Sendable {
    private let responder: RouterResponder<BasicRequestContext>
    private let logger = Logger(label: "waterfall.serve.tests")

    /// A client of the routes of `router`.
    init(router: Router<BasicRequestContext>) {
        responder = router.buildResponder()
    }

    /// Sends a request with `method` to `uri` (a path and query) and returns the response.
    func execute(
        uri: String, method: HTTPRequest.Method, headers: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> RouterResponse {
        var headers = headers
        if let body { headers[.contentLength] = String(body.readableBytes) }
        let request = Request(
            head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: uri, headerFields: headers),
            body: RequestBody(buffer: body ?? ByteBuffer()))
        let context = BasicRequestContext(
            source: ApplicationRequestContextSource(channel: NIOAsyncTestingChannel(), logger: logger))
        let response: Response
        do {
            response = try await responder.respond(to: request, context: context)
        } catch {
            // What Hummingbird's `Application` answers for an error that names no status.
            response = Response(status: .internalServerError, body: ResponseBody())
        }
        let collected = CollectedBody()
        try await response.body.write(collected)
        return RouterResponse(head: response.head, body: collected.buffer.withLock { $0 })
    }

    /// A GET of `uri`, as a browser of this server's pages sends it.
    func get(_ uri: String, headers: HTTPFields = [:]) async throws -> RouterResponse {
        try await execute(uri: uri, method: .get, headers: headers)
    }

    /// A POST of `uri` with the token in its header, as the review page's script sends it.
    ///
    /// - Parameters:
    ///   - token: The `X-Waterfall-Token` header's value; `nil` sends none.
    ///   - form: A URL-encoded form to send as the body.
    func post(_ uri: String, token: String?, headers: HTTPFields = [:], form: String? = nil) async throws
        -> RouterResponse
    {
        var headers = headers
        if let token { headers[.init("X-Waterfall-Token")!] = token }
        var body: ByteBuffer?
        if let form {
            headers[.contentType] = "application/x-www-form-urlencoded"
            body = ByteBuffer(string: form)
        }
        return try await execute(uri: uri, method: .post, headers: headers, body: body)
    }
}

/// A response the router gave, its body read whole.
struct RouterResponse: Sendable {
    /// The status and headers.
    let head: HTTPResponse
    /// Every byte the handler wrote.
    let body: ByteBuffer

    /// The response's status.
    var status: HTTPResponse.Status { head.status }
    /// The response's headers.
    var headers: HTTPFields { head.headerFields }
    /// The body as text.
    var text: String { String(buffer: body) }
}

/// The writer a response body writes into: it keeps the bytes.
private struct CollectedBody: ResponseBodyWriter {
    let buffer = Locked(ByteBuffer())

    func write(_ buffer: ByteBuffer) async throws {
        self.buffer.withLock { $0.writeImmutableBuffer(buffer) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
