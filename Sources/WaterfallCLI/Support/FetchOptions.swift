import ArgumentParser
import Foundation
import WaterfallCore
import WaterfallFetch
import WaterfallPipeline

/// The options of every command that renders specs, for images named by URL: where they are
/// cached and whether the network may be used.
struct FetchOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The folder images fetched from URLs are kept in (default: $XDG_CACHE_HOME/waterfall or "
                + "~/.cache/waterfall).",
            valueName: "dir"))
    var cache: String?

    @Flag(help: "Fetch nothing: use only images already in the cache; a URL not in it is a missing image.")
    var offline = false

    @Flag(
        help: """
            Refuse every image URL, without reading the cache: each is a missing image (an error, or a placeholder \
            with --missing-images placeholder). For CI that must not use the network.
            """)
    var noNetwork = false

    @Flag(
        help: """
            Refuse image URLs whose host resolves to a loopback or private-network address (127.0.0.0/8, 10/8, \
            172.16/12, 192.168/16, ::1, fc00::/7), for CI jobs that render specs from untrusted branches.
            """)
    var denyPrivateNetwork = false

    @Flag(
        help: """
            Allow image URLs whose host resolves to a link-local address (169.254.0.0/16, fe80::/10), where cloud \
            machines answer with their credentials; refused by default.
            """)
    var allowLinkLocal = false

    // Numbers are read as values, negative ones too, and refused by validate().
    @Option(parsing: .unconditional, help: "How many images to fetch at once.")
    var fetchJobs = 8

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Seconds one image may take to fetch, redirects included.", valueName: "seconds"))
    var fetchTimeout = 30.0

    func validate() throws {
        if offline, noNetwork { throw ValidationError("give --offline or --no-network, not both") }
        guard (1...64).contains(fetchJobs) else {
            throw ValidationError("--fetch-jobs must be from 1 to 64, not \(fetchJobs)")
        }
        guard fetchTimeout > 0, fetchTimeout <= 3600 else {
            throw ValidationError(
                "--fetch-timeout must be more than 0 and at most 3600 seconds, not \(ShortestNumber.text(fetchTimeout))"
            )
        }
        if let cache, cache.isEmpty { throw ValidationError("--cache must not be empty") }
    }

    /// The run's fetch step: warnings as `warning:` lines, and a progress line on a terminal.
    ///
    /// - Parameter remembersFailures: `false` for a server, which asks again for a URL that failed.
    func remoteImages(remembersFailures: Bool = true) -> RemoteImages {
        let access: NetworkAccess = noNetwork ? .none : offline ? .offline : .online
        let limits = FetchLimits(
            connectTimeout: min(10, fetchTimeout), timeout: fetchTimeout, concurrency: fetchJobs)
        let isTerminal = isatty(STDERR_FILENO) == 1
        return RemoteImages(
            options: RemoteImageOptions(access: access, cacheFolder: cache, remembersFailures: remembersFailures),
            source: ImageFetcher(
                limits: limits,
                addresses: AddressPolicy(allowsLinkLocal: allowLinkLocal, deniesPrivateNetwork: denyPrivateNetwork)),
            warn: { [say = Output.standardErrorLines] in say("warning: \($0)") },
            progress: isTerminal ? Self.drawProgress : nil)
    }

    /// One line, redrawn in place when it changes, cleared when the batch ends.
    private static let drawProgress: @Sendable (FetchProgress) -> Void = { progressLine.draw($0.line) }

    private static let progressLine = ProgressLine()
}
