import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A small HTTP/1.1 server on 127.0.0.1 and a free port, started and stopped by a test, that
/// answers each path as its ``Route`` says: images, errors, redirects, slow and endless answers.
public final class TestServer: Sendable {
    /// How the server answers one path.
    public indirect enum Route: Sendable {
        /// A whole answer; `contentType` `nil` sends no Content-Type.
        case bytes(status: Int = 200, contentType: String?, body: [UInt8])
        /// A redirect to `location`, as given (relative or absolute).
        case redirect(status: Int = 302, location: String)
        /// `route`, after `seconds`.
        case slow(seconds: Double, route: Route)
        /// A 200 answer of `contentType` whose body never ends, sent as fast as it is read.
        case endless(contentType: String)
    }

    /// The port it listens on.
    public let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let log: RequestLog
    private let stopped = RequestLog()

    /// Starts a server answering `routes` (by path, query included); other paths get 404.
    public init(routes: [String: Route]) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let log = RequestLog()
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Responder(routes: routes, log: log))
                }
            }
        do {
            channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw error
        }
        self.group = group
        self.log = log
        self.port = channel.localAddress?.port ?? 0
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The paths asked for so far, in order.
    public var requests: [String] { log.paths }

    /// Stops listening and closes every connection; once, however often it is called.
    public func stop() {
        guard stopped.addFirst("stop") else { return }
        try? channel.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// A port on 127.0.0.1 that nothing listens on: one the system just handed out and took back.
    public static func unusedPort() throws -> Int {
        let server = try TestServer(routes: [:])
        let port = server.port
        server.stop()
        return port
    }
}

/// The paths a server was asked for.
final class RequestLog: @unchecked Sendable {
    private var entries: [String] = []
    private let lock = NSLock()

    func add(_ path: String) {
        lock.lock()
        entries.append(path)
        lock.unlock()
    }

    /// Adds `path` unless it is already there; whether it was added.
    func addFirst(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !entries.contains(path) else { return false }
        entries.append(path)
        return true
    }

    var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}

/// Answers each request of one connection as its route says.
private final class Responder: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let routes: [String: TestServer.Route]
    let log: RequestLog
    private var path = "/"

    init(routes: [String: TestServer.Route], log: RequestLog) {
        self.routes = routes
        self.log = log
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            path = head.uri
            log.add(head.uri)
        case .body:
            break
        case .end:
            answer(
                routes[path] ?? .bytes(status: 404, contentType: "text/plain", body: Array("not found".utf8)), context)
        }
    }

    private func answer(_ route: TestServer.Route, _ context: ChannelHandlerContext) {
        switch route {
        case .bytes(let status, let contentType, let body):
            var headers = HTTPHeaders()
            if let contentType { headers.add(name: "Content-Type", value: contentType) }
            headers.add(name: "Content-Length", value: "\(body.count)")
            let head = HTTPResponseHead(
                version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .redirect(let status, let location):
            var headers = HTTPHeaders()
            headers.add(name: "Location", value: location)
            headers.add(name: "Content-Length", value: "0")
            let head = HTTPResponseHead(
                version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        case .slow(let seconds, let route):
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .milliseconds(Int64(seconds * 1000))) {
                let (responder, context) = bound.value
                guard context.channel.isActive else { return }
                responder.answer(route, context)
            }
        case .endless(let contentType):
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: contentType)
            headers.add(name: "Transfer-Encoding", value: "chunked")
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)
            context.writeAndFlush(wrapOutboundOut(.head(head)), promise: nil)
            pump(context)
        }
    }

    /// Writes the next 64 KiB of an endless body once the last is written, until the client goes.
    private func pump(_ context: ChannelHandlerContext) {
        let chunk = ByteBuffer(repeating: 0x55, count: 65536)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(chunk)))).whenSuccess {
            let (responder, context) = bound.value
            guard context.channel.isActive else { return }
            responder.pump(context)
        }
    }
}
