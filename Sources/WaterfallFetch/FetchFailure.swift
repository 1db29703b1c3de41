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
    /// The proxy (`host:port`, as the environment names it, without a password) could not be
    /// used, and why in words.
    case proxyFailed(proxy: String, reason: String)
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
        case .proxyFailed(let proxy, let reason): "the proxy \(proxy) failed: \(reason)"
        case .unknownHost(let host): "cannot find the host \(host)"
        case .other(let reason): reason
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }
}
