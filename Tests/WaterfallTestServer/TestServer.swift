import Foundation
import WaterfallCore

/// A small HTTP/1.1 server on 127.0.0.1 and a free port, started and stopped by a test, that
/// answers each path as its ``Route`` says: images, errors, redirects, slow and endless answers.
///
/// POSIX sockets and a thread a connection; TLS through OpenSSL's libssl.
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
    private let listener: Listener
    private let log: RequestLog
    private let routes: RouteTable

    /// Starts a server answering `routes` (by path, query included); other paths get 404.
    ///
    /// - Parameter certificate: Speak TLS with this certificate (``TestCertificate``) rather than plain HTTP.
    public init(routes: [String: Route], certificate: TestCertificate? = nil) throws {
        let log = RequestLog()
        let table = RouteTable(routes)
        let context = try certificate.map {
            try TLSContext(certificateFile: $0.certificateFile, keyFile: $0.keyFile)
        }
        listener = try Listener(context: context) { connection, listener in
            Responder(connection: connection, routes: table, log: log) { listener.isStopped }.serve()
        }
        self.log = log
        self.routes = table
        self.scheme = certificate == nil ? "http" : "https"
        self.port = listener.port
    }

    /// `http://127.0.0.1:PORT` (`https` with TLS) followed by `path`.
    public func url(_ path: String) -> String { "\(scheme)://127.0.0.1:\(port)\(path)" }

    /// Answers `path` as `route` from now on.
    public func setRoute(_ path: String, _ route: Route) { routes.set(path, route) }

    /// The paths asked for so far, in order.
    public var requests: [String] { log.paths }

    /// Stops listening and closes every connection; once, however often it is called.
    public func stop() { listener.stop() }

    /// A port on 127.0.0.1 that nothing listens on: one the system just handed out and took back.
    public static func unusedPort() throws -> Int {
        let server = try TestServer(routes: [:])
        let port = server.port
        server.stop()
        return port
    }
}

/// The routes of a server, which a test may change while it runs.
final class RouteTable: Sendable {
    private let routes: Locked<[String: TestServer.Route]>

    init(_ routes: [String: TestServer.Route]) { self.routes = Locked(routes) }

    func set(_ path: String, _ route: TestServer.Route) { routes.withLock { $0[path] = route } }

    subscript(path: String) -> TestServer.Route? { routes.withLock { $0[path] } }
}

/// The lines a server or proxy was asked for.
final class RequestLog: Sendable {
    private let entries = Locked<[String]>([])

    func add(_ line: String) { entries.withLock { $0.append(line) } }

    var paths: [String] { entries.withLock { $0 } }
}

/// Answers each request of one connection as its route says, until the client goes, a route
/// ends the connection or the server stops.
private struct Responder {
    let connection: Connection
    let routes: RouteTable
    let log: RequestLog
    let isStopped: () -> Bool

    func serve() {
        while let head = connection.readHead() {
            guard let requestLine = head.first else {
                // Not HTTP: said so at once, as a server's parser does, and the connection ended.
                connection.write(Self.head(400, ["Content-Length: 0", "Connection: close"]))
                return
            }
            let parts = requestLine.split(separator: " ")
            guard parts.count >= 2 else { return }
            let path = String(parts[1])
            log.add(path)
            let route = routes[path] ?? .bytes(status: 404, contentType: "text/plain", body: Array("not found".utf8))
            guard answer(route) else { return }
            let closing = head.dropFirst().contains {
                $0.lowercased().hasPrefix("connection:") && $0.lowercased().contains("close")
            }
            if closing { return }
        }
    }

    /// Answers with `route`; whether the connection may serve another request.
    private func answer(_ route: TestServer.Route) -> Bool {
        switch route {
        case .bytes(let status, let contentType, let body):
            var headers: [String] = []
            if let contentType { headers.append("Content-Type: \(contentType)") }
            headers.append("Content-Length: \(body.count)")
            return connection.write(Self.head(status, headers) + body)
        case .redirect(let status, let location):
            return connection.write(Self.head(status, ["Location: \(location)", "Content-Length: 0"]))
        case .slow(let seconds, let route):
            let clock = ContinuousClock()
            let end = clock.now + .milliseconds(Int64(seconds * 1000))
            while clock.now < end {
                if isStopped() || connection.isClosed(waiting: 50) { return false }
            }
            return answer(route)
        case .truncated(let contentType, let announced, let body):
            connection.write(
                Self.head(200, ["Content-Type: \(contentType)", "Content-Length: \(announced)"]) + body)
            return false
        case .endless(let contentType):
            guard connection.write(Self.head(200, ["Content-Type: \(contentType)", "Transfer-Encoding: chunked"]))
            else { return false }
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x55, count: 65536) + Array("\r\n".utf8)
            while !isStopped(), connection.write(chunk) {}
            return false
        }
    }

    private static func head(_ status: Int, _ headers: [String]) -> [UInt8] {
        let reason = [
            200: "OK", 400: "Bad Request", 301: "Moved Permanently", 302: "Found", 303: "See Other", 404: "Not Found",
        ][status]
        return Array(
            (["HTTP/1.1 \(status) \(reason ?? "Status")"] + headers).map { $0 + "\r\n" }.joined().appending("\r\n").utf8
        )
    }
}
