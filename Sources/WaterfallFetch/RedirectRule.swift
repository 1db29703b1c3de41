import Foundation

/// Where a redirect may lead: the one rule every hop of a fetch is checked against before it is
/// requested.
///
/// A redirect is followed when its `Location` is an `http` or `https` URL, to a host of ``hosts``,
/// at most ``maximumRedirects`` times, never back to a URL already visited. The scheme may change
/// only from `http` to `https` on the same host (an upgrade); `https` to `http` (a downgrade) is
/// refused, and so is an upgrade that also moves to another host.
public struct RedirectRule: Sendable, Hashable {
    /// The hosts (lower case, IPv6 addresses without brackets) a redirect may lead to.
    public var hosts: Set<String>
    /// The most redirects followed for one URL.
    public var maximumRedirects: Int

    /// Creates a rule for hosts and a redirect count.
    public init(hosts: Set<String>, maximumRedirects: Int) {
        self.hosts = hosts
        self.maximumRedirects = maximumRedirects
    }

    /// The absolute URL to request next when `url` answered with a redirect to `location`, or why
    /// it is not followed.
    ///
    /// - Parameters:
    ///   - url: The URL that answered with the redirect.
    ///   - location: The redirect's `Location` header, absolute or relative to `url`.
    ///   - visited: Every URL requested so far for this fetch, the first included.
    public func next(from url: String, location: String, visited: [String]) -> Result<String, FetchFailure> {
        guard visited.count <= maximumRedirects else { return .failure(.tooManyRedirects(maximumRedirects)) }
        guard let target = URL(string: location, relativeTo: URL(string: url))?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = Self.host(of: target), !host.isEmpty
        else { return .failure(.badRedirect(String(location.prefix(200)))) }
        guard hosts.contains(host) else { return .failure(.redirectToOtherHost(host)) }
        let next = target.absoluteString
        let from = URL(string: url)
        let fromScheme = from?.scheme?.lowercased() ?? scheme
        if fromScheme == "https", scheme == "http" { return .failure(.redirectDowngrade(next)) }
        if fromScheme != scheme, from.flatMap(Self.host(of:)) != host {
            return .failure(.redirectUpgradeToOtherHost(host))
        }
        guard !visited.contains(next) else { return .failure(.redirectLoop(next)) }
        return .success(next)
    }

    /// The host of `url` in lower case, without brackets around an IPv6 address.
    static func host(of url: URL) -> String? {
        guard var host = url.host?.lowercased() else { return nil }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host
    }
}
