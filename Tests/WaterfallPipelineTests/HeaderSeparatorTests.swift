import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// A header's or footer's `separator`: a hairline, one device pixel wide, along the edge that faces
/// its section's cards, in the light and the dark appearance.
@Suite struct HeaderSeparatorTests {
    static let spec = """
        width: 320
        scale: 2
        sections:
          - header: {height: 40, title: Bar, color: "#ffffff", separator: "#c6c6c8", dark: {color: "#1c1c1e", separator: "#38383a"}}
            footer: {height: 30, title: More, separator: "#aaaaaa"}
            items: [{height: 60}, {height: 80}]
        """

    static func scene(_ spec: Spec) throws -> Scene {
        try SceneBuilder(measurer: try PangoTextMeasurer()).scene(for: spec, layout: spec.layout())
    }

    @Test func theHeaderHasAHairlineAtItsBottomAndTheFooterAtItsTop() throws {
        let scene = try Self.scene(try Spec.decode(Self.spec, file: "bar.yaml"))
        let header = try #require(scene.elements.first { $0.kind == .header })
        let footer = try #require(scene.elements.first { $0.kind == .footer })
        let line = 1 / scene.scale
        #expect(header.fill == Color(hex: "#ffffff"))
        let rule = try #require(header.scrims.first)
        #expect(header.scrims.count == 1)
        #expect(rule.top == Color(hex: "#c6c6c8") && rule.bottom == rule.top)
        #expect(
            rule.frame
                == Rect(x: header.frame.minX, y: header.frame.maxY - line, width: header.frame.width, height: line))
        let footerRule = try #require(footer.scrims.first)
        #expect(footerRule.top == Color(hex: "#aaaaaa"))
        #expect(
            footerRule.frame
                == Rect(x: footer.frame.minX, y: footer.frame.minY, width: footer.frame.width, height: line))

        // In the PNG: the header's last device row is the hairline, the row above it the bar.
        let image = try CairoRenderer.rasterize(scene)
        let x = Int(header.frame.centerX * scene.scale)
        let bottom = Int((header.frame.maxY * scene.scale).rounded()) - 1
        #expect(image.color(x: x, y: bottom) == Color(hex: "#c6c6c8"))
        #expect(image.color(x: x, y: bottom - 1) == Color(hex: "#ffffff"))
    }

    @Test func theDarkAppearanceTakesTheDarkSeparator() throws {
        let spec = try Spec.decode(Self.spec, file: "bar.yaml")
        #expect(spec.hasDarkAppearance)
        let dark = try Self.scene(spec.inAppearance(.dark))
        let header = try #require(dark.elements.first { $0.kind == .header })
        #expect(header.fill == Color(hex: "#1c1c1e"))
        #expect(header.scrims.first?.top == Color(hex: "#38383a"))
        // The footer gives no dark separator: it keeps its own.
        #expect(dark.elements.first { $0.kind == .footer }?.scrims.first?.top == Color(hex: "#aaaaaa"))
    }

    @Test func aHorizontalFeedDrawsItOnTheSideTowardsTheCards() throws {
        for mirrored in [false, true] {
            let text = """
                height: 200
                scale: 2
                scrollDirection: horizontal
                layoutDirection: \(mirrored ? "rightToLeft" : "leftToRight")
                sections:
                  - header: {height: 40, separator: "#c6c6c8"}
                    footer: {height: 30, separator: "#aaaaaa"}
                    items: [{width: 60}, {width: 80}]
                """
            let scene = try Self.scene(try Spec.decode(text, file: "rows.yaml"))
            let header = try #require(scene.elements.first { $0.kind == .header })
            let footer = try #require(scene.elements.first { $0.kind == .footer })
            let headerRule = try #require(header.scrims.first).frame
            let footerRule = try #require(footer.scrims.first).frame
            // Cards come after the header and before the footer along the scroll direction.
            let cards = scene.elements.filter { $0.kind == .cell }.map(\.frame)
            let inward = { (rule: Rect, frame: Rect) in rule.minX == frame.minX ? -1.0 : 1.0 }
            #expect(headerRule.width == 0.5 && headerRule.height == header.frame.height)
            #expect(headerRule.minX == header.frame.minX || headerRule.maxX == header.frame.maxX)
            #expect(footerRule.minX == footer.frame.minX || footerRule.maxX == footer.frame.maxX)
            for card in cards {
                // The header's hairline is on its side nearer the cards; the footer's too.
                #expect(
                    inward(headerRule, header.frame) * (card.centerX - header.frame.centerX) > 0,
                    "mirrored: \(mirrored)")
                #expect(
                    inward(footerRule, footer.frame) * (card.centerX - footer.frame.centerX) > 0,
                    "mirrored: \(mirrored)")
            }
        }
    }

    @Test func aMisspeltSeparatorIsSuggested() throws {
        let text = "width: 320\nsections:\n  - header: {height: 40, seperator: \"#c6c6c8\"}\n"
        let error = try #require(throws: SpecError.self) { try Spec.decode(text, file: "bar.yaml") }
        #expect("\(error)".contains("did you mean \"separator\"?"), "\(error)")
        let dark = "width: 320\nsections:\n  - header: {height: 40, dark: {seperator: \"#000000\"}}\n"
        let darkError = try #require(throws: SpecError.self) { try Spec.decode(dark, file: "bar.yaml") }
        #expect("\(darkError)".contains("did you mean \"separator\"?"), "\(darkError)")
        // An item's `dark` has no separator.
        let item = "width: 320\nsections:\n  - items: [{height: 40, dark: {separator: \"#000000\"}}]\n"
        #expect(throws: SpecError.self) { try Spec.decode(item, file: "bar.yaml") }
    }
}

extension Rect {
    fileprivate var centerX: Double { minX + width / 2 }
}
