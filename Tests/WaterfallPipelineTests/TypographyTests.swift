import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// Each text role takes its own font, size, weight, line height and colour, cascading from the
/// spec's style to a section's to an item's; card heights follow the lines measured.
@Suite struct TypographyTests {
    static let spec = """
        width: 360
        style:
          fontSize: 13
          card: {content: below, padding: 8}
          title: {font: DejaVu Serif, fontSize: 20, fontWeight: regular, lineHeight: 1.5, color: "#aa0000"}
          meta: {fontSize: 9, color: "#00aa00"}
          header: {fontSize: 24, color: "#0000aa"}
          footer: {fontWeight: bold, color: "#aa00aa"}
          dark: {title: {color: "#ff8080"}}
        sections:
          - columns: 2
            style: {subtitle: {fontSize: 16, fontWeight: bold, color: "#00aaaa"}, meta: {color: "#aaaa00"}}
            header: {height: 50, title: Header}
            footer: {height: 40, title: Footer}
            items:
              - {size: {width: 4, height: 3}, title: Plain, subtitle: Sub, meta: Meta}
              - {size: {width: 4, height: 3}, title: Own, subtitle: Sub, meta: Meta, style: {title: {fontSize: 11, color: "#123456"}}}
        """

    static func scene(_ text: String, dark: Bool = false) throws -> Scene {
        let spec = try Spec.decode(text, file: "typography.yaml")
        return try RenderPipeline(renderers: []).prepare(dark ? spec.inAppearance(.dark) : spec).scene
    }

    @Test func everyRoleTakesItsOwnStyleThroughTheCascade() throws {
        let scene = try Self.scene(Self.spec)
        let header = try #require(scene.elements.first { $0.kind == .header }?.texts.first)
        #expect(header.fontSize == 24 && header.weight == .bold && header.color == Color(hex: "#0000aa"))
        let footer = try #require(scene.elements.first { $0.kind == .footer }?.texts.first)
        #expect(footer.fontSize == 13 && footer.weight == .bold && footer.color == Color(hex: "#aa00aa"))
        let cells = scene.elements.filter { $0.kind == .cell }
        #expect(cells.count == 2)
        // The spec's title style, the section's subtitle style, the section's meta colour over the spec's.
        let plain = cells[0].texts
        #expect(plain.map(\.text) == ["Plain", "Sub", "Meta"])
        #expect(plain[0].fontSize == 20 && plain[0].weight == .regular && plain[0].fontFamilies == ["DejaVu Serif"])
        #expect(plain[0].color == Color(hex: "#aa0000"))
        #expect(plain[0].frame.height >= 30 - 1e-9)
        #expect(plain[1].fontSize == 16 && plain[1].weight == .bold && plain[1].color == Color(hex: "#00aaaa"))
        #expect(plain[2].fontSize == 9 && plain[2].weight == .bold && plain[2].color == Color(hex: "#aaaa00"))
        // The item's own title size and colour over the spec's; the rest of the spec's title style kept.
        let own = cells[1].texts
        #expect(own[0].fontSize == 11 && own[0].fontFamilies == ["DejaVu Serif"] && own[0].weight == .regular)
        #expect(own[0].color == Color(hex: "#123456"))
        // Heights follow the lines: the larger title's card is taller by its line.
        #expect(cells[0].frame.height - cells[1].frame.height == 20 * 1.5 - 11 * 1.5)
    }

    @Test func aRolesColourHasItsDarkCounterpart() throws {
        let light = try Self.scene(Self.spec)
        let dark = try Self.scene(Self.spec, dark: true)
        let lightTitle = try #require(light.elements.first { $0.kind == .cell }?.texts.first)
        let darkTitle = try #require(dark.elements.first { $0.kind == .cell }?.texts.first)
        #expect(lightTitle.color == Color(hex: "#aa0000"))
        #expect(darkTitle.color == Color(hex: "#ff8080"))
        #expect(darkTitle.fontSize == 20)
    }

    @Test func withoutRoleStylesTheDefaultsAreAsBefore() throws {
        let scene = try Self.scene(
            """
            width: 360
            style: {fontSize: 10, card: {content: below}}
            sections:
              - header: {height: 40, title: H}
                footer: {height: 40, title: F}
                items: [{size: {width: 1, height: 1}, title: T, subtitle: S, meta: M}]
            """)
        let header = try #require(scene.elements.first { $0.kind == .header }?.texts.first)
        #expect(header.fontSize == 12.5 && header.weight == .bold)
        let footer = try #require(scene.elements.first { $0.kind == .footer }?.texts.first)
        #expect(footer.fontSize == 10 && footer.weight == .regular)
        let texts = try #require(scene.elements.first { $0.kind == .cell }?.texts)
        #expect(texts.map(\.fontSize) == [10, 10 * 0.92, 10 * 0.92] as [Double])
        #expect(texts.map(\.weight) == [.bold, .regular, .bold])
        #expect(texts[0].frame.height == 12.5)
    }
}
