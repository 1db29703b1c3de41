import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallTestSupport

/// `waterfall render --viewport`: screens in every format, checked against the frames
/// `waterfall layout --offset` prints; the device matrix (`--widths`).
@Suite struct ScreenRenderTests {
    /// A feed of two sections that pin their headers, at scale 1 with square corners, so a card's
    /// color can be read from the PNG at its place.
    static let feed = """
        width: 320
        scale: 1
        style: {cornerRadius: 0, palette: ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff", "#ff00ff", "#800000"]}
        sections:
          - pinHeader: true
            header: {height: 40, color: "#101010"}
            columns: 2
            sectionInset: 8
            generate: {count: 14, minHeight: 60, maxHeight: 160, seed: 3}
          - pinHeader: true
            header: {height: 30, color: "#202020"}
            footer: {height: 20, color: "#303030"}
            columns: 3
            generate: {count: 30, minHeight: 50, maxHeight: 140, seed: 4}

        """

    struct Frame: Hashable, CustomStringConvertible {
        var kind: String
        var section: Int
        var item: Int?
        var x, y, width, height: Double

        var description: String { "\(kind) \(section) \(item ?? -1) (\(x), \(y), \(width), \(height))" }

        func isClose(to other: Frame) -> Bool {
            func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
            return kind == other.kind && section == other.section && item == other.item && close(x, other.x)
                && close(y, other.y) && close(width, other.width) && close(height, other.height)
        }
    }

    func folder() throws -> String {
        let folder = ExternalRenderers.temporaryPath("screens")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The layout JSON `waterfall layout ARGS` prints: the content size and every element's frame.
    func layout(_ arguments: [String]) throws -> (size: (Double, Double), frames: [Frame]) {
        let result = InProcess.run(["layout"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return try Self.frames(ofLayoutJSON: result.standardOutput)
    }

    static func frames(ofLayoutJSON text: String) throws -> (size: (Double, Double), frames: [Frame]) {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        let size = object["contentSize"] as! [String: Double]
        let frames = (object["elements"] as! [[String: Any]]).map { element in
            let frame = element["frame"] as! [String: Double]
            return Frame(
                kind: element["kind"] as! String, section: element["section"] as! Int, item: element["item"] as? Int,
                x: frame["x"]!, y: frame["y"]!, width: frame["width"]!, height: frame["height"]!)
        }
        return ((size["width"]!, size["height"]!), frames)
    }

    /// Every match of `pattern` in `text`, as its capture groups (empty for a group that did not take part).
    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let expression = try! NSRegularExpression(pattern: pattern)
        let string = text as NSString
        return expression.matches(in: text, range: NSRange(location: 0, length: string.length)).map { match in
            (1..<match.numberOfRanges).map {
                match.range(at: $0).location == NSNotFound ? "" : string.substring(with: match.range(at: $0))
            }
        }
    }

    /// The elements of an SVG, with the frame and fill of each one's rectangle.
    static func svgFrames(_ svg: String) -> [(frame: Frame, fill: String)] {
        let pattern =
            #"<g data-kind="(\w+)" data-section="(\d+)"(?: data-item="(\d+)")?>\n<rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)"(?: rx="[^"]*" ry="[^"]*")? fill="(#[0-9a-f]{6})""#
        return matches(pattern, in: svg).map { groups in
            (
                Frame(
                    kind: groups[0], section: Int(groups[1])!, item: Int(groups[2]), x: Double(groups[3])!,
                    y: Double(groups[4])!, width: Double(groups[5])!, height: Double(groups[6])!), groups[7]
            )
        }
    }

    /// The elements of an HTML page, at their absolute positions.
    static func htmlFrames(_ html: String) -> [Frame] {
        let pattern =
            #"class="element" data-kind="(\w+)" data-section="(\d+)"(?: data-item="(\d+)")? style="left: ([^p]+)px; top: ([^p]+)px; width: ([^p]+)px; height: ([^p]+)px;"#
        return matches(pattern, in: html).map { groups in
            Frame(
                kind: groups[0], section: Int(groups[1])!, item: Int(groups[2]), x: Double(groups[3])!,
                y: Double(groups[4])!, width: Double(groups[5])!, height: Double(groups[6])!)
        }
    }

    func expectSame(_ actual: [Frame], _ expected: [Frame], _ comment: String) {
        #expect(actual.count == expected.count, "\(comment): \(actual.count) elements, not \(expected.count)")
        for frame in expected {
            #expect(actual.contains { $0.isClose(to: frame) }, "\(comment): \(frame) is missing")
        }
    }

    @Test func screensInEveryFormatShowTheFramesLayoutOffsetPrints() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = folder + "/feed.yaml"
        try write(Self.feed, to: spec)
        let viewport = 300.0
        let result = InProcess.run(
            ["render", spec, "--viewport", "300", "--screens", "12", "--output", folder + "/out"])
        #expect(result.status == 0, "\(result.standardError)")
        let height = try layout([spec]).size.1
        let count = Int((height / viewport).rounded(.up))
        #expect(count >= 4 && count < 12)
        // Fewer than asked when the content ends first; zero-padded to the digits of 12.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        let expectedNames = (1...count).flatMap { index in
            ["html", "layout.json", "pdf", "png", "svg"].map { "feed.screen-\(String(format: "%02d", index)).\($0)" }
        }
        #expect(names == expectedNames)
        var pinnedPlaces: Set<Double> = []
        for index in 1...count {
            // The last screen is clamped to the end of the content, as UIKit clamps a content offset.
            let offset = min(Double(index - 1) * viewport, height - viewport)
            let name = folder + "/out/feed.screen-\(String(format: "%02d", index))"
            let visible = try layout([spec, "--offset", "\(offset)", "--rect=0,\(offset),320,\(viewport)"]).frames
            let expected = visible.map { frame in
                var moved = frame
                moved.y -= offset
                return moved
            }
            let comment = "screen \(index) at \(offset)"
            // SVG: every element's rectangle; pinned headers drawn last, above the cards.
            let svg = try read(name + ".svg")
            #expect(svg.contains("viewBox=\"0 0 320 300\""), "\(comment)")
            let svgElements = Self.svgFrames(svg)
            expectSame(svgElements.map(\.frame), expected, "\(comment), SVG")
            if let header = svgElements.lastIndex(where: { $0.frame.kind == "header" }) {
                #expect(
                    svgElements[header...].allSatisfy { $0.frame.kind == "header" }, "\(comment): headers on top")
            }
            // HTML: absolute positions.
            let html = try read(name + ".html")
            #expect(html.contains("width: 320px; height: 300px;"), "\(comment)")
            expectSame(Self.htmlFrames(html), expected, "\(comment), HTML")
            // JSON: the screen's elements in its own coordinates.
            let json = try Self.frames(ofLayoutJSON: try read(name + ".layout.json"))
            #expect(json.size == (320, 300))
            expectSame(json.frames, expected, "\(comment), JSON")
            // PDF: one page the screen's size.
            let pdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: name + ".pdf")), as: UTF8.self)
            #expect(
                Self.matches(#"/MediaBox \[ ?0 0 ([\d.]+) ([\d.]+) ?\]"#, in: pdf) == [["320", "300"]], "\(comment)")
            // PNG: each card's color in the middle of what shows of it (not under a pinned header).
            let png = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: name + ".png"))))
            #expect(png.width == 320 && png.height == 300)
            let headers = svgElements.filter { $0.frame.kind == "header" }.map(\.frame)
            var sampled = 0
            for (frame, fill) in svgElements where frame.kind == "cell" || frame.kind == "header" {
                var top = max(frame.y, 0)
                if frame.kind == "cell" {
                    for header in headers where header.y < frame.y + frame.height && header.y + header.height > top {
                        top = max(top, header.y + header.height)
                    }
                }
                let bottom = min(frame.y + frame.height, viewport)
                guard bottom - top >= 4 else { continue }
                let x = Int(frame.x + frame.width / 2)
                let y = Int((top + bottom) / 2)
                let pixel = Array(png.pixels[(y * png.width + x) * 4..<(y * png.width + x) * 4 + 3])
                let color = Color(hex: fill)!
                #expect(pixel == [color.red, color.green, color.blue], "\(comment): \(frame) at (\(x), \(y))")
                sampled += 1
            }
            #expect(sampled >= 3, "\(comment)")
            for header in expected where header.kind == "header" { pinnedPlaces.insert(header.y) }
        }
        // A header pinned at the top of a screen (0) and one pushed up by its section's end (< 0) or
        // at its natural place further down.
        #expect(pinnedPlaces.contains(0))
        #expect(pinnedPlaces.count >= 2)
    }

    /// A snapped spec's screen at a fractional offset: drawn on the device pixel grid, while its
    /// layout JSON keeps the exact frames `layout --offset` prints, moved by the offset.
    @Test func aSnappedScreenAtAFractionalOffsetStaysOnTheGrid() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = folder + "/feed.yaml"
        let feed = Self.feed.replacingOccurrences(
            of: "width: 320\nscale: 1", with: "width: 320.5\nscale: 2\npixelSnapping: device")
        #expect(feed != Self.feed)
        try write(feed, to: spec)
        let offset = 123.3
        let result = InProcess.run(
            ["render", spec, "--viewport", "300", "--offset", "\(offset)", "--format", "svg,json", "--output", folder])
        #expect(result.status == 0, "\(result.standardError)")
        let expected = try layout([spec, "--offset", "\(offset)", "--rect=0,\(offset),320.5,300"]).frames.map { frame in
            var moved = frame
            moved.y -= offset
            return moved
        }
        let json = try Self.frames(ofLayoutJSON: try read(folder + "/feed.offset-123.3.layout.json"))
        expectSame(json.frames, expected, "JSON")
        let svg = Self.svgFrames(try read(folder + "/feed.offset-123.3.svg")).map(\.frame)
        #expect(svg.count == expected.count)
        for frame in svg {
            let edges = [frame.x, frame.y, frame.x + frame.width, frame.y + frame.height]
            #expect(edges.allSatisfy { ($0 * 2).rounded() == $0 * 2 }, "\(frame) is off the grid")
        }
        #expect(expected.contains { ($0.y * 2).rounded() != $0.y * 2 }, "the offset moves frames off the grid")
    }

    @Test func anOffsetIsClampedToTheContentAndNamedAsGiven() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = folder + "/feed.yaml"
        try write(Self.feed, to: spec)
        let height = try layout([spec]).size.1
        for offset in ["1e9", "\(height - 300)", "0"] {
            let result = InProcess.run(
                ["render", spec, "--viewport", "300", "--offset", offset, "--format", "svg", "--output", folder])
            #expect(result.status == 0, "\(result.standardError)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".svg") }
        #expect(
            Set(names) == [
                "feed.offset-1000000000.svg", "feed.offset-\(ShortestNumber.text(height - 300)).svg",
                "feed.offset-0.svg",
            ])
        #expect(
            try read(folder + "/feed.offset-1000000000.svg")
                == read(folder + "/feed.offset-\(ShortestNumber.text(height - 300)).svg"))
        #expect(try read(folder + "/feed.offset-0.svg") != read(folder + "/feed.offset-1000000000.svg"))
    }

    @Test func aHorizontalFeedsScreensRunAlongX() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spec = folder + "/row.yaml"
        try write(
            """
            height: 200
            scrollDirection: horizontal
            scale: 1
            sections:
              - pinHeader: true
                header: {height: 30, color: "#101010"}
                columns: 2
                items: [{width: 120}, {width: 90}, {width: 150}, {width: 60}, {width: 200}, {width: 80}, {width: 130}]

            """, to: spec)
        let result = InProcess.run(
            ["render", spec, "--viewport", "250", "--screens", "2", "--format", "svg,png", "--output", folder])
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try read(folder + "/row.screen-2.svg")
        #expect(svg.contains("viewBox=\"0 0 250 200\""))
        let visible = try layout([spec, "--offset", "250", "--rect=250,0,250,200"]).frames
        expectSame(
            Self.svgFrames(svg).map(\.frame),
            visible.map { frame in
                var moved = frame
                moved.x -= 250
                return moved
            }, "horizontal screen 2")
        // The pinned header stays at the leading edge of the screen.
        #expect(Self.svgFrames(svg).contains { $0.frame.kind == "header" && $0.frame.x == 0 })
        let png = try PNGCodec.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/row.screen-2.png"))))
        #expect(png.width == 250 && png.height == 200)
    }

    @Test func widthsRenderOncePerWidthAndTheGalleryShowsThemSideBySide() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let examples = folder + "/examples"
        try FileManager.default.createDirectory(atPath: examples, withIntermediateDirectories: true)
        try write(Self.feed, to: examples + "/feed.yaml")
        let result = InProcess.run(
            [
                "render", examples + "/feed.yaml", "--widths", "320,phones,768", "--format", "png,svg", "--output",
                folder + "/out",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        #expect(names == [320, 375, 393, 430, 768].flatMap { ["feed@\($0).png", "feed@\($0).svg"] })
        for width in [320, 375, 768] {
            let png = try PNGCodec.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out/feed@\(width).png"))))
            #expect(png.width == width)
        }
        // With screens: NAME@WIDTH.screen-N.
        let screens = InProcess.run(
            [
                "render", examples + "/feed.yaml", "--widths", "iphone", "--viewport", "812", "--format", "png",
                "--output", folder + "/screens",
            ])
        #expect(screens.status == 0, "\(screens.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/screens") == ["feed@375.screen-1.png"])
        // The gallery shows every width of a spec side by side.
        let gallery = InProcess.run(
            [
                "examples", "--examples", examples, "--widths", "320,375,430,768", "--format", "png", "--output",
                folder + "/gallery",
            ])
        #expect(gallery.status == 0, "\(gallery.standardError)")
        let page = try read(folder + "/gallery/index.html")
        let shown = Self.matches(#"<img src="\./(feed%40\d+\.png)""#, in: page).map { $0[0] }
        #expect(shown == ["feed%40320.png", "feed%40375.png", "feed%40430.png", "feed%40768.png"])
        #expect(page.contains("class=\"widths\""))
    }

    @Test func everyLinkOfTheGalleryOfASpecWithDeclaredWidthsAndDarkIsAFileItWrote() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let examples = folder + "/examples"
        try FileManager.default.createDirectory(atPath: examples, withIntermediateDirectories: true)
        try write(
            Self.feed.replacingOccurrences(
                of: "style: {cornerRadius: 0,", with: "style: {dark: {background: \"#000000\"}, cornerRadius: 0,")
                + "variants: {appearance: both, widths: [320, 375]}\n", to: examples + "/feed.yaml")
        let result = InProcess.run(
            ["examples", "--examples", examples, "--format", "png,html", "--output", folder + "/gallery"])
        #expect(result.status == 0, "\(result.standardError)")
        let page = try read(folder + "/gallery/index.html")
        let links = Self.matches(#"(?:href|src)="\./([^"]+)""#, in: page).map { $0[0].removingPercentEncoding! }
        #expect(links.contains("feed@320.html"))
        #expect(links.contains("feed@320.dark.html"))
        for link in links {
            #expect(FileManager.default.fileExists(atPath: folder + "/gallery/" + link), "\(link)")
        }
    }

    @Test func aHorizontalFeedHasNoWidthToSet() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(
            "height: 200\nscrollDirection: horizontal\nsections:\n  - items: [{width: 100}]\n", to: folder + "/row.yaml"
        )
        let result = InProcess.run([
            "render", folder + "/row.yaml", "--widths", "375", "--output", folder + "/out",
        ])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasSuffix(
                "row.yaml: is a horizontal feed: it gives a height, not a width, so --widths cannot set it\n"))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? []).isEmpty)
    }
}
