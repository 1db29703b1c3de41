import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallRender
import WaterfallSpec

/// Whether a run may fetch images named by URL.
public enum NetworkAccess: String, Sendable, CaseIterable {
    /// Fetch what the cache does not hold.
    case online
    /// Use only the cache: a URL it does not hold is a failed fetch.
    case offline
    /// Refuse every URL without looking at the cache, for CI runs that must not depend on the
    /// network or on what an earlier run left in a cache.
    case none
}

/// How a run gets the images a spec names by URL.
public struct RemoteImageOptions: Sendable {
    /// Whether the network may be used.
    public var access: NetworkAccess
    /// The cache folder; the platform's (``ImageURLCache/defaultFolder(environment:)``) when `nil`.
    public var cacheFolder: String?
    /// Whether a URL that failed stays failed for the rest of the run (a command that renders
    /// once), or is asked for again by the next spec that names it (a server that keeps running).
    public var remembersFailures: Bool

    /// Creates options; by default fetching is allowed, into the platform's cache folder.
    public init(
        access: NetworkAccess = .online, cacheFolder: String? = nil, remembersFailures: Bool = true
    ) {
        self.access = access
        self.cacheFolder = cacheFolder
        self.remembersFailures = remembersFailures
    }
}

/// The fetch step of a run: before a spec is laid out, every image URL it names is resolved to
/// a file in the cache (fetched first if the cache does not hold it) or to the reason it failed.
///
/// One value serves a whole run and is shared by every spec and appearance it renders, so a
/// URL is fetched at most once a run and its failure is warned about once. Requests go only to
/// the hosts the spec's URLs name: a redirect to another host is a failed fetch.
public final class RemoteImages: Sendable {
    /// The options the run was made with.
    public let options: RemoteImageOptions
    /// The cache the images are fetched into.
    public let cache: ImageURLCache
    /// Where what the cache does not hold is fetched from; `nil` when nothing is.
    public let source: (any ImageSource)?
    private let warn: @Sendable (String) -> Void
    private let progress: (@Sendable (FetchProgress) -> Void)?
    private let known = Locked([String: RemoteImage]())
    private let warned = Locked(Set<String>())
    /// Held while fetching, so two specs of a run that name one URL fetch it once.
    private let fetching = Locked(())

    /// Creates the fetch step of a run, with an empty record of what it fetched.
    ///
    /// - Parameters:
    ///   - options: Whether images are fetched, and where they are cached.
    ///   - source: Where an image the cache does not hold is fetched from: `ImageFetcher` in
    ///     `WaterfallFetch`, or `nil` to use only the cache (a URL it does not hold then fails).
    ///   - warn: Told one line per URL drawn as a placeholder because it could not be had.
    ///   - progress: Told how a batch of fetches is going when it takes long.
    public init(
        options: RemoteImageOptions = RemoteImageOptions(), source: (any ImageSource)? = nil,
        warn: @escaping @Sendable (String) -> Void = { _ in }, progress: (@Sendable (FetchProgress) -> Void)? = nil
    ) {
        self.options = options
        self.source = source
        self.cache = ImageURLCache(folder: options.cacheFolder ?? ImageURLCache.defaultFolder())
        self.warn = warn
        self.progress = progress
    }

    /// Where each image URL of `spec` is: a cached file, or why it is not there.
    ///
    /// When `missingImages` is `.placeholder`, every URL that failed is warned about, once a run.
    /// - Throws: ``FileError`` when the cache folder cannot be written.
    public func resolve(_ spec: Spec, missingImages: MissingImagePolicy) throws -> [String: RemoteImage] {
        let urls = spec.imageURLs
        guard !urls.isEmpty else { return [:] }
        let resolved = try resolve(urls)
        if missingImages == .placeholder {
            for url in urls {
                guard case .failed(let reason) = resolved[url], warned.withLock({ $0.insert(url).inserted }) else {
                    continue
                }
                let file = spec.source.map { "\($0): " } ?? ""
                warn("\(file)\(url) cannot be fetched (\(reason)); drawn as a placeholder")
            }
        }
        return resolved
    }

    private func resolve(_ urls: [String]) throws -> [String: RemoteImage] {
        if options.access == .none {
            return Dictionary(uniqueKeysWithValues: urls.map { ($0, .failed(reason: "network access is off")) })
        }
        var resolved = lookUp(urls)
        var missing = urls.filter { resolved[$0] == nil }
        guard !missing.isEmpty else { return resolved }
        if options.access == .offline {
            for url in missing { resolved[url] = .failed(reason: "not in the cache, and the run is offline") }
            return resolved
        }
        guard let source else {
            for url in missing { resolved[url] = .failed(reason: "not in the cache, and this run has no image source") }
            return resolved
        }
        return try fetching.withLock { _ in
            // Another spec of the run may have fetched some while this one waited.
            resolved.merge(lookUp(missing)) { $1 }
            missing = missing.filter { resolved[$0] == nil }
            let hosts = Set(urls.compactMap(ImageURL.host(of:)))
            // Each image goes to the cache as it arrives, so only the fetches under way are in memory.
            let outcomes = Locked([String: RemoteImage]())
            let storeFailure = Locked<FileError?>(nil)
            let cache = self.cache
            source.images(for: missing, allowedHosts: hosts, progress: progress) { url, result in
                let outcome: RemoteImage
                switch result {
                case .success(let image):
                    // Only what decodes is kept: a damaged image in the cache would fail every later run.
                    if let problem = Self.problem(in: image) {
                        outcome = .failed(
                            reason: "not an image (served as \(image.contentType), but the data \(problem))")
                    } else {
                        do throws(FileError) {
                            outcome = .stored(path: try cache.store(image))
                        } catch {
                            storeFailure.withLock { $0 = $0 ?? error }
                            return
                        }
                    }
                case .failure(let failure):
                    outcome = .failed(reason: "\(failure)")
                }
                outcomes.withLock { $0[url] = outcome }
            }
            if let failure = storeFailure.withLock({ $0 }) { throw failure }
            for url in missing {
                let outcome = outcomes.withLock { $0[url] } ?? .failed(reason: "not fetched")
                resolved[url] = outcome
                if case .failed = outcome, !options.remembersFailures { continue }
                known.withLock { $0[url] = outcome }
            }
            return resolved
        }
    }

    /// What keeps a fetched image from being drawn: its header, its pixel size, or its data,
    /// decoded once here as the scene would decode it.
    static func problem(in image: FetchedImage) -> String? {
        switch RemoteImage.image(from: image.bytes, path: image.url) {
        case .failure(let problem):
            return problem.description
        case .success(let scene):
            do {
                _ = try ImageDecoder.decode(scene)
                return nil
            } catch CairoError.image(_, let reason) {
                return "does not decode (\(reason))"
            } catch {
                return "does not decode (\(error))"
            }
        }
    }

    /// What the run already knows of `urls`, and what the cache holds.
    private func lookUp(_ urls: [String]) -> [String: RemoteImage] {
        var found: [String: RemoteImage] = [:]
        for url in urls {
            if let outcome = known.withLock({ $0[url] }) {
                found[url] = outcome
            } else if let file = cache.file(for: url) {
                found[url] = .stored(path: file)
                known.withLock { $0[url] = .stored(path: file) }
            }
        }
        return found
    }
}
