/// How far a fetch may go before it counts as failed.
public struct FetchLimits: Sendable, Hashable {
    /// Seconds to open a connection.
    public var connectTimeout: Double
    /// Seconds from the first request to the last byte, redirects included.
    public var timeout: Double
    /// The most bytes a response body may hold; reading stops past it.
    public var maximumBytes: Int
    /// The most redirects followed for one URL.
    public var maximumRedirects: Int
    /// The most fetches at once.
    public var concurrency: Int

    /// Creates limits; every parameter left out keeps its default.
    public init(
        connectTimeout: Double = 10, timeout: Double = 30, maximumBytes: Int = 64 * 1024 * 1024,
        maximumRedirects: Int = 5, concurrency: Int = 8
    ) {
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
        self.concurrency = concurrency
    }
}
