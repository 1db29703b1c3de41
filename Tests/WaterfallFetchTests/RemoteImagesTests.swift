import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallFetch
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestServer
import WaterfallTestSupport

/// The fetch step of the pipeline: URLs resolved to cached files before layout, the cache, and
/// each failure as `--missing-images` says.
@Suite struct RemoteImagesTests {
    static let png = ImageFetcherTests.png
    static let jpeg = ImageFetcherTests.jpeg

    static let routes: [String: TestServer.Route] = [
        "/meadow.png": .bytes(contentType: "image/png", body: png),
        "/fog.jpg": .bytes(contentType: "image/jpeg", body: jpeg),
        "/page.png": .bytes(contentType: "image/png", body: Array("<html>not really</html>".utf8)),
    ]

    final class Warnings: @unchecked Sendable {
        private var lines: [String] = []
        private let lock = NSLock()
        func add(_ line: String) {
            lock.lock()
            lines.append(line)
            lock.unlock()
        }
        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return lines
        }
    }

    func folder() throws -> String {
        let folder = ExternalRenderers.temporaryPath("cache")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A feed whose cards take their size from images named by URL: no `size` anywhere.
    func spec(_ server: TestServer, paths: [String] = ["/meadow.png", "/fog.jpg"]) throws -> Spec {
        let items = paths.enumerated().map { index, path in
            "{image: \"\(server.url(path))\", title: \"Item \(index)\", meta: \"¥\(index)9\"}"
        }
        let text =
            "width: 375\nstyle: {card: {content: below}}\nsections: [{columns: 2, items: [\(items.joined(separator: ", "))]}]"
        return try Spec.decode(text, file: "feed.yaml")
    }

    func pipeline(
        cache: String, access: NetworkAccess = .online, missing: MissingImagePolicy = .error,
        warnings: Warnings = Warnings()
    ) -> RenderPipeline {
        let options = RemoteImageOptions(access: access, cacheFolder: cache)
        return RenderPipeline(
            renderers: [.svg, .png], missingImages: missing,
            remoteImages: RemoteImages(
                options: options, source: ImageFetcher(limits: FetchLimits(connectTimeout: 2, timeout: 2)),
                warn: { warnings.add($0) }))
    }

    @Test func cardsTakeTheirSizeFromFetchedImagesAndASecondRunNeedsNoServer() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let server = try TestServer(routes: Self.routes)
        let spec = try self.spec(server)
        let first = try pipeline(cache: cache).prepare(spec)
        #expect(server.requests.sorted() == ["/fog.jpg", "/meadow.png"])
        server.stop()
        // 480×360 and 600×338 at the column width of (375 - 10) / 2 = 182.5.
        let cells = first.layout.layoutAttributesForAllElements().filter { $0.kind == .cell }
        #expect(cells.count == 2)
        let images = first.scene.elements.compactMap(\.imageFrame)
        let expected: [Double] = [182.5 * 360 / 480, 182.5 * 338 / 600]
        #expect(images.count == 2)
        #expect(zip(images, expected).allSatisfy { abs($0.height - $1) < 1e-9 })
        #expect(first.scene.images.map(\.data) == [Self.png, Self.jpeg])
        let firstBytes = try pipeline(cache: cache).render(first).map(\.bytes)

        // The server is gone: the cache answers, with the same bytes in every format.
        let second = try pipeline(cache: cache).prepare(spec)
        #expect(try pipeline(cache: cache).render(second).map(\.bytes) == firstBytes)
        let offline = try pipeline(cache: cache, access: .offline).prepare(spec)
        #expect(try pipeline(cache: cache, access: .offline).render(offline).map(\.bytes) == firstBytes)
        // Two entries a URL: the image as sent, and its URL and type.
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).filter { !$0.hasPrefix(".") }.count == 4)
    }

    @Test func theCacheIsKeyedByTheURLsSHA256() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let store = ImageURLCache(folder: cache)
        #expect(store.file(for: "http://example.com/a.png") == nil)
        let file = try store.store(
            FetchedImage(url: "http://example.com/a.png", bytes: Self.png, contentType: "image/png"))
        #expect(file == cache + "/163105454dbf4d71a503d94b39e79df32cec0836be18dfd6d960d55880cad300.image")
        #expect(store.file(for: "http://example.com/a.png") == file)
        #expect(FileManager.default.contents(atPath: file).map { [UInt8]($0) } == Self.png)
        #expect(store.file(for: "http://example.com/b.png") == nil)
    }

    @Test func theCacheFolderFollowsXDG() {
        #expect(
            ImageURLCache.defaultFolder(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"])
                == "/x/cache/waterfall")
        #if !os(macOS)
        #expect(
            ImageURLCache.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"])
                == "/h/.cache/waterfall")
        #expect(ImageURLCache.defaultFolder(environment: ["HOME": "/h"]) == "/h/.cache/waterfall")
        #endif
    }

    @Test func aFailedFetchIsAnErrorNamingTheItemTheURLAndWhy() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let spec = try self.spec(server, paths: ["/meadow.png", "/missing.png"])
        #expect {
            try pipeline(cache: cache).prepare(spec)
        } throws: { error in
            // The place of the image's URL in the spec: line 3, where the item's `image` value starts.
            "\(error)"
                == "feed.yaml:3:117: sections[0].items[1].image: \(server.url("/missing.png")) cannot be fetched (HTTP 404)"
        }
        let html = try self.spec(server, paths: ["/page.png"])
        #expect {
            try pipeline(cache: cache).prepare(html)
        } throws: { error in
            "\(error)"
                == "feed.yaml:3:41: sections[0].items[0].image: \(server.url("/page.png")) cannot be fetched (not an image "
                + "(served as image/png, but the data is not a PNG or JPEG file))"
        }
        // Nothing that failed is cached.
        #expect(ImageURLCache(folder: cache).file(for: server.url("/page.png")) == nil)
    }

    @Test func anImageThatDoesNotDecodeIsNotCachedAndTheNextRunFetchesItAgain() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        // A whole PNG header, then damage.
        let damaged = Array(Self.png.prefix(33)) + [UInt8](repeating: 0x42, count: 400)
        let server = try TestServer(routes: ["/photo.png": .bytes(contentType: "image/png", body: damaged)])
        defer { server.stop() }
        let spec = try self.spec(server, paths: ["/photo.png"])
        #expect {
            try pipeline(cache: cache).prepare(spec)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix(
                "feed.yaml:3:41: sections[0].items[0].image: \(server.url("/photo.png")) cannot be fetched (not an image "
                    + "(served as image/png, but the data does not decode (")
        }
        #expect(ImageURLCache(folder: cache).file(for: server.url("/photo.png")) == nil)
        // The server is mended: the next run fetches again, with the same cache folder, and draws it.
        server.setRoute("/photo.png", .bytes(contentType: "image/png", body: Self.png))
        let mended = try pipeline(cache: cache).prepare(spec)
        #expect(mended.scene.images.map(\.data) == [Self.png])
        #expect(server.requests == ["/photo.png", "/photo.png"])
        #expect(ImageURLCache(folder: cache).file(for: server.url("/photo.png")) != nil)
    }

    @Test func placeholdersAreDrawnWithOneWarningAURL() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let spec = try self.spec(server, paths: ["/missing.png", "/meadow.png", "/missing.png"])
        let warnings = Warnings()
        let pipeline = self.pipeline(cache: cache, missing: .placeholder, warnings: warnings)
        let prepared = try pipeline.prepare(spec)
        _ = try pipeline.prepare(spec)
        #expect(
            warnings.all == [
                "feed.yaml: \(server.url("/missing.png")) cannot be fetched (HTTP 404); drawn as a placeholder"
            ])
        #expect(prepared.scene.elements.filter { $0.image != nil }.count == 1)
        // Asked once a run, however many cards and preparations name it.
        #expect(server.requests.filter { $0 == "/missing.png" }.count == 1)
    }

    @Test func offlineUsesOnlyTheCacheAndNoNetworkRefusesEveryURL() throws {
        let cache = try folder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let server = try TestServer(routes: Self.routes)
        defer { server.stop() }
        let spec = try self.spec(server, paths: ["/meadow.png"])
        let url = server.url("/meadow.png")
        #expect {
            try pipeline(cache: cache, access: .offline).prepare(spec)
        } throws: { error in
            "\(error)"
                == "feed.yaml:3:41: sections[0].items[0].image: \(url) cannot be fetched (not in the cache, and the run is offline)"
        }
        _ = try pipeline(cache: cache).prepare(spec)
        #expect(server.requests == ["/meadow.png"])
        _ = try pipeline(cache: cache, access: .offline).prepare(spec)
        // --no-network reads no cache either: the same spec fails though its image is cached.
        #expect {
            try pipeline(cache: cache, access: .none).prepare(spec)
        } throws: { error in
            "\(error)" == "feed.yaml:3:41: sections[0].items[0].image: \(url) cannot be fetched (network access is off)"
        }
        let warnings = Warnings()
        let placeholder = try pipeline(cache: cache, access: .none, missing: .placeholder, warnings: warnings)
            .prepare(spec)
        #expect(placeholder.scene.images.isEmpty)
        #expect(warnings.all == ["feed.yaml: \(url) cannot be fetched (network access is off); drawn as a placeholder"])
        #expect(server.requests == ["/meadow.png"])
    }

    @Test func aSpecWithoutURLsNeverTouchesTheCache() throws {
        let cache = ExternalRenderers.temporaryPath("never")
        let spec = try Spec.decode("width: 100\nsections: [{items: [{height: 10}]}]")
        _ = try pipeline(cache: cache).prepare(spec)
        #expect(!FileManager.default.fileExists(atPath: cache))
    }
}
