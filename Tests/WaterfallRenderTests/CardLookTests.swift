import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec
import WaterfallTestSupport

/// A card looks like an app's by default: the text block under an image is `card.background`
/// (white, the dark surface in dark), the palette colours only cards without an image and image
/// placeholders, and text over an image has a scrim (and, when asked, a shadow).
@Suite struct CardLookTests {
    /// Under-image cards: a photo, an image only sized, a text-only card, a photo with its own
    /// colour, and a photo whose file is missing.
    static let below = """
        width: 320
        style:
          palette: ["#ffd6a5", "#caffbf", "#9bf6ff", "#bdb2ff", "#ffc6ff"]
          card: {content: below}
          dark: {background: "#000000", textColor: "#eeeeee"}
        sections:
          - columns: 2
            items:
              - {image: images/meadow.png, title: "A photo"}
              - {size: {width: 4, height: 3}, title: "An image only sized"}
              - {height: 60, title: "No image"}
              - {image: images/fog.jpg, title: "Its own colour", color: "#ff0000"}
              - {image: images/missing.png, title: "A missing image"}
        """

    static func scene(_ text: String, appearance: Appearance = .light, placeholders: Bool = false) throws -> Scene {
        // The examples' images, and the pictures the tests write into the temporary folder.
        let decoded = try Spec.decode(
            text, file: "card.yaml", baseDirectory: Repository.path("Examples"),
            readRule: .forSpec(inFolder: Repository.path("Examples"), allowing: [TemporaryFolder.systemFolder]))
        let spec = decoded.inAppearance(appearance)
        let pipeline = RenderPipeline(renderers: [], missingImages: placeholders ? .placeholder : .error)
        return try pipeline.prepare(spec).scene
    }

    static func cell(_ scene: Scene, _ item: Int, section: Int = 0) throws -> SceneElement {
        try #require(scene.elements.first { $0.kind == .cell && $0.section == section && $0.item == item })
    }

    @Test func theTextBlockUnderAnImageIsTheCardBackgroundWhiteInLightAndTheDarkSurfaceInDark() throws {
        let light = try Self.scene(Self.below, placeholders: true)
        let dark = try Self.scene(Self.below, appearance: .dark, placeholders: true)
        for item in [0, 1] {
            #expect(try Self.cell(light, item).fill == .white, "item \(item)")
            #expect(try Self.cell(dark, item).fill == Color(hex: "#1c1c1e"), "item \(item)")
        }
        #expect(CardStyle.darkBackground == Color(hex: "#1c1c1e"))
        // The image only sized is the placeholder, in its turn's palette colour.
        #expect(try Self.cell(light, 1).imageFill == Color(hex: "#caffbf"))
        #expect(try Self.cell(light, 0).imageFill == nil)
        // The palette still fills a card without an image, whole.
        #expect(try Self.cell(light, 2).fill == Color(hex: "#9bf6ff"))
        #expect(try Self.cell(light, 2).imageFrame == nil)
        // An item's own colour wins.
        #expect(try Self.cell(light, 3).fill == Color(hex: "#ff0000"))
        // A missing image keeps its grey placeholder with a stroke.
        let missing = try Self.cell(light, 4)
        #expect(missing.fill == Color(hex: "#d5d9df"))
        #expect(missing.stroke?.color == Color(hex: "#9aa1ab"))
        #expect(missing.imageFill == nil)

        // In the PNG, the text block under the photo is white; the placeholder is its colour.
        let image = try CairoRenderer.rasterize(light)
        let photo = try Self.cell(light, 0)
        let area = try #require(photo.imageFrame)
        let textBlock = Point(x: photo.frame.maxX - 4, y: (area.maxY + photo.frame.maxY) / 2)
        #expect(image.color(x: Int(textBlock.x * light.scale), y: Int(textBlock.y * light.scale)) == .white)
        let sized = try Self.cell(light, 1)
        let place = try #require(sized.imageFrame)
        #expect(
            image.color(
                x: Int((place.minX + place.width / 2) * light.scale),
                y: Int((place.minY + place.height / 2) * light.scale)) == Color(hex: "#caffbf"))
    }

    @Test func cardBackgroundAndItsDarkCounterpartAreTheSpecs() throws {
        let text = """
            width: 320
            style:
              card: {content: below, background: "#fafafa"}
              dark: {background: "#000000", card: {background: "#222222"}}
            sections:
              - items: [{image: images/meadow.png, title: Spec}]
              - style: {card: {background: "#fff4e8"}, dark: {card: {background: "#2a1e12"}}}
                items: [{image: images/meadow.png, title: Section}]
              - style: {card: {background: "#eeeeee"}}
                items: [{image: images/meadow.png, title: "Section, light only"}]
            """
        let light = try Self.scene(text)
        let dark = try Self.scene(text, appearance: .dark)
        #expect(try Self.cell(light, 0, section: 0).fill == Color(hex: "#fafafa"))
        #expect(try Self.cell(dark, 0, section: 0).fill == Color(hex: "#222222"))
        #expect(try Self.cell(light, 0, section: 1).fill == Color(hex: "#fff4e8"))
        #expect(try Self.cell(dark, 0, section: 1).fill == Color(hex: "#2a1e12"))
        // A light card background does not carry into the dark: the spec's dark one does.
        #expect(try Self.cell(light, 0, section: 2).fill == Color(hex: "#eeeeee"))
        #expect(try Self.cell(dark, 0, section: 2).fill == Color(hex: "#222222"))

        // Only a section's `style.dark` makes the dark appearance: the dark surface, not the light fill.
        let sectionOnly = """
            width: 320
            style: {card: {content: below, background: "#fafafa"}}
            sections:
              - style: {dark: {background: "#000000"}}
                items: [{image: images/meadow.png, title: Section}]
            """
        #expect(try Self.cell(Self.scene(sectionOnly, appearance: .dark), 0).fill == CardStyle.darkBackground)
        #expect(try Self.cell(Self.scene(sectionOnly), 0).fill == Color(hex: "#fafafa"))
    }

    /// Over-image cards: title and subtitle, title only, no text, no image, a subtitle only.
    static let overlay = """
        width: 320
        style: {palette: ["#ffd6a5"]}
        sections:
          - columns: 2
            items:
              - {height: 150, image: images/fog.jpg, title: Fog, subtitle: "♥ 12"}
              - {height: 150, image: images/fog.jpg, title: Fog}
              - {height: 150, image: images/fog.jpg}
              - {height: 150, title: "No image", subtitle: "♥ 3"}
              - {height: 150, image: images/fog.jpg, subtitle: "♥ 7"}
        """

    @Test func aScrimIsDrawnOnlyBehindTextOverAnImage() throws {
        let scene = try Self.scene(Self.overlay)
        let both = try Self.cell(scene, 0)
        #expect(both.scrims.count == 2)
        let title = try #require(both.texts.first)
        let subtitle = try #require(both.texts.last)
        let top = both.scrims[0]
        let bottom = both.scrims[1]
        // From the card's top edge to a padding (8 pt) below the title's box, darkest at the edge.
        let topHeight = title.frame.maxY + 8 - both.frame.minY
        #expect(top.frame == Rect(x: both.frame.minX, y: both.frame.minY, width: both.frame.width, height: topHeight))
        #expect(top.top == Color(red: 0, green: 0, blue: 0, alpha: 115) && top.bottom.alpha == 0)
        // From a padding above the subtitle's box to the bottom edge.
        #expect(bottom.frame.minY == subtitle.frame.minY - 8 && bottom.frame.maxY == both.frame.maxY)
        #expect(bottom.top.alpha == 0 && bottom.bottom.alpha == 115)
        #expect(try Self.cell(scene, 1).scrims.count == 1)
        #expect(try Self.cell(scene, 1).scrims[0].frame.minY == both.frame.minY)
        #expect(try Self.cell(scene, 2).scrims.isEmpty, "no text, no scrim")
        #expect(try Self.cell(scene, 3).scrims.isEmpty, "no image, no scrim")
        let subtitleOnly = try Self.cell(scene, 4)
        #expect(subtitleOnly.scrims.count == 1 && subtitleOnly.scrims[0].frame.maxY == subtitleOnly.frame.maxY)
        // No text shadow unless asked for.
        #expect(scene.elements.flatMap(\.texts).allSatisfy { $0.shadow == nil })

        let none = try Self.scene(
            Self.overlay.replacingOccurrences(of: "palette: [\"#ffd6a5\"]", with: "card: {scrim: none}"))
        #expect(none.elements.allSatisfy { $0.scrims.isEmpty })
        // Text under an image has none.
        let below = try Self.scene(Self.below, placeholders: true)
        #expect(below.elements.allSatisfy { $0.scrims.isEmpty })
    }

    /// A white photo with a title, as one card, at scale 1.
    static func whitePhotoSpec(folder: String, card: String) -> String {
        """
        width: 200
        scale: 1
        style: {background: "#808080", cornerRadius: 0, card: \(card)}
        sections:
          - items: [{height: 120, image: \(folder)/white.png, title: Hi, subtitle: there}]
        """
    }

    static func whitePhotoFolder() throws -> String {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let white = PixelImage(width: 40, height: 30, color: .white)
        try Data(PNGCodec.encode(white)).write(to: URL(fileURLWithPath: folder + "/white.png"))
        return folder
    }

    @Test func theScrimDarkensAWhitePhotoBehindTheTitleAndFadesOut() throws {
        let folder = try Self.whitePhotoFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let withScrim = try Self.scene(Self.whitePhotoSpec(folder: folder, card: "{}"))
        let without = try Self.scene(Self.whitePhotoSpec(folder: folder, card: "{scrim: none}"))
        let dark = try CairoRenderer.rasterize(withScrim)
        let plain = try CairoRenderer.rasterize(without)
        let card = try Self.cell(withScrim, 0)
        let title = try #require(card.texts.first)
        let scrim = card.scrims[0]
        // Right of the short title, inside its box: the photo, darkened as the gradient says.
        let x = Int(card.frame.maxX) - 12
        for y in [0, Int((title.frame.minY + title.frame.height / 2)), Int(scrim.frame.maxY) - 2] {
            let shade = dark.color(x: x, y: y)
            #expect(plain.color(x: x, y: y) == .white, "row \(y) without a scrim")
            let opacity = 0.45 * (1 - (Double(y) + 0.5 - scrim.frame.minY) / scrim.frame.height)
            let expected = 255 * (1 - opacity)
            #expect(abs(Double(shade.red) - expected) <= 2, "row \(y): \(shade.red), expected \(expected)")
            #expect(shade.red == shade.green && shade.green == shade.blue)
        }
        #expect(
            dark.color(x: x, y: Int((title.frame.minY + title.frame.height / 2))).red < 230, "darker behind the title")
        // Past the scrim, in the middle of the card, the photo is untouched.
        #expect(dark.color(x: x, y: Int((card.frame.minY + card.frame.height / 2))) == .white)
        // Behind the subtitle, the bottom scrim, darkest at the bottom edge.
        #expect(dark.color(x: x, y: Int(card.frame.maxY) - 1).red < 150)
    }

    @Test func svgAndHTMLDrawTheScrimAsAGradientAndEveryFormatIsTheSameBytesTwice() throws {
        let folder = try Self.whitePhotoFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = Self.whitePhotoSpec(folder: folder, card: "{}")
        let scene = try Self.scene(text)
        let svg = try RenderFixtures.text(.svg, scene)
        #expect(svg.contains("<linearGradient id=\"scrim0-0\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"))
        #expect(svg.contains("<stop offset=\"0\" stop-color=\"#000000\" stop-opacity=\"0.451\"/>"))
        #expect(svg.contains("fill=\"url(#scrim0-0)\" clip-path=\"url(#clip0)\""))
        #expect(svg.contains("<linearGradient id=\"scrim0-1\""))
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        #expect(html.contains("<div class=\"scrim\" style=\"position: absolute; left: 0px; top: 0px;"))
        #expect(html.contains("background: linear-gradient(rgba(0, 0, 0, 0.451), rgba(0, 0, 0, 0));"))
        #expect(html.contains("background: linear-gradient(rgba(0, 0, 0, 0), rgba(0, 0, 0, 0.451));"))
        // The built-in writer and the Mustache template write the same page.
        #expect(html == (try RenderFixtures.text(.html(templates: RenderFixtures.templates), scene)))
        let gridLanes = try RenderFixtures.text(.htmlGridLanes(title: "Waterfall"), scene)
        #expect(gridLanes.contains("<div class=\"scrim\" style=\"position: absolute;"))

        let again = try Self.scene(text)
        for renderer in [Renderer.svg, .html(templates: .bundled), .pdf] {
            #expect(
                try renderer.render(scene).map(\.bytes) == renderer.render(again).map(\.bytes), "\(renderer.format)")
        }
        #expect(try CairoRenderer.rasterize(scene).pixels == CairoRenderer.rasterize(again).pixels)
        let none = try Self.scene(Self.whitePhotoSpec(folder: folder, card: "{scrim: none}"))
        #expect(!(try RenderFixtures.text(.svg, none)).contains("linearGradient"))
        #expect(!(try RenderFixtures.text(.html(templates: .bundled), none)).contains("scrim"))
    }

    @Test func textShadowIsACopyOfTheTextOnePointDownInEveryFormat() throws {
        let folder = try Self.whitePhotoFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = try Self.scene(Self.whitePhotoSpec(folder: folder, card: "{scrim: none, textShadow: true}"))
        let card = try Self.cell(scene, 0)
        #expect(card.scrims.isEmpty)
        let shadow = TextShadow(offset: Point(x: 0, y: 1), color: Color(red: 0, green: 0, blue: 0, alpha: 102))
        #expect(card.texts.count == 2 && card.texts.allSatisfy { $0.shadow == shadow })
        let svg = try RenderFixtures.text(.svg, scene)
        #expect(svg.components(separatedBy: "fill=\"#000000\" fill-opacity=\"0.4\"").count == 3)
        let html = try RenderFixtures.text(.html(templates: .bundled), scene)
        // One point down, in the page's own pixels: nothing scales the text.
        let shadows = try Regex(#"text-shadow: 0px ([0-9.]+)px 0px rgba\(0, 0, 0, 0.4\);"#)
        let offsets = html.matches(of: shadows).map { Double($0.output[1].substring!)! }
        #expect(!html.contains("transform"))
        #expect(offsets.count == 2 && offsets.allSatisfy { abs($0 - 1) < 1e-6 }, "\(offsets)")
        // In the PNG the white title on the white photo is now visible: its shadow is.
        let shaded = try CairoRenderer.rasterize(scene)
        let plain = try CairoRenderer.rasterize(
            Self.scene(Self.whitePhotoSpec(folder: folder, card: "{scrim: none}")))
        let title = try #require(card.texts.first)
        var darkest = 255
        for y in Int(title.frame.minY)..<Int(title.frame.maxY) {
            for x in Int(title.frame.minX)..<Int(title.frame.minX + 20) {
                #expect(plain.color(x: x, y: y) == .white)
                darkest = min(darkest, Int(shaded.color(x: x, y: y).red))
            }
        }
        #expect(darkest < 200, "the shadow shows on white: darkest \(darkest)")
        // Text under an image, or on a card without one, casts none.
        let below = try Self.scene(
            Self.below.replacingOccurrences(of: "{content: below}", with: "{content: below, textShadow: true}"),
            placeholders: true)
        #expect(below.elements.flatMap(\.texts).allSatisfy { $0.shadow == nil })
    }

    @Test(arguments: [
        (
            "style: {card: {scrim: soft}}",
            "card.yaml:1:23: style.card.scrim: must be one of gradient, none, not \"soft\""
        ),
        (
            "sections: [{style: {card: {scrim: gradiant}}, items: []}]",
            "card.yaml:1:35: sections[0].style.card.scrim: must be one of gradient, none, not \"gradiant\" (did you mean \"gradient\"?)"
        ),
        (
            "style: {card: {textShadow: yes please}}",
            "card.yaml:1:28: style.card.textShadow: expected true or false, found a string"
        ),
        (
            "style: {card: {background: white}}",
            "card.yaml:1:28: style.card.background: expected a color as \"#rgb\" or \"#rrggbb\", not \"white\""
        ),
        (
            "style: {dark: {card: {background: \"#12\"}}}",
            "card.yaml:1:35: style.dark.card.background: expected a color as \"#rgb\" or \"#rrggbb\", not \"#12\""
        ),
    ])
    func aBadCardValueIsOneLineNamingItsKey(_ input: String, _ message: String) {
        do {
            _ = try Spec.decode(input + "\nwidth: 300", file: "card.yaml")
            Issue.record("decoded without an error: \(input)")
        } catch {
            #expect(error.description == message)
            #expect(!error.description.contains("\n"))
        }
    }
}
