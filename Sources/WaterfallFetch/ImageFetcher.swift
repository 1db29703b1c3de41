import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import WaterfallCore

/// Fetches images over HTTP(S) with AsyncHTTPClient, several at once, each within ``FetchLimits``:
/// a connect and a total timeout, a body size limit enforced while streaming, a redirect limit,
/// 2xx answers of an image type only, redirects only as ``RedirectRule`` allows, and connections
/// only to addresses the ``AddressPolicy`` allows.
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
    /// PEM files of certificates trusted besides the system's (a private certificate authority).
    public var trustedCertificateFiles: [String] = []

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
    /// `allowedHosts`) is resolved once first and its address checked; connections go to that
    /// address only. One `HTTPClient`, on an event loop of its own, serves the batch; both are
    /// shut down before it returns.
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
        var hosts = allowedHosts
        for url in urls { if let host = URL(string: url).flatMap(RedirectRule.host(of:)) { hosts.insert(host) } }
        let pins = HostPins.resolve(
            hosts, policy: addresses, timeout: min(limits.connectTimeout, limits.timeout))
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: Self.amount(min(limits.connectTimeout, limits.timeout))),
            decompression: .disabled)
        configuration.dnsOverride = pins.overrides
        if !trustedCertificateFiles.isEmpty {
            var tls = TLSConfiguration.makeClientConfiguration()
            tls.additionalTrustRoots = trustedCertificateFiles.map { .file($0) }
            configuration.tlsConfiguration = tls
        }
        // A refused connection fails at once rather than being retried until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        // The pool's own limit a host (8) would otherwise cap the batch's for a spec of one host.
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, limits.concurrency)
        // A loop of the batch's own, so that waiting for it can never block the loop it runs on.
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let client = HTTPClient(eventLoopGroup: loops, configuration: configuration)
        defer {
            try? client.syncShutdown()
            try? loops.syncShutdownGracefully()
        }

        let handOver = Locked(())
        let received = ByteCount()
        let reporter = progress.map {
            ProgressReporter(total: urls.count, received: received, on: loops.next(), report: $0)
        }
        let slots = DispatchSemaphore(value: max(1, limits.concurrency))
        let group = DispatchGroup()
        let limits = self.limits
        for url in urls {
            slots.wait()
            group.enter()
            let deadline = NIODeadline.now() + Self.amount(limits.timeout)
            fetch(
                url, original: url, visited: [url],
                rule: RedirectRule(hosts: hosts, maximumRedirects: limits.maximumRedirects),
                pins: pins, deadline: deadline, client: client, received: received
            )
            .whenComplete { result in
                let outcome = result.mapError { FetchFailure($0, limits: limits, host: URL(string: url)?.host ?? url) }
                handOver.withLock { _ in each(url, outcome) }
                reporter?.finishedOne()
                slots.signal()
                group.leave()
            }
        }
        group.wait()
        reporter?.end()
    }

    /// One URL, following redirects by hand so that each one is checked against `rule`, and each
    /// host's pinned address against the policy before anything is sent.
    private func fetch(
        _ url: String, original: String, visited: [String], rule: RedirectRule, pins: HostPins,
        deadline: NIODeadline, client: HTTPClient, received: ByteCount
    ) -> EventLoopFuture<FetchedImage> {
        let eventLoop = client.eventLoopGroup.any()
        let request: HTTPClient.Request
        let host = URL(string: url).flatMap(RedirectRule.host(of:)) ?? ""
        do {
            // Refused before any connection: the host's addresses were checked when the batch began.
            _ = try pins.address(for: host).get()
            var headers = HTTPHeaders()
            headers.add(name: "User-Agent", value: userAgent)
            headers.add(name: "Accept", value: "image/png, image/jpeg")
            request = try HTTPClient.Request(url: Self.lowercasingHost(url), method: .GET, headers: headers)
        } catch let failure as FetchFailure {
            return eventLoop.makeFailedFuture(failure)
        } catch {
            return eventLoop.makeFailedFuture(FetchFailure.other("not a URL the HTTP client accepts"))
        }
        let download = ImageDownload(
            maximumBytes: limits.maximumBytes, acceptedTypes: acceptedTypes, received: received)
        let limits = self.limits
        return client.execute(request: request, delegate: download, deadline: deadline).futureResult
            .map { FetchedImage(url: original, bytes: $0.bytes, contentType: $0.contentType) }
            .flatMapError { error in
                guard let redirect = error as? ImageDownload.Redirect else {
                    return eventLoop.makeFailedFuture(
                        Self.shortBody(error, download: download) ?? FetchFailure(error, limits: limits, host: host))
                }
                switch rule.next(from: url, location: redirect.location, visited: visited) {
                case .failure(let failure):
                    return eventLoop.makeFailedFuture(failure)
                case .success(let next):
                    return self.fetch(
                        next, original: original, visited: visited + [next], rule: rule, pins: pins,
                        deadline: deadline, client: client, received: received)
                }
            }
    }

    /// The body ended early, when `error` is the connection closing before the announced length.
    private static func shortBody(_ error: any Error, download: ImageDownload) -> FetchFailure? {
        guard let announced = download.announcedLength, download.receivedLength < announced else { return nil }
        let closed: Bool
        switch error {
        case let error as HTTPClientError: closed = error == .remoteConnectionClosed
        case HTTPParserError.invalidEOFState, ChannelError.eof: closed = true
        default: closed = false
        }
        return closed ? .shortBody(announced: announced, sent: download.receivedLength) : nil
    }

    /// `url` with its host in lower case, the spelling the pinned addresses are kept under.
    private static func lowercasingHost(_ url: String) -> String {
        guard var components = URLComponents(string: url), let host = components.host,
            host != host.lowercased(), !host.contains(":")
        else { return url }
        components.host = host.lowercased()
        return components.string ?? url
    }

    private static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(min(max(seconds, 0.001), 1e9) * 1e9))
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
