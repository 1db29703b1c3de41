import Foundation
import WaterfallCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A forward HTTP proxy on 127.0.0.1 and a free port, started and stopped by a test: it relays
/// plain requests by absolute URL (`GET http://127.0.0.1:PORT/a.png`) and opens `CONNECT`
/// tunnels, to ports of 127.0.0.1 (or `localhost`) only, and counts what it relayed.
public final class TestProxy: Sendable {
    /// The port it listens on.
    public let port: Int
    private let listener: Listener
    private let log: RequestLog
    private let asked: RequestLog

    /// `http`, or `https` when it speaks TLS to its clients.
    public let scheme: String

    /// Starts a proxy; with `refusing`, it answers every request with that status instead.
    ///
    /// - Parameter certificate: Speak TLS to clients with this certificate (an HTTPS proxy).
    public init(refusing status: Int? = nil, certificate: TestCertificate? = nil) throws {
        let log = RequestLog()
        let asked = RequestLog()
        let context = try certificate.map {
            try TLSContext(certificateFile: $0.certificateFile, keyFile: $0.keyFile)
        }
        scheme = certificate == nil ? "http" : "https"
        listener = try Listener(context: context) { connection, _ in
            guard let head = connection.readHead(), let requestLine = head.first else { return }
            asked.add(requestLine)
            let parts = requestLine.split(separator: " ").map(String.init)
            guard parts.count == 3 else { return }
            if let status {
                connection.write(
                    Array("HTTP/1.1 \(status) Refused\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                return
            }
            if parts[0] == "CONNECT" {
                Self.tunnel(connection, to: parts[1], log: log, line: requestLine)
            } else {
                Self.forward(connection, method: parts[0], url: parts[1], headers: Array(head.dropFirst()), log: log)
            }
        }
        self.log = log
        self.asked = asked
        port = listener.port
    }

    /// `http://127.0.0.1:PORT` (`https` with TLS), as `https_proxy` and `http_proxy` name it.
    public var url: String { "\(scheme)://127.0.0.1:\(port)" }

    /// The request lines relayed so far, in order: `CONNECT 127.0.0.1:PORT HTTP/1.1` for a tunnel,
    /// `GET http://127.0.0.1:PORT/a.png HTTP/1.1` for a plain request.
    public var relayed: [String] { log.paths }

    /// Every request line asked for so far, relayed or not, in order.
    public var requests: [String] { asked.paths }

    /// Stops listening and closes every connection; once, however often it is called.
    public func stop() { listener.stop() }

    /// The port of `authority` (`127.0.0.1:8080`, `localhost:8080`), `nil` for another host.
    private static func loopbackPort(_ authority: String) -> Int? {
        let parts = authority.split(separator: ":")
        guard parts.count == 2, parts[0] == "127.0.0.1" || parts[0].lowercased() == "localhost" else { return nil }
        return Int(parts[1])
    }

    private static func tunnel(_ client: Connection, to authority: String, log: RequestLog, line: String) {
        guard let port = loopbackPort(authority), let server = Connection.open(port: port) else {
            client.write(Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n".utf8))
            return
        }
        log.add(line)
        guard client.write(Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8)) else { return }
        relay(client, server)
    }

    private static func forward(_ client: Connection, method: String, url: String, headers: [String], log: RequestLog) {
        guard let parsed = URLComponents(string: url), parsed.scheme == "http", let host = parsed.host,
            let port = loopbackPort("\(host):\(parsed.port ?? 80)"), let server = Connection.open(port: port)
        else {
            client.write(Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n".utf8))
            return
        }
        log.add("\(method) \(url) HTTP/1.1")
        let path =
            (parsed.percentEncodedPath.isEmpty ? "/" : parsed.percentEncodedPath)
            + (parsed.percentEncodedQuery.map { "?" + $0 } ?? "")
        let kept = headers.filter {
            let name = $0.lowercased()
            return !name.hasPrefix("proxy-connection:") && !name.hasPrefix("connection:")
        }
        let request =
            (["\(method) \(path) HTTP/1.1"] + kept + ["Connection: close"]).map { $0 + "\r\n" }.joined() + "\r\n"
        guard server.write(Array(request.utf8)) else { return }
        // One answer: the server closes after it, and so does the proxy.
        while true {
            let bytes = server.read()
            guard !bytes.isEmpty, client.write(bytes) else { return }
        }
    }

    /// Copies bytes both ways until either side closes.
    private static func relay(_ client: Connection, _ server: Connection) {
        var pollers = [
            pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: server.descriptor, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            // What TLS has decrypted already, no poll shows.
            while client.hasPending {
                guard server.write(client.read()) else { return }
            }
            guard poll(&pollers, 2, -1) > 0 else { return }
            for (index, poller) in pollers.enumerated() where poller.revents != 0 {
                let (from, to) = index == 0 ? (client, server) : (server, client)
                let bytes = from.read()
                guard !bytes.isEmpty, to.write(bytes) else { return }
            }
        }
    }
}
