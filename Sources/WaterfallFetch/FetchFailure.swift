import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a URL could not be fetched, as messages say it after the URL.
public enum FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The final response's status was not 2xx.
    case status(Int)
    /// No connection within the connect timeout (seconds).
    case connectTimedOut(Double)
    /// The whole fetch took longer than the timeout (seconds).
    case timedOut(Double)
    /// The body was longer than the limit (bytes).
    case tooLarge(Int)
    /// More redirects than the limit.
    case tooManyRedirects(Int)
    /// A redirect led back to a URL already visited.
    case redirectLoop(String)
    /// A redirect led to a host the spec does not name.
    case redirectToOtherHost(String)
    /// A redirect's `Location` is not an http(s) URL.
    case badRedirect(String)
    /// A redirect from `https` to `http` (the URL it led to).
    case redirectDowngrade(String)
    /// A redirect from `http` to `https` on another host (that host): only an upgrade on the same
    /// host is followed.
    case redirectUpgradeToOtherHost(String)
    /// The host (a name or an address) resolves only to addresses the ``AddressPolicy`` refuses:
    /// the first of them, and its class.
    case refusedAddress(host: String, address: String, AddressClass)
    /// The TLS handshake failed, and why, in words.
    case tlsFailed(host: String, reason: String)
    /// The connection ended before the body had the length the server announced.
    case shortBody(announced: Int, sent: Int)
    /// The response's type is not an accepted image type (the type, or `no Content-Type`).
    case notAnImage(String)
    /// The host refused the connection.
    case connectionRefused
    /// The host's name did not resolve.
    case unknownHost(String)
    /// Anything else, as the client said it.
    case other(String)

    /// The failure as it follows the URL in a message.
    public var description: String {
        switch self {
        case .status(let code): "HTTP \(code)"
        case .connectTimedOut(let seconds): "could not connect within \(Self.seconds(seconds))"
        case .timedOut(let seconds): "timed out after \(Self.seconds(seconds))"
        case .tooLarge(let bytes): "larger than \(bytes) bytes"
        case .tooManyRedirects(let count): "too many redirects (more than \(count))"
        case .redirectLoop(let url): "too many redirects (a loop back to \(url))"
        case .redirectToOtherHost(let host): "redirected to \(host), a host the spec does not name"
        case .badRedirect(let location): "redirected to \"\(location)\", not an http(s) URL"
        case .redirectDowngrade(let url): "redirected from https to http (\(url)), which is refused"
        case .redirectUpgradeToOtherHost(let host):
            "redirected from http to https on another host (\(host)); only an upgrade on the same host is followed"
        case .refusedAddress(let host, let address, let kind):
            (host == address ? "\(address) is " : "\(host) resolves to \(address), ") + kind.phrase + "; "
                + (kind == .linkLocal
                    ? "refused unless --allow-link-local is given" : "refused by --deny-private-network")
        case .tlsFailed(let host, let reason): "TLS handshake with \(host) failed: \(reason)"
        case .shortBody(let announced, let sent): "the server announced \(announced) bytes and sent \(sent)"
        case .notAnImage(let type): "not an image (\(type))"
        case .connectionRefused: "connection refused"
        case .unknownHost(let host): "cannot find the host \(host)"
        case .other(let reason): reason
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// The failure an error of the HTTP client, NIO or NIOSSL stands for, in plain words: never a
    /// type's debug description.
    init(_ error: any Error, limits: FetchLimits, host: String) {
        let connectTimeout = min(limits.connectTimeout, limits.timeout)
        switch error {
        case let failure as FetchFailure:
            self = failure
        case let error as HTTPClientError:
            switch error {
            case .connectTimeout: self = .connectTimedOut(connectTimeout)
            case .deadlineExceeded, .readTimeout, .writeTimeout: self = .timedOut(limits.timeout)
            case .remoteConnectionClosed: self = .other("the server closed the connection")
            case .tlsHandshakeTimeout: self = .tlsFailed(host: host, reason: "no answer in time")
            default: self = .other("the HTTP client failed: \(error.shortDescription.lowercased())")
            }
        case let error as NIOSSLError:
            self = .tlsFailed(host: host, reason: Self.tlsReason(error))
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            self = .tlsFailed(host: host, reason: "the certificate is not for \(host)")
        case let error as NIOSSLExtraError:
            // "NIOSSLExtraError.case: what happened": the words after the case's name.
            let text = "\(error)"
            self = .tlsFailed(
                host: host,
                reason: text.range(of: ": ").map { String(text[$0.upperBound...]) } ?? "the TLS layer failed")
        case let error as HTTPParserError:
            self = .other(
                error == .invalidEOFState
                    ? "the server closed the connection before the end of the answer"
                    : "the answer is not valid HTTP")
        case ChannelError.connectTimeout:
            self = .connectTimedOut(connectTimeout)
        case let error as ChannelError:
            self = .other(error == .eof ? "the server closed the connection" : "the connection failed")
        case let error as NIOConnectionError:
            if let first = error.connectionErrors.first {
                self = FetchFailure(first.error, limits: limits, host: host)
            } else if error.dnsAError != nil || error.dnsAAAAError != nil {
                self = .unknownHost(host)
            } else {
                self = .other("cannot connect to \(host)")
            }
        case let error as IOError:
            switch error.errnoCode {
            case ECONNREFUSED: self = .connectionRefused
            case ETIMEDOUT: self = .connectTimedOut(connectTimeout)
            default: self = .other("cannot connect to \(host): \(String(cString: strerror(error.errnoCode)))")
            }
        default:
            let text = "\(error)"
            self = text.localizedCaseInsensitiveContains("connection refused") ? .connectionRefused : .other(text)
        }
    }

    /// Why a TLS handshake failed, from BoringSSL's reason codes (`CERTIFICATE_VERIFY_FAILED`).
    private static func tlsReason(_ error: NIOSSLError) -> String {
        let stack: [BoringSSLInternalError]
        switch error {
        case .handshakeFailed(.sslError(let errors)), .handshakeFailed(.unknownError(let errors)):
            stack = errors
        case .handshakeFailed, .uncleanShutdown:
            return "the connection ended during the handshake"
        default:
            return "the TLS layer failed"
        }
        // "Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at FILE:LINE"
        guard let text = stack.first.map({ "\($0)" }) else { return "the TLS layer failed" }
        let end = text.range(of: " at ")?.lowerBound ?? text.endIndex
        guard let colon = text[..<end].lastIndex(of: ":") else { return "the TLS layer failed" }
        let code = text[text.index(after: colon)..<end]
        switch code {
        case "CERTIFICATE_VERIFY_FAILED": return "the server's certificate is not trusted"
        case "WRONG_VERSION_NUMBER", "HTTP_REQUEST": return "the server does not speak TLS"
        default: return code.lowercased().split(separator: "_").joined(separator: " ")
        }
    }
}
