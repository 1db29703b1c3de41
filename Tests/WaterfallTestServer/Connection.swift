import CWaterfallTestTLS
import Foundation
import WaterfallCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One accepted or opened TCP connection on 127.0.0.1, plain or TLS (OpenSSL), read and written
/// by one thread.
final class Connection {
    let descriptor: Int32
    private var tls: OpaquePointer?
    /// Bytes read but not yet taken.
    private var pending: [UInt8] = []

    /// Wraps `descriptor`; with `context`, after a TLS handshake as the server (`nil` when it fails).
    init?(descriptor: Int32, context: TLSContext? = nil) {
        self.descriptor = descriptor
        guard let context else { return }
        guard let session = SSL_new(context.pointer) else { return nil }
        tls = session
        SSL_set_fd(session, descriptor)
        guard SSL_accept(session) == 1 else { return nil }
    }

    deinit {
        if let tls {
            SSL_shutdown(tls)
            SSL_free(tls)
        }
        close(descriptor)
    }

    /// Up to `count` bytes, the pending ones first; empty at the end of the stream or on an error.
    func read(upTo count: Int = 65536) -> [UInt8] {
        if !pending.isEmpty {
            defer { pending = [] }
            return pending
        }
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { bytes -> Int in
            if let tls { return Int(SSL_read(tls, bytes.baseAddress, Int32(count))) }
            return recv(descriptor, bytes.baseAddress, count, 0)
        }
        return read > 0 ? Array(buffer.prefix(read)) : []
    }

    /// Whether bytes are waiting that a `poll` of the socket would not show: read past a head, or
    /// decrypted by TLS and not yet taken.
    var hasPending: Bool { !pending.isEmpty || tls.map { SSL_pending($0) > 0 } ?? false }

    /// Puts bytes back, to be read first.
    func unread(_ bytes: [UInt8]) { pending = bytes + pending }

    /// Writes all of `bytes`; `false` when the other side is gone.
    @discardableResult
    func write(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { all -> Int in
                let start = all.baseAddress! + offset
                if let tls { return Int(SSL_write(tls, start, Int32(bytes.count - offset))) }
                return send(descriptor, start, bytes.count - offset, noSignal)
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// A request or response head (up to the empty line), `nil` when the stream ends first, and
    /// no line at all for bytes that are not text (a TLS handshake); the bytes after it stay to
    /// be read.
    func readHead() -> [String]? {
        var buffer: [UInt8] = []
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            if buffer.contains(where: { ($0 < 0x20 && $0 != 0x0D && $0 != 0x0A && $0 != 0x09) || $0 >= 0x80 }) {
                return []
            }
            if let range = buffer.firstRange(of: end) {
                unread(Array(buffer[range.upperBound...]))
                let text = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                return text.components(separatedBy: "\r\n")
            }
            guard buffer.count < 65536 else { return nil }
            let more = read()
            guard !more.isEmpty else { return nil }
            buffer += more
        }
    }

    /// Whether the other side has closed (or reset) the connection; waits at most `milliseconds`.
    func isClosed(waiting milliseconds: Int32) -> Bool {
        var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, milliseconds) > 0 else { return false }
        if poller.revents & Int16(POLLHUP | POLLERR) != 0 { return true }
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT)) == 0
    }

    /// A new connection to `127.0.0.1:port`, `nil` when nothing answers.
    static func open(port: Int) -> Connection? {
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { return nil }
        var address = loopback
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(descriptor)
            return nil
        }
        return Connection(descriptor: descriptor)
    }
}

/// A listening socket on 127.0.0.1 and a port the system picks, and the thread that accepts on
/// it, each connection handed to a thread of its own; the server and the proxy share it.
final class Listener: Sendable {
    let port: Int
    private let descriptor: Int32
    /// Descriptors of open connections, shut down by ``stop()``.
    private let open = Locked(Set<Int32>())
    private let stopped = Locked(false)
    private let acceptEnded = DispatchSemaphore(value: 0)

    /// Listens and starts accepting; `serve` gets each connection (after the TLS handshake, with
    /// `context`) on a thread of its own, and the listener, to learn whether it has stopped.
    init(context: TLSContext? = nil, serve: @escaping @Sendable (Connection, Listener) -> Void) throws {
        // A client gone while an answer is written is a failed write, not the end of the test process.
        signal(SIGPIPE, SIG_IGN)
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 64) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EADDRINUSE)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
        WorkerPool.start { [self] in
            while !isStopped {
                // A short wait, then a look at `stopped`: closing a listening socket does not
                // wake `accept` on every system.
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 100) > 0 else { continue }
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { continue }
                let admitted = stopped.withLock { stopped in
                    stopped ? false : open.withLock { $0.insert(client).inserted }
                }
                guard admitted else {
                    close(client)
                    continue
                }
                WorkerPool.start { [self] in
                    var connection = Connection(descriptor: client, context: context)
                    if let connection { serve(connection, self) }
                    // Out of the set before it is closed, so that `stop` never shuts down a reused number.
                    _ = open.withLock { $0.remove(client) }
                    connection = nil
                }
            }
            acceptEnded.signal()
        }
    }

    /// Stops accepting and ends every open connection; once, however often it is called.
    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        acceptEnded.wait()
        close(descriptor)
        // The threads serving them close their descriptors as they end.
        open.withLock { descriptors in for client in descriptors { shutdown(client, Int32(SHUT_RDWR)) } }
    }

    var isStopped: Bool { stopped.withLock { $0 } }
}

/// An OpenSSL server context with a certificate and its key.
final class TLSContext: @unchecked Sendable {
    let pointer: OpaquePointer

    init(certificateFile: String, keyFile: String) throws {
        guard let pointer = wf_tls_server_context(certificateFile, keyFile) else {
            throw CocoaError(
                .fileReadCorruptFile,
                userInfo: [NSLocalizedDescriptionKey: "OpenSSL refused \(certificateFile) or \(keyFile)"])
        }
        self.pointer = pointer
    }

    deinit { SSL_CTX_free(pointer) }
}

/// `SOCK_STREAM` as `socket` takes it.
#if canImport(Glibc)
private let stream = Int32(SOCK_STREAM.rawValue)
/// A write to a closed connection fails instead of raising SIGPIPE.
private let noSignal = Int32(MSG_NOSIGNAL)
#else
private let stream = SOCK_STREAM
private let noSignal: Int32 = 0
#endif

/// `127.0.0.1`, port 0.
private var loopback: sockaddr_in {
    var address = sockaddr_in()
    #if canImport(Darwin)
    address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
}
