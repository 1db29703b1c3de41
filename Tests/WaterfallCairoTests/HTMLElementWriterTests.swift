import Testing
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// The built-in element template written directly against the same template rendered by Mustache.
@Suite struct HTMLElementWriterTests {
    @Test func directWriterGivesMustachesBytes() throws {
        var scene = try SceneFixtures.tallScene()
        let awkward = [
            "Tom & Jerry's <b>\"quoted\"</b>", "<\u{301}combining>&\u{301}", "e\u{301}'\u{20DD}", "标题 <>", "",
            "tab\tand\nline",
        ]
        for (index, text) in awkward.enumerated() {
            scene.elements.append(
                SceneFixtures.card(
                    Rect(x: 4, y: 400 + Double(index) * 50, width: 53.3, height: 41.7), fill: SceneFixtures.green,
                    text: text, item: 100 + index))
        }
        scene.elements.append(
            SceneElement(
                kind: .footer, section: 2, item: nil, frame: Rect(x: 0, y: 800, width: 120, height: 0.5),
                fill: Color(red: 1, green: 2, blue: 3, alpha: 128), cornerRadius: 3))
        // An image over the top part of its card, and an image area with only a colour.
        let image = try SceneFixtures.pngImage([[SceneFixtures.red, SceneFixtures.green]])
        var partial = SceneFixtures.card(
            Rect(x: 60, y: 400, width: 54, height: 90.5), fill: SceneFixtures.blue, text: "photo", item: 200,
            image: image)
        partial.imageFrame = Rect(x: 60, y: 400, width: 54, height: 40.25)
        scene.elements.append(partial)
        var whole = partial
        whole.item = 201
        whole.imageFrame = whole.frame
        scene.elements.append(whole)
        var colored = partial
        colored.item = 202
        colored.image = nil
        colored.imageFill = Color(red: 9, green: 8, blue: 7, alpha: 200)
        scene.elements.append(colored)
        let copy = try TemplateSet(
            templates: Dictionary(
                uniqueKeysWithValues: TemplateSet.bundledNames.map { ($0, TemplateSet.bundledText($0)!) }),
            origin: "a copy of the built-in templates")
        let direct = try Renderer.html(templates: .bundled).render(scene).flatMap(\.bytes)
        let mustache = try Renderer.html(templates: copy).render(scene).flatMap(\.bytes)
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: mustache, as: UTF8.self))
        #expect(direct == mustache)
    }
}
