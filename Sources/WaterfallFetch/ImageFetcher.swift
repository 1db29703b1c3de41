import Foundation
import WaterfallCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fetches images over HTTP(S) with libcurl, several at once, each within ``FetchLimits``: a
/// connect and a total timeout, a body size limit enforced while streaming, a redirect limit,
/// 2xx answers of an image type only, redirects only as ``RedirectRule`` allows, and connections
/// only to addresses the ``AddressPolicy`` allows.
///
/// It goes through a proxy and trusts certificates as the `curl` tool does, from
/// ``environment``: `https_proxy` (or `HTTPS_PROXY`), `http_proxy`, `all_proxy` (or `ALL_PROXY`)
/// less the hosts of `no_proxy` (or `NO_PROXY`); `CURL_CA_BUNDLE`, else `SSL_CERT_FILE` and
/// `SSL_CERT_DIR`, else the system's certificates.
///
/// It knows nothing of specs or caches: it turns URLs into bytes or into the reason they could
/// not be had.
public struct ImageFetcher: Sendable {
    /// How far one fetch may go.
    public var limits: FetchLimits
    /// The media types accepted as images.
    public var acceptedTypes: Set<String> = ["image/png", "image/jpeg", "image/jpg"]
    /// The `User-Agent` header sent with each request.
    public var userAgent = "waterfall"
    /// Which addresses the hosts may resolve to.
    public var addresses: AddressPolicy
    /// PEM files of certificates trusted besides the system's (a private certificate authority),
    /// or besides those `CURL_CA_BUNDLE` or `SSL_CERT_FILE` name.
    public var trustedCertificateFiles: [String] = []
    /// The variables the proxy and the trusted certificates are read from, as curl reads them;
    /// the process's by default.
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    /// Creates a fetcher with limits and an address policy.
    public init(limits: FetchLimits = FetchLimits(), addresses: AddressPolicy = AddressPolicy()) {
        self.limits = limits
        self.addresses = addresses
    }

    /// Fetches `urls`, at most `limits.concurrency` at a time, and returns when every one has
    /// succeeded or failed.
    ///
    /// Everything fetched is held until the batch ends; ``fetch(_:allowedHosts:progress:each:)``
    /// hands each result over as it comes instead.
    public func fetch(
        _ urls: [String], allowedHosts: Set<String> = [], progress: (@Sendable (FetchProgress) -> Void)? = nil
    ) -> [String: Result<FetchedImage, FetchFailure>] {
        let results = Locked([String: Result<FetchedImage, FetchFailure>]())
        fetch(urls, allowedHosts: allowedHosts, progress: progress) { url, result in
            results.withLock { $0[url] = result }
        }
        return results.withLock { $0 }
    }

    /// Fetches `urls`, at most `limits.concurrency` at a time, handing each result to `each` as
    /// soon as it is known (from another thread, one call at a time), and returns when every one
    /// has been handed over: at most `limits.concurrency` bodies are in memory at once.
    ///
    /// It blocks the calling thread. Every host the batch may reach (the URLs' and
    /// `allowedHosts`) is resolved once first and its address checked; a direct connection goes
    /// to that address only, and is checked again as it is opened. Through a proxy, the proxy is
    /// asked for the host by name once its address here was checked (a name that does not
    /// resolve here is left to the proxy, unless private networks are denied); the proxy's own
    /// address is not checked. Each of `limits.concurrency` threads makes its requests on a
    /// libcurl handle of its own, all closed before it returns.
    ///
    /// - Parameters:
    ///   - urls: The image URLs, each fetched once.
    ///   - allowedHosts: The hosts (lower case) a redirect may lead to; the URLs' own hosts are
    ///     always allowed.
    ///   - progress: Called from another thread every quarter second once the batch has taken a
    ///     second, and once more with `isFinished` when it ends, if it was called before.
    ///   - each: Called with each URL and its image, or why it could not be fetched.
    public func fetch(
        _ urls: [String], allowedHosts: Set<String> = [], progress: (@Sendable (FetchProgress) -> Void)? = nil,
        each: @escaping @Sendable (String, Result<FetchedImage, FetchFailure>) -> Void
    ) {
        guard !urls.isEmpty else { return }
        let network: NetworkEnvironment
        switch NetworkEnvironment.read(
            environment, extraCertificates: trustedCertificateFiles, builtInBundle: CurlGlobal.builtInCertificates)
        {
        case .success(let read): network = read
        case .failure(let failure):
            for url in urls { each(url, .failure(failure)) }
            return
        }
        var hosts = allowedHosts
        for url in urls { if let host = URL(string: url).flatMap(RedirectRule.host(of:)) { hosts.insert(host) } }
        let batch = Batch(
            fetcher: self, network: network,
            pins: HostPins.resolve(hosts, policy: addresses, timeout: min(limits.connectTimeout, limits.timeout)),
            rule: RedirectRule(hosts: hosts, maximumRedirects: limits.maximumRedirects))
        let received = ByteCount()
        let reporter = progress.map { ProgressReporter(total: urls.count, received: received, report: $0) }
        let handOver = Locked(())
        // The handles of the threads that are done, for the next URL: their connections stay open.
        let handles = Locked<[CurlEasy]>([])
        WorkerPool.run(count: urls.count, workers: max(1, limits.concurrency)) { index in
            let url = urls[index]
            let outcome: Result<FetchedImage, FetchFailure>
            if let handle = handles.withLock({ $0.popLast() }) ?? CurlEasy() {
                outcome = batch.fetch(url, handle: handle, received: received)
                handles.withLock { $0.append(handle) }
            } else {
                outcome = .failure(.other("libcurl could not be started"))
            }
            handOver.withLock { _ in each(url, outcome) }
            reporter?.finishedOne()
        }
        reporter?.end()
    }
}

/// What every fetch of one batch shares: the fetcher's settings, the environment read once, the
/// pinned addresses and the redirect rule.
private struct Batch: Sendable {
    let fetcher: ImageFetcher
    let network: NetworkEnvironment
    let pins: HostPins
    let rule: RedirectRule

    /// One URL, following redirects by hand so that each one is checked against the rule, and
    /// each host's pinned address against the policy before anything is sent.
    func fetch(_ original: String, handle: CurlEasy, received: ByteCount) -> Result<FetchedImage, FetchFailure> {
        let limits = fetcher.limits
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64(min(max(limits.timeout, 0.001), 1e9) * 1000))
        var url = original
        var visited = [original]
        while true {
            let remaining = clock.now.duration(to: deadline)
            guard remaining > .zero else { return .failure(.timedOut(limits.timeout)) }
            let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18
            let hop: Hop
            switch self.hop(url, timeout: seconds, received: received) {
            case .success(let made): hop = made
            case .failure(let failure): return .failure(failure)
            }
            let download = hop.download
            let status = handle.perform(
                hop.curl, header: download.header, body: download.body,
                mayConnect: { bytes in
                    // Through a proxy the connection is the proxy's, which the environment names.
                    guard hop.proxy == nil, let address = Self.text(bytes),
                        let kind = fetcher.addresses.refusal(of: address)
                    else { return true }
                    hop.refusal.withLock { $0 = .refusedAddress(host: hop.host, address: address, kind) }
                    return false
                })
            if let refused = hop.refusal.withLock({ $0 }) { return .failure(refused) }
            switch download.stop {
            case .failure(let failure):
                return .failure(failure)
            case .redirect(let location):
                switch rule.next(from: url, location: location, visited: visited) {
                case .failure(let failure): return .failure(failure)
                case .success(let next):
                    url = next
                    visited.append(next)
                    continue
                }
            case nil:
                break
            }
            if let status {
                if status.isShortBody, let short = download.shortBody { return .failure(short) }
                return .failure(
                    status.failure(
                        host: hop.host, proxy: hop.proxy.map(NetworkEnvironment.shown), limits: limits,
                        timedOutConnecting: limits.connectTimeout < seconds))
            }
            if let short = download.shortBody { return .failure(short) }
            return .success(FetchedImage(url: original, bytes: download.bytes, contentType: download.contentType))
        }
    }

    /// One hop's request, ready for libcurl, or why it is not made.
    private func hop(_ url: String, timeout: Double, received: ByteCount) -> Result<Hop, FetchFailure> {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            let host = RedirectRule.host(of: parsed)
        else { return .failure(.other("not a URL that can be fetched")) }
        guard scheme == "http" || scheme == "https" else {
            return .failure(.other("only http and https URLs are fetched"))
        }
        let proxy = network.proxy(scheme: scheme, host: host)
        var resolve: [String] = []
        switch pins.address(for: host) {
        case .success(let address):
            // To the address checked, never a second lookup (DNS rebinding); an HTTP proxy looks
            // the name up itself and leaves this unused, a SOCKS proxy is given the address.
            if address != host {
                let port = parsed.port ?? (scheme == "https" ? 443 : 80)
                resolve = ["\(host):\(port):" + (address.contains(":") ? "[\(address)]" : address)]
            }
        case .failure(.unknownHost) where proxy != nil && !fetcher.addresses.deniesPrivateNetwork:
            // A name only the proxy can look up: the proxy's own rules decide.
            break
        case .failure(let failure):
            return .failure(failure)
        }
        let curl = CurlRequest(
            url: Self.lowercasingHost(url), resolve: resolve, proxy: proxy ?? "",
            connectTimeout: min(fetcher.limits.connectTimeout, timeout), timeout: timeout,
            userAgent: fetcher.userAgent, headers: ["Accept: image/png, image/jpeg"], trust: network.trust)
        let download = ImageDownload(
            maximumBytes: fetcher.limits.maximumBytes, acceptedTypes: fetcher.acceptedTypes, received: received)
        return .success(Hop(curl: curl, host: host, proxy: proxy, download: download))
    }

    /// One request of a fetch, and what it found.
    private struct Hop {
        var curl: CurlRequest
        /// The URL's host, as messages name it.
        var host: String
        /// The proxy it goes through, `nil` for a direct connection.
        var proxy: String?
        var download: ImageDownload
        /// The address policy's refusal of the address libcurl was about to connect to.
        let refusal = Locked<FetchFailure?>(nil)
    }

    /// The numeric form of an address's 4 or 16 bytes, `nil` for other lengths.
    private static func text(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, bytes, &text, socklen_t(text.count)) != nil
        else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `url` with its host in lower case, the spelling the pinned addresses are kept under.
    private static func lowercasingHost(_ url: String) -> String {
        guard var components = URLComponents(string: url), let host = components.host,
            host != host.lowercased(), !host.contains(":")
        else { return url }
        components.host = host.lowercased()
        return components.string ?? url
    }
}

extension ImageFetcher: ImageSource {
    /// ``fetch(_:allowedHosts:progress:each:)`` as the pipeline asks for images.
    public func images(
        for urls: [String], allowedHosts: Set<String>, progress: (@Sendable (FetchProgress) -> Void)?,
        each: @escaping @Sendable (String, Result<FetchedImage, any Error>) -> Void
    ) {
        fetch(urls, allowedHosts: allowedHosts, progress: progress) { url, result in
            each(url, result.mapError { $0 })
        }
    }
}
