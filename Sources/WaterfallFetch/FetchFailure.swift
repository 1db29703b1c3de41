import AsyncHTTPClient
import NIOCore
import NIOPosix

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
    /// The response's type is not an accepted image type (the type, or `no Content-Type`).
    case notAnImage(String)
    case connectionRefused
    /// The host's name did not resolve.
    case unknownHost(String)
    /// Anything else, as the client said it.
    case other(String)

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
        case .notAnImage(let type): "not an image (\(type))"
        case .connectionRefused: "connection refused"
        case .unknownHost(let host): "cannot find the host \(host)"
        case .other(let reason): reason
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// The failure an error of the HTTP client stands for.
    init(_ error: any Error, limits: FetchLimits, host: String) {
        if let failure = error as? FetchFailure {
            self = failure
            return
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout: self = .connectTimedOut(min(limits.connectTimeout, limits.timeout))
            case .deadlineExceeded, .readTimeout, .writeTimeout: self = .timedOut(limits.timeout)
            case .remoteConnectionClosed: self = .other("the server closed the connection")
            default: self = .other("\(error)")
            }
            return
        }
        if let error = error as? ChannelError, case .connectTimeout = error {
            self = .connectTimedOut(min(limits.connectTimeout, limits.timeout))
            return
        }
        if let error = error as? NIOConnectionError {
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty {
                self = .unknownHost(host)
                return
            }
            if let first = error.connectionErrors.first {
                self = FetchFailure(first.error, limits: limits, host: host)
                return
            }
        }
        if let error = error as? IOError {
            switch error.errnoCode {
            case ECONNREFUSED: self = .connectionRefused
            case ETIMEDOUT: self = .connectTimedOut(min(limits.connectTimeout, limits.timeout))
            default: self = .other(error.description)
            }
            return
        }
        let text = "\(error)"
        self = text.localizedCaseInsensitiveContains("connection refused") ? .connectionRefused : .other(text)
    }
}
