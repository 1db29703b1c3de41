import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// `--appearance dark` changes every colour a spec gives a dark counterpart, at every level.
@Suite struct DarkAppearanceTests {
    /// Every colour key, each with its dark counterpart: the spec's style, a section's `background`
    /// and `style`, a header, a footer and items with and without their own colours.
    static let spec = """
        width: 320
        style:
          background: "#f0f0f0"
          textColor: "#101010"
          palette: ["#ffeecc"]
          dark: {background: "#000000", textColor: "#f0f0f0", palette: ["#332211"]}
        sections:
          - columns: 2
            background: "#fafafa"
            style: {palette: ["#eeddcc"], textColor: "#202020", dark: {background: "#0a0a0a", palette: ["#443322"], textColor: "#e0e0e0"}}
            header: {height: 40, title: Header, color: "#ffffff", textColor: "#111111", dark: {color: "#1c1c1e", textColor: "#eeeeee"}}
            footer: {height: 30, title: Footer, color: "#e3e6ea", textColor: "#222222", dark: {color: "#2c2c2e", textColor: "#dddddd"}}
            items:
              - {height: 60, title: Own, color: "#ff0000", textColor: "#00ff00", dark: {color: "#800000", textColor: "#008000"}}
              - {height: 60, title: Palette}
          - columns: 1
            items:
              - {height: 60, title: Spec palette}
        """

    static func scenes(_ text: String) throws -> (light: Scene, dark: Scene) {
        let spec = try Spec.decode(text, file: "dark.yaml")
        let builder = SceneBuilder(measurer: try PangoTextMeasurer())
        let dark = spec.inAppearance(.dark)
        return (
            try builder.scene(for: spec, layout: spec.layout()),
            try builder.scene(for: dark, layout: dark.layout())
        )
    }

    @Test func everyColourKeyChangesInTheDarkRender() throws {
        #expect(try Spec.decode(Self.spec, file: "dark.yaml").hasDarkAppearance)
        let (light, dark) = try Self.scenes(Self.spec)
        #expect(light.elements.count == dark.elements.count)
        #expect(light.background == Color(hex: "#f0f0f0") && dark.background == Color(hex: "#000000"))
        func pair(_ kind: ElementKind, section: Int, item: Int? = nil) throws -> (SceneElement, SceneElement) {
            let find = { (scene: Scene) in
                scene.elements.first { $0.kind == kind && $0.section == section && $0.item == item }
            }
            return (try #require(find(light)), try #require(find(dark)))
        }
        let expectations: [(String, SceneElement, SceneElement, fill: (String, String)?, text: (String, String)?)] =
            try [
                ("section background", pair(.background, section: 0), ("#fafafa", "#0a0a0a"), nil),
                ("header", pair(.header, section: 0), ("#ffffff", "#1c1c1e"), ("#111111", "#eeeeee")),
                ("footer", pair(.footer, section: 0), ("#e3e6ea", "#2c2c2e"), ("#222222", "#dddddd")),
                ("item's own", pair(.cell, section: 0, item: 0), ("#ff0000", "#800000"), ("#00ff00", "#008000")),
                ("section palette", pair(.cell, section: 0, item: 1), ("#eeddcc", "#443322"), ("#202020", "#e0e0e0")),
                ("spec palette", pair(.cell, section: 1, item: 0), ("#ffeecc", "#332211"), ("#101010", "#f0f0f0")),
            ].map { ($0.0, $0.1.0, $0.1.1, $0.2, $0.3) }
        for (name, lightElement, darkElement, fill, text) in expectations {
            if let fill {
                #expect(lightElement.fill == Color(hex: fill.0), "\(name) light fill")
                #expect(darkElement.fill == Color(hex: fill.1), "\(name) dark fill")
            }
            if let text {
                #expect(lightElement.texts.first?.color == Color(hex: text.0), "\(name) light text")
                #expect(darkElement.texts.first?.color == Color(hex: text.1), "\(name) dark text")
            }
        }
    }

    @Test func aSectionsOwnDarkStyleIsADarkAppearanceWithoutTheSpecs() throws {
        let text = """
            width: 320
            sections:
              - style: {background: "#fff4e8", textColor: "#222222", dark: {background: "#201810", textColor: "#eeeeee"}}
                header: {height: 40, title: Categories}
                items: [{height: 60, title: A}]
            """
        #expect(try Spec.decode(text, file: "dark.yaml").hasDarkAppearance)
        let (light, dark) = try Self.scenes(text)
        let lightBackground = try #require(light.elements.first { $0.kind == .background })
        let darkBackground = try #require(dark.elements.first { $0.kind == .background })
        #expect(lightBackground.fill == Color(hex: "#fff4e8"))
        #expect(darkBackground.fill == Color(hex: "#201810"))
        let darkHeader = try #require(dark.elements.first { $0.kind == .header })
        #expect(darkHeader.texts.first?.color == Color(hex: "#eeeeee"))
    }

    @Test func aHeaderAloneWithDarkColoursIsADarkAppearance() throws {
        let text = """
            width: 320
            sections:
              - header: {height: 40, title: Hi, color: "#ffffff", dark: {color: "#1c1c1e"}}
                items: [{height: 60}]
            """
        let spec = try Spec.decode(text, file: "dark.yaml")
        #expect(spec.hasDarkAppearance)
        #expect(spec.inAppearance(.dark).sections[0].header?.color == Color(hex: "#1c1c1e"))
        #expect(spec.inAppearance(.light).sections[0].header?.color == Color(hex: "#ffffff"))
        let plain = try Spec.decode("width: 320\nsections:\n  - items: [{height: 60}]\n", file: "plain.yaml")
        #expect(!plain.hasDarkAppearance)
    }
}
