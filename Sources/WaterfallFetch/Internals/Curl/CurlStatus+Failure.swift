import CWaterfallCurl

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CurlStatus {
    /// Whether the connection ended before the body had the length the server announced.
    var isShortBody: Bool { code == CURLE_PARTIAL_FILE }

    /// Whether libcurl was asked for a scheme other than http and https.
    var isUnsupportedScheme: Bool { code == CURLE_UNSUPPORTED_PROTOCOL }

    /// The failure this status stands for, in plain words: never libcurl's code or a type's name.
    ///
    /// - Parameters:
    ///   - host: The URL's host, as messages name it.
    ///   - proxy: The proxy the request went through (`host:port`), or `nil`.
    ///   - limits: The limits the request was made under, for the timeouts' numbers.
    ///   - timedOutConnecting: Whether a timeout before any connection was the connect timeout
    ///     (rather than the total one, when that was the shorter).
    func failure(host: String, proxy: String?, limits: FetchLimits, timedOutConnecting: Bool) -> FetchFailure {
        if let proxy, proxyStatus != 0, !(200..<300).contains(proxyStatus) {
            return .proxyFailed(
                proxy: proxy, reason: "it answered HTTP \(proxyStatus) when asked to connect to \(host)")
        }
        if let proxy, proxyCertificateRejected {
            return .proxyFailed(proxy: proxy, reason: "its certificate is not trusted")
        }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return !connected && timedOutConnecting
                ? .connectTimedOut(min(limits.connectTimeout, limits.timeout)) : .timedOut(limits.timeout)
        case CURLE_COULDNT_RESOLVE_HOST:
            return .unknownHost(host)
        case CURLE_COULDNT_RESOLVE_PROXY:
            return .proxyFailed(proxy: proxy ?? "", reason: "its host cannot be found")
        case CURLE_COULDNT_CONNECT:
            let reason =
                systemError == ECONNREFUSED || systemError == 0
                ? "connection refused" : String(cString: strerror(systemError))
            if let proxy { return .proxyFailed(proxy: proxy, reason: reason) }
            return reason == "connection refused" ? .connectionRefused : .other("cannot connect to \(host): \(reason)")
        case CURLE_PEER_FAILED_VERIFICATION:
            return .tlsFailed(host: host, reason: Self.verificationReason(message, host: host))
        case CURLE_SSL_CACERT_BADFILE:
            return .tlsFailed(host: host, reason: "the trusted certificates cannot be read")
        case CURLE_SSL_CONNECT_ERROR:
            return .tlsFailed(host: host, reason: Self.handshakeReason(message))
        case CURLE_PROXY:
            return .proxyFailed(proxy: proxy ?? "", reason: "the handshake with it failed")
        case CURLE_GOT_NOTHING:
            return .other("the server closed the connection without answering")
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .other("the server closed the connection")
        case CURLE_WEIRD_SERVER_REPLY:
            return .other("the answer is not valid HTTP")
        case CURLE_UNSUPPORTED_PROTOCOL:
            return .other("only http and https URLs are fetched")
        case CURLE_URL_MALFORMAT:
            return .other("not a URL that can be fetched")
        case CURLE_OUT_OF_MEMORY:
            return .other("out of memory")
        default:
            return .other(Self.plain(message))
        }
    }

    /// Why the server's certificate was not accepted, from libcurl's message.
    private static func verificationReason(_ message: String, host: String) -> String {
        let text = message.lowercased()
        if text.contains("subject name") || text.contains("does not match") || text.contains("no alternative") {
            return "the certificate is not for \(host)"
        }
        if text.contains("expired") { return "the server's certificate has expired" }
        if text.contains("not yet valid") { return "the server's certificate is not valid yet" }
        return "the server's certificate is not trusted"
    }

    /// Why a handshake failed, from OpenSSL's words in libcurl's message
    /// (`error:0A00010B:SSL routines::wrong version number`).
    private static func handshakeReason(_ message: String) -> String {
        let text = message.lowercased()
        if text.contains("wrong version number") || text.contains("packet length too long")
            || text.contains("http request")
        {
            return "the server does not speak TLS"
        }
        if text.contains("unexpected eof") || text.contains("connection reset") || text.contains("syscall") {
            return "the connection ended during the handshake"
        }
        if text.contains("alert") { return "the server refused the handshake" }
        return "the handshake failed"
    }

    /// libcurl's message with its first letter in lower case, as it follows the URL.
    private static func plain(_ message: String) -> String {
        guard let first = message.first else { return "the transfer failed" }
        return first.lowercased() + message.dropFirst()
    }
}
