import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// Chromium's view of the HTML and librsvg's view of the SVG against the PNG renderer, pixel by
/// pixel, outside text.
///
/// The tolerances are the ones documented in docs/OUTPUT.md.
@Suite(.serialized, .onWaitingThreads, .tags(.browser)) struct CrossRendererTests {
    static let examples = [
        "01-shop-grid.yaml", "03-sections.yaml", "05-goods-list.yaml", "06-local-images.yaml", "07-chinese.yaml",
        "08-spans-banners.yaml", "14-emoji-feed.yaml", "17-brand-font.yaml",
    ]

    /// Where two pictures may differ, and by how much, measured in 8-bit channel levels.
    struct Comparison: CustomStringConvertible {
        /// The largest difference on plain areas: outside text, element outlines and images.
        var plainMaximum = 0
        /// The largest difference on the anti-aliased outline band of elements.
        var outlineMaximum = 0
        /// The mean difference inside images, which each renderer resamples its own way.
        var imageMean = 0.0
        var imagePixels = 0
        var description: String {
            "plain max \(plainMaximum), outline max \(outlineMaximum), image mean \(imageMean) over \(imagePixels) px"
        }
    }

    enum Zone: UInt8 { case plain, text, outline, image }

    /// Classifies every device pixel of the scene.
    static func zones(_ scene: Scene, width: Int, height: Int) -> [Zone] {
        var zones = DevicePixelZones(width: width, height: height, scale: scene.scale, filledWith: Zone.plain)
        func mark(_ rect: Rect, _ zone: Zone, grow: Double) {
            // Text is its own zone wherever it lies, over outlines and images too.
            zones.mark(rect, zone, grow: grow, always: zone == .text)
        }
        for element in scene.elements {
            let f = element.frame
            // A scrim over a photo counts with the image it darkens: the photo under it is
            // resampled differently by each engine; scrims alone are held to their own tolerance
            // (`scrimsAgreeAcrossEnginesWithinAFewLevels`).
            if element.image != nil { mark(f, .image, grow: 0) }
            // The outline: a device pixel either side of each edge, and the rounded corners whole.
            let radius = max(0, min(element.cornerRadius, f.width / 2, f.height / 2))
            mark(Rect(x: f.minX, y: f.minY, width: f.width, height: 0), .outline, grow: 1)
            mark(Rect(x: f.minX, y: f.maxY, width: f.width, height: 0), .outline, grow: 1)
            mark(Rect(x: f.minX, y: f.minY, width: 0, height: f.height), .outline, grow: 1)
            mark(Rect(x: f.maxX, y: f.minY, width: 0, height: f.height), .outline, grow: 1)
            for (x, y) in [
                (f.minX, f.minY), (f.maxX - radius, f.minY), (f.minX, f.maxY - radius),
                (f.maxX - radius, f.maxY - radius),
            ] {
                mark(Rect(x: x, y: y, width: radius, height: radius), .outline, grow: 1)
            }
            if let stroke = element.stroke {
                mark(f.insetBy(stroke.width), .outline, grow: 2)
            }
        }
        for element in scene.elements {
            for run in element.texts { mark(run.frame, .text, grow: 2) }
        }
        return zones.zones
    }

    static func compare(_ a: PixelImage, _ b: PixelImage, zones: [Zone]) -> Comparison {
        var result = Comparison()
        var imageTotal = 0
        let width = min(a.width, b.width)
        let height = min(a.height, b.height)
        for y in 0..<height {
            for x in 0..<width {
                let zone = zones[y * a.width + x]
                if zone == .text { continue }
                let i = (y * a.width + x) * 4
                let j = (y * b.width + x) * 4
                var difference = 0
                for channel in 0..<3 {
                    difference = max(difference, abs(Int(a.pixels[i + channel]) - Int(b.pixels[j + channel])))
                }
                switch zone {
                case .plain: result.plainMaximum = max(result.plainMaximum, difference)
                case .outline: result.outlineMaximum = max(result.outlineMaximum, difference)
                case .image:
                    imageTotal += difference
                    result.imagePixels += 1
                case .text: break
                }
            }
        }
        result.imageMean = result.imagePixels == 0 ? 0 : Double(imageTotal) / Double(result.imagePixels)
        return result
    }

    func pictures(_ example: String) throws -> (
        png: PixelImage, chromium: PixelImage, rsvg: PixelImage, zones: [Zone]
    ) {
        let scene = try RenderFixtures.scene(example, scale: 2)
        let shot = try #require(try Self.chromiumScreenshots.get()[example])
        let (png, chromium, rsvg) = try pictures(of: scene, chromium: shot)
        return (png, chromium, rsvg, Self.zones(scene, width: png.width, height: png.height))
    }

    /// Chromium's screenshots of the examples' HTML at 2×: taken by one browser for the whole
    /// suite, not one a page.
    static let chromiumScreenshots: Result<[String: Data], any Error> = Result {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pages = try examples.enumerated().map { index, example in
            let scene = try RenderFixtures.scene(example, scale: 2)
            let path = "\(folder)/\(index).html"
            try Data(try Renderer.html(templates: RenderFixtures.templates).render(scene)[0].bytes).write(
                to: URL(fileURLWithPath: path))
            return ExternalRenderers.ChromiumPage(
                htmlPath: path, width: Int(scene.size.width.rounded(.up)),
                height: Int(scene.size.height.rounded(.up)), scale: 2)
        }
        return Dictionary(uniqueKeysWithValues: zip(examples, try ExternalRenderers.chromiumScreenshots(pages)))
    }

    /// The scene drawn by Cairo, by Chromium from the HTML (or `chromium`, its screenshot taken
    /// already) and by librsvg from the SVG.
    func pictures(of scene: Scene, chromium shot: Data? = nil) throws -> (
        png: PixelImage, chromium: PixelImage, rsvg: PixelImage
    ) {
        let png = try CairoRenderer.rasterize(scene)
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let svg = folder + "/page.svg"
        try Data(try Renderer.svg.render(scene)[0].bytes).write(to: URL(fileURLWithPath: svg))
        let screenshot: Data
        if let shot {
            screenshot = shot
        } else {
            let html = folder + "/page.html"
            try Data(try Renderer.html(templates: RenderFixtures.templates).render(scene)[0].bytes).write(
                to: URL(fileURLWithPath: html))
            screenshot = try ExternalRenderers.chromiumScreenshot(
                htmlPath: html, width: Int(scene.size.width.rounded(.up)), height: Int(scene.size.height.rounded(.up)),
                scale: 2)
        }
        var chromium = try PNGCodec.decode([UInt8](screenshot))
        // The window is whole CSS pixels: a page of a fractional height leaves a row below it.
        if chromium.width == png.width, chromium.height > png.height, chromium.height - png.height < 2 {
            chromium = PixelImage(
                width: png.width, height: png.height, pixels: Array(chromium.pixels.prefix(png.pixels.count)))
        }
        let rsvg = try PNGCodec.decode(
            [UInt8](
                try ExternalRenderers.rsvg(
                    svgPath: svg, scale: 2,
                    // The files as the examples name them: `file` is this process's own copy.
                    fontFiles: scene.fonts?.files.map { Repository.path("Examples/\($0.path)") } ?? [])))
        return (png, chromium, rsvg)
    }

    @Test(arguments: examples)
    func chromiumAndLibrsvgAgreeWithThePNGOutsideText(_ example: String) throws {
        let (png, chromium, rsvg, zones) = try pictures(example)
        #expect(chromium.width == png.width && chromium.height == png.height, "\(example): chromium size")
        #expect(rsvg.width == png.width && rsvg.height == png.height, "\(example): rsvg size")
        let byChromium = Self.compare(png, chromium, zones: zones)
        let byRsvg = Self.compare(png, rsvg, zones: zones)
        print("cross-renderer \(example): chromium \(byChromium); rsvg \(byRsvg)")
        // librsvg is Cairo underneath: the same picture everywhere but text.
        #expect(byRsvg.plainMaximum <= 2, "\(example): rsvg \(byRsvg)")
        #expect(byRsvg.outlineMaximum <= 2, "\(example): rsvg \(byRsvg)")
        #expect(byRsvg.imageMean <= 0.1, "\(example): rsvg \(byRsvg)")
        // Chromium snaps box edges to device pixels where Cairo anti-aliases a fractional edge, and
        // resamples images with its own filter; plain areas must still agree.
        #expect(byChromium.plainMaximum <= 4, "\(example): chromium \(byChromium)")
        #expect(byChromium.outlineMaximum <= 64, "\(example): chromium \(byChromium)")
        #expect(byChromium.imageMean <= 2, "\(example): chromium \(byChromium)")
    }

    /// Scrims over flat photos: a white and a mid-grey one, so that what differs is the gradient
    /// alone, not each engine's resampling of a photo (over a photo, as in `06-local-images`, a
    /// scrim is part of the image zone and its mean).
    static func scrimSpec(folder: String) -> String {
        """
        width: 375
        style: {background: "#f4f5f7", cornerRadius: 12}
        defaults: {columns: 3, sectionInset: 10, interitemSpacing: 10, lineSpacing: 10}
        sections:
          - items:
              - {height: 150, image: \(folder)/white.png, title: Title, subtitle: Subtitle}
              - {height: 97.3, image: \(folder)/grey.png, title: Title only}
              - {height: 123.7, image: \(folder)/white.png, subtitle: Subtitle only}
              - {height: 44.5, image: \(folder)/grey.png, title: Short, subtitle: Both}
              - {height: 180, image: \(folder)/white.png, title: "A long title that is cut", subtitle: "♥ 12"}
        """
    }

    enum ScrimZone: UInt8 { case plain, image, scrim, outline, text }

    /// Text boxes (grown by 2 device pixels) over element outlines (a device pixel either side of
    /// each edge, and the rounded corners whole) over scrims over images over the page.
    static func scrimZones(_ scene: Scene, width: Int, height: Int) -> [ScrimZone] {
        var zones = DevicePixelZones(width: width, height: height, scale: scene.scale, filledWith: ScrimZone.plain)
        for element in scene.elements {
            let f = element.frame
            if element.image != nil { zones.mark(f, .image, grow: 0) }
            for scrim in element.scrims { zones.mark(scrim.frame, .scrim, grow: 0) }
            let radius = max(0, min(element.cornerRadius, f.width / 2, f.height / 2))
            for edge in [
                Rect(x: f.minX, y: f.minY, width: f.width, height: 0),
                Rect(x: f.minX, y: f.maxY, width: f.width, height: 0),
                Rect(x: f.minX, y: f.minY, width: 0, height: f.height),
                Rect(x: f.maxX, y: f.minY, width: 0, height: f.height),
            ] {
                zones.mark(edge, .outline, grow: 1)
            }
            for (x, y) in [
                (f.minX, f.minY), (f.maxX - radius, f.minY), (f.minX, f.maxY - radius),
                (f.maxX - radius, f.maxY - radius),
            ] {
                zones.mark(Rect(x: x, y: y, width: radius, height: radius), .outline, grow: 1)
            }
        }
        for element in scene.elements {
            for run in element.texts { zones.mark(run.frame, .text, grow: 2, always: true) }
        }
        return zones.zones
    }

    /// The largest per-channel difference in each zone but text.
    static func maxima(_ a: PixelImage, _ b: PixelImage, zones: [ScrimZone]) -> [ScrimZone: Int] {
        var maxima: [ScrimZone: Int] = [.plain: 0, .image: 0, .scrim: 0, .outline: 0]
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let zone = zones[y * a.width + x]
                guard zone != .text else { continue }
                let i = (y * a.width + x) * 4
                let j = (y * b.width + x) * 4
                var difference = 0
                for channel in 0..<3 {
                    difference = max(difference, abs(Int(a.pixels[i + channel]) - Int(b.pixels[j + channel])))
                }
                maxima[zone] = max(maxima[zone] ?? 0, difference)
            }
        }
        return maxima
    }

    /// Every engine draws a scrim as the same linear gradient, within a few levels.
    ///
    /// Cairo and librsvg (Cairo's gradient underneath) give the same levels; Chromium's Skia
    /// evaluates the colour in floating point and dithers gradients, which moves a pixel by a
    /// level or two of 255 (2 measured). The scrim zone alone may therefore differ by at most 3
    /// levels a channel from Chromium (1 from librsvg); every other zone keeps the tolerances
    /// above, and a flat photo outside the scrims none.
    @Test func scrimsAgreeAcrossEnginesWithinAFewLevels() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, color) in [("white", Color.white), ("grey", Color(red: 0x99, green: 0x99, blue: 0x99))] {
            let flat = PixelImage(width: 64, height: 48, color: color)
            try Data(PNGCodec.encode(flat)).write(to: URL(fileURLWithPath: "\(folder)/\(name).png"))
        }
        let spec = try Spec.decode(Self.scrimSpec(folder: folder), readRule: ReadRule(folders: [folder]))
        let scene = try RenderFixtures.scene(spec, scale: 2)
        #expect(scene.elements.filter { !$0.scrims.isEmpty }.count == 5)
        let (png, chromium, rsvg) = try pictures(of: scene)
        let zones = Self.scrimZones(scene, width: png.width, height: png.height)
        #expect(zones.contains(.scrim))
        let byChromium = Self.maxima(png, chromium, zones: zones)
        let byRsvg = Self.maxima(png, rsvg, zones: zones)
        let describe = { (maxima: [ScrimZone: Int]) in
            [ScrimZone.plain, .image, .scrim, .outline].map { "\($0) max \(maxima[$0]!)" }.joined(separator: ", ")
        }
        print("cross-renderer scrims: chromium \(describe(byChromium)); rsvg \(describe(byRsvg))")
        #expect(byRsvg[.scrim]! <= 1, "rsvg \(byRsvg)")
        #expect(byChromium[.scrim]! <= 3, "chromium \(byChromium)")
        #expect(byRsvg[.plain]! <= 2 && byRsvg[.image]! <= 0, "rsvg \(byRsvg)")
        #expect(byChromium[.plain]! <= 4 && byChromium[.image]! <= 0, "chromium \(byChromium)")
    }
}

extension CrossRendererTests {
    /// Where each line's ink starts and ends across, in device pixels, for the runs without
    /// emoji (each renderer draws those its own way) and without digits (librsvg draws digits
    /// from the emoji font when it is in the family list, in every example): what tells one
    /// typeface from another.
    static func inkExtents(_ picture: PixelImage, _ scene: Scene) -> [ClosedRange<Int>?] {
        var extents: [ClosedRange<Int>?] = []
        for element in scene.elements {
            for run in element.texts
            where !run.text.unicodeScalars.contains(where: { $0.properties.isEmoji }) {
                let f = run.frame
                let scale = scene.scale
                let rows = max(0, Int(f.minY * scale))..<min(picture.height, Int((f.maxY * scale).rounded(.up)))
                let columns = max(0, Int(f.minX * scale))..<min(picture.width, Int((f.maxX * scale).rounded(.up)))
                var first: Int?
                var last: Int?
                for x in columns {
                    let inked = rows.contains { y in
                        let i = (y * picture.width + x) * 4
                        let fill = [element.fill.red, element.fill.green, element.fill.blue]
                        return (0..<3).contains { abs(Int(picture.pixels[i + $0]) - Int(fill[$0])) > 96 }
                    }
                    if inked {
                        if first == nil { first = x }
                        last = x
                    }
                }
                extents.append(first.flatMap { start in last.map { start...$0 } })
            }
        }
        return extents
    }

    /// The largest distance, in device pixels, between the two pictures' ends of a line.
    static func largestInkShift(_ a: [ClosedRange<Int>?], _ b: [ClosedRange<Int>?]) -> Int {
        zip(a, b).map { first, second in
            guard let first, let second else { return first == nil && second == nil ? 0 : Int.max }
            return max(abs(first.lowerBound - second.lowerBound), abs(first.upperBound - second.upperBound))
        }.max() ?? 0
    }

    /// The brand font is what Chromium (from the page's `@font-face`) and librsvg (through
    /// fontconfig) draw: every line's ink ends where the PNG's does; without the font they end
    /// elsewhere, so the check can tell.
    @Test func chromiumAndLibrsvgDrawTheBrandFontsLines() throws {
        let example = "17-brand-font.yaml"
        let scene = try RenderFixtures.scene(example, scale: 2)
        let (png, chromium, rsvg, _) = try pictures(example)
        let expected = Self.inkExtents(png, scene)
        #expect(expected.count >= 8 && expected.allSatisfy { $0 != nil }, "\(expected)")
        let byChromium = Self.largestInkShift(expected, Self.inkExtents(chromium, scene))
        let byRsvg = Self.largestInkShift(expected, Self.inkExtents(rsvg, scene))
        print("cross-renderer \(example): line ends within \(byChromium) px (chromium), \(byRsvg) px (rsvg)")
        #expect(byChromium <= 3, "chromium's lines end \(byChromium) device pixels from the PNG's")
        #expect(byRsvg <= 3, "rsvg's lines end \(byRsvg) device pixels from the PNG's")

        // The control: the same documents without the font.
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let html = try RenderFixtures.text(.html(templates: RenderFixtures.templates), scene)
        let withoutFace = html.split(separator: "\n").filter { !$0.hasPrefix("@font-face") }.joined(separator: "\n")
        #expect(withoutFace.count < html.count)
        try withoutFace.write(toFile: folder + "/page.html", atomically: true, encoding: .utf8)
        try RenderFixtures.text(.svg, scene).write(toFile: folder + "/page.svg", atomically: true, encoding: .utf8)
        let plainChromium = try PNGCodec.decode(
            [UInt8](
                try ExternalRenderers.chromiumScreenshot(
                    htmlPath: folder + "/page.html", width: Int(scene.size.width.rounded(.up)),
                    height: Int(scene.size.height.rounded(.up)), scale: 2)))
        let plainRsvg = try PNGCodec.decode(
            [UInt8](try ExternalRenderers.rsvg(svgPath: folder + "/page.svg", scale: 2)))
        #expect(Self.largestInkShift(expected, Self.inkExtents(plainChromium, scene)) > 10)
        #expect(Self.largestInkShift(expected, Self.inkExtents(plainRsvg, scene)) > 10)
    }
}
