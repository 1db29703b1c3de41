import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

#if os(Linux)
/// With `pixelSnapping: device`, Chromium's screenshot of the HTML and librsvg's raster of the SVG
/// match Waterfall's PNG on every pixel outside text glyphs, and on all but 0.5% including them.
///
/// The pages have fractional widths (375.5 and 389.7 points), fractional insets, spacings and
/// heights, 3 to 7 columns, section backgrounds, headers, footers and full-width banners, drawn at
/// scales 1, 2 and 3. Chromium runs the way a device does, with `--force-device-scale-factor`
/// (`scripts/chromium-screenshots.py`, one browser a scale), librsvg as `rsvg-convert -z`.
///
/// "Outside text glyphs" is a mask made from the scene: every text run's box, grown by two device
/// pixels each way. Each engine shapes and rasterizes glyphs its own way (Pango with FreeType,
/// Chromium with HarfBuzz and Skia, librsvg with its own Pango layout), and their anti-aliased
/// glyph edges differ by a pixel here and there; the boxes the glyphs sit in are the scene's, so
/// everything outside them is compared exactly: any channel of any pixel differing counts.
@Suite(.serialized, .onWaitingThreads, .tags(.browser)) struct PixelExactRenderersTests {
    struct Case: CustomStringConvertible, Sendable {
        var width: Double
        var columns: Int
        var scale: Double
        var cornerRadius = 0.0
        var images = false

        var description: String {
            "\(ShortestNumber.text(width)) pt, \(columns) columns, \(ShortestNumber.text(scale))×"
                + (cornerRadius > 0 ? ", corners \(ShortestNumber.text(cornerRadius))" : "")
                + (images ? ", images" : "")
        }
    }

    /// Every width with every column count, the scales taken in turn: each scale meets both widths
    /// and several column counts.
    static let plainCases: [Case] = {
        var cases: [Case] = []
        for (index, columns) in (3...7).enumerated() {
            for (widthIndex, width) in [375.5, 389.7].enumerated() {
                cases.append(Case(width: width, columns: columns, scale: Double((index * 2 + widthIndex) % 3 + 1)))
            }
        }
        return cases
    }()

    /// Rounded corners, then rounded corners and images, once at each scale.
    static let roundedCases: [Case] = [
        Case(width: 375.5, columns: 3, scale: 1, cornerRadius: 8),
        Case(width: 389.7, columns: 5, scale: 2, cornerRadius: 8),
        Case(width: 375.5, columns: 7, scale: 3, cornerRadius: 8),
    ]
    static let imageCases: [Case] = [
        Case(width: 389.7, columns: 4, scale: 1, cornerRadius: 8, images: true),
        Case(width: 375.5, columns: 3, scale: 2, cornerRadius: 8, images: true),
        Case(width: 389.7, columns: 6, scale: 3, cornerRadius: 8, images: true),
    ]

    static func spec(_ c: Case, snapping: PixelSnapping) -> String {
        let n = ShortestNumber.text
        let image = c.images ? "\n      - {size: {width: 480, height: 360}, image: images/meadow.png}" : ""
        let more = c.images ? "\n      - {height: 70.3, image: images/sunset.jpg, title: Sunset}" : ""
        return """
            width: \(n(c.width))
            scale: \(n(c.scale))
            pixelSnapping: \(snapping.rawValue)
            style: {cornerRadius: \(n(c.cornerRadius)), background: "#f4f5f7"}
            defaults: {columns: \(c.columns), sectionInset: {top: 10.3, left: 10.25, bottom: 10, right: 9.6}, lineSpacing: 7.3, interitemSpacing: 6.35, spacingWithLastSection: 12.4}
            sections:
              - header: {height: 33.3, title: Today}
                style: {background: "#fff4e8"}
                items:
                  - {height: 50.5, title: Linen shirt, subtitle: "$39"}\(image)\(more)
                generate: {count: 24, minHeight: 40.45, maxHeight: 140, seed: \(c.columns), titles: english}
                footer: {height: 40.7, title: Load more}
              - columns: \(c.columns - 1)
                items:
                  - {height: 60.2, span: full, title: Banner, color: "#1f2328", textColor: "#ffffff"}
                generate: {count: 10, minHeight: 30.3, maxHeight: 90, seed: 9}
            """
    }

    enum Zone: UInt8 { case plain, corner, image, text }

    /// The zone of every device pixel: text boxes grown by 2 pixels; with rounded corners, each
    /// corner's square grown by a pixel; with images, each image's area.
    static func zones(_ scene: Scene, width: Int, height: Int) -> [Zone] {
        var zones = DevicePixelZones(width: width, height: height, scale: scene.scale, filledWith: Zone.plain)
        for element in scene.elements {
            let f = element.frame
            if element.image != nil { zones.mark(element.imageFrame ?? f, .image, grow: 0) }
            let r = max(0, min(element.cornerRadius, f.width / 2, f.height / 2))
            guard r > 0 else { continue }
            for (x, y) in [(f.minX, f.minY), (f.maxX - r, f.minY), (f.minX, f.maxY - r), (f.maxX - r, f.maxY - r)] {
                zones.mark(Rect(x: x, y: y, width: r, height: r), .corner, grow: 1)
            }
        }
        for element in scene.elements {
            for run in element.texts { zones.mark(run.frame, .text, grow: 2) }
        }
        return zones.zones
    }

    /// How two pictures differ, zone by zone: pixels with any channel different.
    struct Agreement: CustomStringConvertible {
        var pixels = 0
        /// Differing pixels anywhere, text included.
        var differing = 0
        /// Differing pixels on plain areas: outside text, corners and images.
        var plain = 0
        var corner = 0
        var cornerMaximum = 0
        var imageTotal = 0
        var imagePixels = 0
        /// The share of pixels `waterfall diff` calls different (threshold 0.1, anti-aliased
        /// pixels apart), text included.
        var diffShare = 0.0

        var share: Double { Double(differing) / Double(max(1, pixels)) }
        var imageMean: Double { Double(imageTotal) / Double(max(1, imagePixels)) }
        var description: String {
            "\(differing) of \(pixels) px differ (\(percent(share))), \(plain) outside text, "
                + "diff \(percent(diffShare))"
                + (corner > 0 ? ", \(corner) in corners (max \(cornerMaximum))" : "")
                + (imagePixels > 0 ? ", image mean \(String(format: "%.2f", imageMean))" : "")
        }
    }

    static func percent(_ share: Double) -> String { String(format: "%.3f%%", share * 100) }

    /// Compares `b` with `a` over `a`'s pixels (`b` may be larger: Chromium's window is whole CSS
    /// pixels).
    static func compare(_ a: PixelImage, _ b: PixelImage, zones: [Zone]) -> Agreement {
        var result = Agreement()
        result.diffShare = PixelDiff.compare(a, cropped(b, width: a.width, height: a.height)).share
        let width = min(a.width, b.width)
        let height = min(a.height, b.height)
        result.pixels = width * height
        a.pixels.withUnsafeBufferPointer { a0 in
            b.pixels.withUnsafeBufferPointer { b0 in
                zones.withUnsafeBufferPointer { z0 in
                    for y in 0..<height {
                        let rowA = a0.baseAddress! + y * a.width * 4
                        let rowB = b0.baseAddress! + y * b.width * 4
                        let rowZones = z0.baseAddress! + y * a.width
                        // Most rows are equal: count their image pixels and move on.
                        let equal = memcmp(rowA, rowB, width * 4) == 0
                        for x in 0..<width {
                            let zone = rowZones[x]
                            var difference = 0
                            let same =
                                equal
                                || UnsafeRawPointer(rowA + x * 4).loadUnaligned(as: UInt32.self)
                                    == UnsafeRawPointer(rowB + x * 4).loadUnaligned(as: UInt32.self)
                            if !same {
                                for channel in 0..<3 {
                                    difference = max(
                                        difference, abs(Int(rowA[x * 4 + channel]) - Int(rowB[x * 4 + channel])))
                                }
                            }
                            if zone == .image {
                                result.imageTotal += difference
                                result.imagePixels += 1
                            }
                            guard difference > 0 else { continue }
                            result.differing += 1
                            switch zone {
                            case .plain: result.plain += 1
                            case .corner:
                                result.corner += 1
                                result.cornerMaximum = max(result.cornerMaximum, difference)
                            case .image, .text: break
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The top-left `width`×`height` of `image`, or as much of it as there is.
    static func cropped(_ image: PixelImage, width: Int, height: Int) -> PixelImage {
        let width = min(width, image.width)
        let height = min(height, image.height)
        guard width != image.width || height != image.height else { return image }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            pixels += image.pixels[(y * image.width * 4)..<(y * image.width + width) * 4]
        }
        return PixelImage(width: width, height: height, pixels: pixels)
    }

    /// One rendered case: Waterfall's PNG, Chromium's and librsvg's pictures, and the zones.
    struct Pictures {
        var scene: Scene
        var png: PixelImage
        var chromium: PixelImage
        var rsvg: PixelImage
        var zones: [Zone]

        var byChromium: Agreement
        var byRsvg: Agreement

        init(scene: Scene, png: PixelImage, chromium: PixelImage, rsvg: PixelImage, zones: [Zone]) {
            self.scene = scene
            self.png = png
            self.chromium = chromium
            self.rsvg = rsvg
            self.zones = zones
            byChromium = PixelExactRenderersTests.compare(png, chromium, zones: zones)
            byRsvg = PixelExactRenderersTests.compare(png, rsvg, zones: zones)
        }
    }

    /// Renders every (case, snapping) pair in every format, Chromium's screenshots in one run of
    /// the script.
    static func render(_ jobs: [(Case, PixelSnapping)]) throws -> [Pictures] {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var scenes: [Scene] = []
        var pages: [ExternalRenderers.ChromiumPage] = []
        for (index, (c, snapping)) in jobs.enumerated() {
            let spec = try Spec.decode(spec(c, snapping: snapping), baseDirectory: Repository.path("Examples"))
            let scene = try RenderPipeline(renderers: []).prepare(spec).scene
            scenes.append(scene)
            let html = "\(folder)/\(index).html"
            try Data(try Renderer.html(templates: .bundled).render(scene)[0].bytes).write(
                to: URL(fileURLWithPath: html))
            try Data(try Renderer.svg.render(scene)[0].bytes).write(to: URL(fileURLWithPath: "\(folder)/\(index).svg"))
            pages.append(
                ExternalRenderers.ChromiumPage(
                    htmlPath: html, width: Int(scene.size.width.rounded(.up)),
                    height: Int(scene.size.height.rounded(.up)), scale: c.scale))
        }
        let screenshots = try ExternalRenderers.chromiumScreenshots(pages)
        return try jobs.indices.map { index in
            let scene = scenes[index]
            let png = try CairoRenderer.rasterize(scene)
            let chromium = try PNGCodec.decode(Array(screenshots[index]))
            let rsvg = try PNGCodec.decode(
                Array(try ExternalRenderers.rsvg(svgPath: "\(folder)/\(index).svg", scale: scene.scale)))
            return Pictures(
                scene: scene, png: png, chromium: chromium, rsvg: rsvg,
                zones: zones(scene, width: png.width, height: png.height))
        }
    }

    @Test func chromiumAndLibrsvgMatchThePNGOutsideTextWhenSnapped() throws {
        let plain = Self.plainCases
        let rounded = Self.roundedCases + Self.imageCases
        let jobs =
            plain.map { ($0, PixelSnapping.device) } + plain.map { ($0, PixelSnapping.none) }
            + rounded.map { ($0, PixelSnapping.device) } + rounded.map { ($0, PixelSnapping.none) }
        let pictures = try Self.render(jobs)
        // The worst share of differing pixels, text included: any change, and `waterfall diff`'s.
        var worst: [PixelSnapping: (strict: Double, diff: Double)] = [.none: (0, 0), .device: (0, 0)]
        func note(_ agreement: Agreement, _ snapping: PixelSnapping) {
            let old = worst[snapping]!
            worst[snapping] = (max(old.strict, agreement.share), max(old.diff, agreement.diffShare))
        }
        var ownSnappingPixels = 0
        for (index, c) in plain.enumerated() {
            let device = pictures[index]
            let none = pictures[plain.count + index]
            #expect(device.chromium.width >= device.png.width && device.chromium.height >= device.png.height)
            #expect(device.rsvg.width == device.png.width && device.rsvg.height == device.png.height, "\(c)")
            let (chromium, rsvg) = (device.byChromium, device.byRsvg)
            let (chromiumNone, rsvgNone) = (none.byChromium, none.byRsvg)
            print("pixel-exact \(c), device: chromium \(chromium); rsvg \(rsvg)")
            print("pixel-exact \(c), none: chromium \(chromiumNone); rsvg \(rsvgNone)")
            #expect(chromium.plain == 0, "\(c): chromium \(chromium)")
            #expect(rsvg.plain == 0, "\(c): rsvg \(rsvg)")
            #expect(chromium.diffShare <= 0.005, "\(c): chromium \(chromium)")
            #expect(rsvg.diffShare <= 0.005, "\(c): rsvg \(rsvg)")
            // Unsnapped, Chromium snaps the fractional edges Cairo anti-aliases: the comparison sees it.
            #expect(chromiumNone.plain > 0, "\(c): chromium, none \(chromiumNone)")
            // Chromium snapping the exact frames itself draws the boxes `device` draws, but where its
            // 1/64-pixel LayoutUnits tip an edge across a half pixel (see PixelGrid).
            var zones = Self.zones(device.scene, width: device.png.width, height: device.png.height)
            let exactZones = Self.zones(none.scene, width: device.png.width, height: device.png.height)
            for index in zones.indices where exactZones[index] == .text { zones[index] = .text }
            let ownSnapping = Self.compare(device.png, none.chromium, zones: zones)
            print("pixel-exact \(c): Chromium's view of the exact frames against the device PNG: \(ownSnapping)")
            ownSnappingPixels += ownSnapping.plain
            for agreement in [chromium, rsvg] { note(agreement, .device) }
            for agreement in [chromiumNone, rsvgNone] { note(agreement, .none) }
        }
        for (index, c) in rounded.enumerated() {
            let device = pictures[2 * plain.count + index]
            let none = pictures[2 * plain.count + rounded.count + index]
            let (chromium, rsvg) = (device.byChromium, device.byRsvg)
            print("pixel-exact \(c), device: chromium \(chromium); rsvg \(rsvg)")
            print("pixel-exact \(c), none: chromium \(none.byChromium); rsvg \(none.byRsvg)")
            // Outside text, corners and images, every pixel agrees.
            #expect(chromium.plain == 0, "\(c): chromium \(chromium)")
            #expect(rsvg.plain == 0, "\(c): rsvg \(rsvg)")
            #expect(chromium.diffShare <= 0.005, "\(c): chromium \(chromium)")
            #expect(rsvg.diffShare <= 0.005, "\(c): rsvg \(rsvg)")
            // librsvg is Cairo: its corners are the PNG's.
            #expect(rsvg.corner == 0, "\(c): rsvg \(rsvg)")
            note(chromium, .device)
            note(rsvg, .device)
            note(none.byChromium, .none)
            note(none.byRsvg, .none)
        }
        print("pixel-exact: Chromium's own snapping of the exact frames differs from device on \(ownSnappingPixels) px")
        for snapping in [PixelSnapping.none, .device] {
            let (strict, diff) = worst[snapping]!
            print(
                "pixel-exact: worst with \(snapping.rawValue): \(Self.percent(strict)) of pixels differ at all, "
                    + "\(Self.percent(diff)) by waterfall diff")
        }
    }
}
#endif
