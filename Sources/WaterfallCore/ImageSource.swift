/// Where the images a spec names by URL come from.
///
/// The pipeline asks one for what its cache does not hold; `ImageFetcher` in `WaterfallFetch` (libcurl) is the one the command line wires in,
/// so a package that renders only files builds no HTTP client.
public protocol ImageSource: Sendable {
    /// Fetches `urls`, handing each result to `each` as soon as it is known (from any thread, one
    /// call at a time), and returns when every one has been handed over.
    ///
    /// - Parameters:
    ///   - urls: The image URLs, each fetched once.
    ///   - allowedHosts: The hosts (lower case) a redirect may lead to, besides the URLs' own.
    ///   - progress: Told how the batch is going when it takes long.
    ///   - each: Called with each URL and its image, or an error whose description says why it
    ///     could not be had, in the words a message puts after the URL.
    func images(
        for urls: [String], allowedHosts: Set<String>, progress: (@Sendable (FetchProgress) -> Void)?,
        each: @escaping @Sendable (String, Result<FetchedImage, any Error>) -> Void)
}

/// An image's bytes as a server sent them, with the type it said they are.
public struct FetchedImage: Sendable, Hashable {
    /// The URL asked for (not the one a redirect led to).
    public var url: String
    /// The response body.
    public var bytes: [UInt8]
    /// The media type of the response, in lower case, without parameters (`image/png`).
    public var contentType: String

    /// Creates a fetched image from its URL, bytes and media type.
    public init(url: String, bytes: [UInt8], contentType: String) {
        self.url = url
        self.bytes = bytes
        self.contentType = contentType
    }
}

/// How far a batch of fetches has come, for a progress line.
public struct FetchProgress: Sendable, Hashable {
    /// Fetches finished, failed or not.
    public var done: Int
    /// Fetches in the batch.
    public var total: Int
    /// Body bytes received so far.
    public var bytes: Int
    /// The batch is over: a progress line drawn in place can be cleared.
    public var isFinished: Bool

    /// Creates a report of a batch's progress.
    public init(done: Int, total: Int, bytes: Int, isFinished: Bool) {
        self.done = done
        self.total = total
        self.bytes = bytes
        self.isFinished = isFinished
    }

    /// The line a terminal shows: `fetching images: 3 of 10 done, 1.2 MB`; empty once finished.
    public var line: String {
        let megabytes = (Double(bytes) / 100_000).rounded() / 10
        return isFinished ? "" : "fetching images: \(done) of \(total) done, \(megabytes) MB"
    }
}
