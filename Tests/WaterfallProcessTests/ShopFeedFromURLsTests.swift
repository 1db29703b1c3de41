import Foundation
import Testing
import WaterfallTestServer
import WaterfallTestSupport

/// The seed's feed as the app has it: `shop.plist` (40 goods with `w`, `h`, `img` as a URL and
/// `price`), its images served over HTTP by a server of the test's own on 127.0.0.1.
@Suite(.onWaitingThreads, .tags(.process)) struct ShopFeedFromURLsTests {
    static let images = ["meadow.png", "night.png", "fog.jpg", "sunset.jpg"]

    static func routes() -> [String: TestServer.Route] {
        var routes: [String: TestServer.Route] = [:]
        for name in images {
            let bytes = [UInt8](FileManager.default.contents(atPath: Repository.path("Examples/images/" + name))!)
            routes["/images/" + name] = .bytes(
                contentType: name.hasSuffix(".png") ? "image/png" : "image/jpeg", body: bytes)
        }
        return routes
    }

    /// The example's `shop.plist` with every `img` turned into a URL on `server` (and, unless
    /// `sizes`, without `w` and `h`), written into `folder/data/`.
    static func writePlist(in folder: String, server: TestServer, sizes: Bool) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Examples/data/shop.plist")))
        var goods = try #require(
            try PropertyListSerialization.propertyList(from: data, format: nil) as? [[String: Any]])
        #expect(goods.count == 40)
        for index in goods.indices {
            let image = try #require(goods[index]["img"] as? String)
            goods[index]["img"] = server.url("/images/" + URL(fileURLWithPath: image).lastPathComponent)
            if !sizes {
                goods[index]["w"] = nil
                goods[index]["h"] = nil
            }
        }
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: goods, format: .xml, options: 0)
            .write(to: URL(fileURLWithPath: folder + "/data/shop.plist"))
    }

    /// The example spec, reading `data/shop.plist`; without the size fields unless `sizes`.
    static func writeSpec(in folder: String, sizes: Bool) throws {
        var spec = try String(contentsOfFile: Repository.path("Examples/13-shop-data.yaml"), encoding: .utf8)
        if !sizes {
            let sized = spec
            spec = spec.replacingOccurrences(of: "        width: w ", with: "        # width: w ")
                .replacingOccurrences(of: "        height: h\n", with: "")
            #expect(spec != sized)
        }
        try spec.write(toFile: folder + "/shop.yaml", atomically: true, encoding: .utf8)
    }

    static func files(in folder: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
        }
        return files
    }

    @Test func theSeedsShopPlistWithImageURLsRendersAsTheLocalFeedAndFromTheCacheAlone() throws {
        let folder = ExternalRenderers.temporaryPath("shop")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try TestServer(routes: Self.routes())
        defer { server.stop() }
        try Self.writePlist(in: folder, server: server, sizes: true)
        try Self.writeSpec(in: folder, sizes: true)
        let cache = folder + "/cache"
        let render = ["render", folder + "/shop.yaml", "--format", "svg,png,html", "--cache", cache]

        let first = try CommandRunner.run(render + ["--output", folder + "/first"])
        #expect(first.status == 0, "\(first.standardError)")
        // Each of the four images once, for the forty cards.
        #expect(server.requests.sorted() == Self.images.map { "/images/" + $0 }.sorted())
        let fetched = try Self.files(in: folder + "/first")
        #expect(Set(fetched.keys) == ["shop.svg", "shop.png", "shop.html"])
        let svg = String(decoding: fetched["shop.svg"] ?? [], as: UTF8.self)
        #expect(svg.contains("Linen shirt") && svg.contains("¥39"))
        #expect(!svg.contains("127.0.0.1"), "the images are embedded, not linked")

        // The same pixels as the example drawn from the local files.
        let local = try CommandRunner.run([
            "render", Repository.path("Examples/13-shop-data.yaml"), "--format", "png", "--output", folder + "/local",
        ])
        #expect(local.status == 0, "\(local.standardError)")
        let localPNG = try Self.files(in: folder + "/local")["13-shop-data.png"]
        #expect(localPNG != nil && localPNG == fetched["shop.png"])

        // With the server gone, the cache renders the same bytes, with and without --offline.
        server.stop()
        for (index, extra) in [[], ["--offline"]].enumerated() {
            let again = try CommandRunner.run(render + ["--output", folder + "/again\(index)"] + extra)
            #expect(again.status == 0, "\(again.standardError)")
            #expect(try Self.files(in: folder + "/again\(index)") == fetched)
        }
    }

    @Test func withoutSizesTheFetchedImagesHeadersGiveTheSameLayout() throws {
        let folder = ExternalRenderers.temporaryPath("shop")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try TestServer(routes: Self.routes())
        defer { server.stop() }
        try Self.writePlist(in: folder, server: server, sizes: false)
        try Self.writeSpec(in: folder, sizes: false)
        let unsized = try CommandRunner.run(["layout", folder + "/shop.yaml", "--cache", folder + "/cache"])
        #expect(unsized.status == 0, "\(unsized.standardError)")
        #expect(!server.requests.isEmpty)
        let sized = try CommandRunner.run(["layout", Repository.path("Examples/13-shop-data.yaml")])
        #expect(sized.status == 0, "\(sized.standardError)")
        #expect(unsized.standardOutput == sized.standardOutput)
    }
}
