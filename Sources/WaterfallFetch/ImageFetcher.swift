import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Fetches images over HTTP(S) with AsyncHTTPClient, several at once, each within ``FetchLimits``:
/// a connect and a total timeout, a body size limit enforced while streaming, a redirect limit,
/// 2xx answers of an image type only, and redirects only to the hosts the caller allows.
///
/// It knows nothing of specs or caches: it turns URLs into bytes or into the reason they could
/// not be had.
public struct ImageFetcher: Sendable {
    public var limits: FetchLimits
    /// The media types accepted as images.
    public var acceptedTypes: Set<String> = ["image/png", "image/jpeg", "image/jpg"]
    public var userAgent = "waterfall"

    public init(limits: FetchLimits = FetchLimits()) {
        self.limits = limits
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
    /// It blocks the calling thread. One `HTTPClient`, on an event loop of its own, serves the
    /// batch; both are shut down before it returns.
    ///
    /// - Parameters:
    ///   - allowedHosts: The hosts (lower case) a redirect may lead to; the URLs' own hosts are
    ///     always allowed.
    ///   - progress: Called from another thread every quarter second once the batch has taken a
    ///     second, and once more with `isFinished` when it ends, if it was called before.
    public func fetch(
        _ urls: [String], allowedHosts: Set<String> = [], progress: (@Sendable (FetchProgress) -> Void)? = nil,
        each: @escaping @Sendable (String, Result<FetchedImage, FetchFailure>) -> Void
    ) {
        guard !urls.isEmpty else { return }
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: Self.amount(min(limits.connectTimeout, limits.timeout))),
            decompression: .disabled)
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

        var hosts = allowedHosts
        for url in urls { if let host = URL(string: url)?.host?.lowercased() { hosts.insert(host) } }
        let handOver = NSLock()
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
            let host = URL(string: url)?.host ?? url
            fetch(
                url, original: url, visited: [url], hosts: hosts, deadline: deadline, client: client, received: received
            )
            .whenComplete { result in
                let outcome = result.mapError { FetchFailure($0, limits: limits, host: host) }
                handOver.lock()
                each(url, outcome)
                handOver.unlock()
                reporter?.finishedOne()
                slots.signal()
                group.leave()
            }
        }
        group.wait()
        reporter?.end()
    }

    /// One URL, following redirects by hand so that each one is checked against `hosts`.
    private func fetch(
        _ url: String, original: String, visited: [String], hosts: Set<String>, deadline: NIODeadline,
        client: HTTPClient, received: ByteCount
    ) -> EventLoopFuture<FetchedImage> {
        let eventLoop = client.eventLoopGroup.any()
        let request: HTTPClient.Request
        do {
            var headers = HTTPHeaders()
            headers.add(name: "User-Agent", value: userAgent)
            headers.add(name: "Accept", value: "image/png, image/jpeg")
            request = try HTTPClient.Request(url: url, method: .GET, headers: headers)
        } catch {
            return eventLoop.makeFailedFuture(FetchFailure.other("not a URL the HTTP client accepts"))
        }
        let download = ImageDownload(
            maximumBytes: limits.maximumBytes, acceptedTypes: acceptedTypes, received: received)
        return client.execute(request: request, delegate: download, deadline: deadline).futureResult
            .map { FetchedImage(url: original, bytes: $0.bytes, contentType: $0.contentType) }
            .flatMapError { error in
                guard let redirect = error as? ImageDownload.Redirect else {
                    return eventLoop.makeFailedFuture(error)
                }
                guard visited.count <= limits.maximumRedirects else {
                    return eventLoop.makeFailedFuture(FetchFailure.tooManyRedirects(limits.maximumRedirects))
                }
                guard let target = URL(string: redirect.location, relativeTo: URL(string: url))?.absoluteURL,
                    let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https",
                    let host = target.host?.lowercased(), !host.isEmpty
                else {
                    return eventLoop.makeFailedFuture(FetchFailure.badRedirect(String(redirect.location.prefix(200))))
                }
                guard hosts.contains(host) else {
                    return eventLoop.makeFailedFuture(FetchFailure.redirectToOtherHost(host))
                }
                let next = target.absoluteString
                guard !visited.contains(next) else {
                    return eventLoop.makeFailedFuture(FetchFailure.redirectLoop(next))
                }
                return self.fetch(
                    next, original: original, visited: visited + [next], hosts: hosts, deadline: deadline,
                    client: client, received: received)
            }
    }

    private static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64(min(max(seconds, 0.001), 1e9) * 1e9))
    }
}
