import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

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
        /// A 200 answer that announces `announced` bytes, sends `body` and closes the connection.
        case truncated(contentType: String, announced: Int, body: [UInt8])
    }

    /// The port it listens on.
    public let port: Int
    /// `https` when it speaks TLS, else `http`.
    public let scheme: String
    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let log: RequestLog
    private let routes: RouteTable
    private let stopped = RequestLog()

    /// Starts a server answering `routes` (by path, query included); other paths get 404.
    ///
    /// - Parameter certificate: Speak TLS with this certificate (``TestCertificate``) rather than plain HTTP.
    public init(routes: [String: Route], certificate: TestCertificate? = nil) throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let log = RequestLog()
        let table = RouteTable(routes)
        let tls = try certificate.map { certificate in
            try NIOSSLContext(
                configuration: .makeServerConfiguration(
                    certificateChain: try NIOSSLCertificate.fromPEMFile(certificate.certificateFile).map {
                        .certificate($0)
                    },
                    privateKey: .privateKey(try NIOSSLPrivateKey(file: certificate.keyFile, format: .pem))))
        }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 64)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Responder(routes: table, log: log))
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
        self.routes = table
        self.scheme = certificate == nil ? "http" : "https"
        self.port = channel.localAddress?.port ?? 0
    }

    /// `http://127.0.0.1:PORT` (`https` with TLS) followed by `path`.
    public func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// Answers `path` as `route` from now on.
    public func setRoute(_ path: String, _ route: Route) { routes.set(path, route) }

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

/// The routes of a server, which a test may change while it runs.
final class RouteTable: @unchecked Sendable {
    private var routes: [String: TestServer.Route]
    private let lock = NSLock()

    init(_ routes: [String: TestServer.Route]) { self.routes = routes }

    func set(_ path: String, _ route: TestServer.Route) {
        lock.lock()
        routes[path] = route
        lock.unlock()
    }

    subscript(path: String) -> TestServer.Route? {
        lock.lock()
        defer { lock.unlock() }
        return routes[path]
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

    let routes: RouteTable
    let log: RequestLog
    private var path = "/"

    init(routes: RouteTable, log: RequestLog) {
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
        case .truncated(let contentType, let announced, let body):
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: contentType)
            headers.add(name: "Content-Length", value: "\(announced)")
            let head = HTTPResponseHead(version: .http1_1, status: .ok, headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: body))))).whenComplete { _ in
                channel.close(promise: nil)
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
