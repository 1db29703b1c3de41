import Testing
import WaterfallCore
import WaterfallLayout
import WaterfallSpec

@Suite struct SpecDecodingTests {
    @Test func yamlAndJSONDecodeToTheSameSpec() throws {
        let yaml = """
            width: 375
            minimumContentHeight: 800
            scale: 3
            defaults:
              columns: 3
              sectionInset: {top: 1, left: 2, bottom: 3, right: 4}
              lineSpacing: 6
              interitemSpacing: 7
              renderDirection: rightToLeft
            sections:
              - header: {height: 44, title: Today, color: "#abc"}
                spacingWithLastSection: 12
                headerInset: 5
                footerInset: {left: 3}
                items:
                  - {height: 100, title: A, subtitle: "¥ 12", color: "#112233"}
                  - {size: {width: 4, height: 3}, span: full, image: photos/a.png}
                  - {height: 0.5, span: 2}
                footer: {height: 50, title: Load more}
              - columns: 1
                generate: {count: 5, minHeight: 10, maxHeight: 20, seed: 7}
            """
        let json = """
            {"width": 375, "minimumContentHeight": 800, "scale": 3,
             "defaults": {"columns": 3, "sectionInset": {"top": 1, "left": 2, "bottom": 3, "right": 4},
                          "lineSpacing": 6, "interitemSpacing": 7, "renderDirection": "rightToLeft"},
             "sections": [
               {"header": {"height": 44, "title": "Today", "color": "#abc"}, "spacingWithLastSection": 12,
                "headerInset": 5, "footerInset": {"left": 3},
                "items": [{"height": 100, "title": "A", "subtitle": "¥ 12", "color": "#112233"},
                          {"size": {"width": 4, "height": 3}, "span": "full", "image": "photos/a.png"},
                          {"height": 0.5, "span": 2}],
                "footer": {"height": 50, "title": "Load more"}},
               {"columns": 1, "generate": {"count": 5, "minHeight": 10, "maxHeight": 20, "seed": 7}}]}
            """
        let fromYAML = try Spec.decode(yaml)
        let fromJSON = try Spec.decode(json)
        #expect(fromYAML.configuration == fromJSON.configuration)
        #expect(fromYAML.sections.map(\.items) == fromJSON.sections.map(\.items))
        let spec = fromYAML
        #expect(spec.width == 375)
        #expect(spec.minimumContentHeight == 800)
        #expect(spec.scale == 3)
        let first = spec.sections[0]
        #expect(first.settings.columns == 3)
        #expect(first.settings.sectionInset == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(first.settings.lineSpacing == 6)
        #expect(first.settings.interitemSpacing == 7)
        #expect(first.settings.spacingWithLastSection == 12)
        #expect(first.settings.headerInset == EdgeInsets(all: 5))
        #expect(first.settings.footerInset == EdgeInsets(left: 3))
        #expect(first.settings.renderDirection == .rightToLeft)
        #expect(first.header == SpecSupplementary(height: 44, title: "Today", color: Color(hex: "#aabbcc")))
        #expect(first.footer?.title == "Load more")
        #expect(first.items[0].layout == .height(100))
        #expect(first.items[0].subtitle == "¥ 12")
        #expect(first.items[0].color == Color(red: 0x11, green: 0x22, blue: 0x33))
        #expect(first.items[1].layout == .size(width: 4, height: 3, span: .full))
        #expect(first.items[1].image == "photos/a.png")
        #expect(first.items[2].layout == .height(0.5, span: .columns(2)))
        // Defaults apply to sections that do not override them.
        #expect(spec.sections[1].settings.columns == 1)
        #expect(spec.sections[1].settings.lineSpacing == 6)
        #expect(spec.sections[1].items.count == 5)
    }

    @Test func omittedKeysTakeTheDocumentedDefaults() throws {
        let spec = try Spec.decode("width: 320\nsections: [{items: [{height: 1}]}]")
        #expect(spec.minimumContentHeight == 0)
        #expect(spec.scale == 2)
        #expect(
            spec.sections[0].settings
                == SectionSettings(
                    columns: 2, sectionInset: .zero, lineSpacing: 10, interitemSpacing: 10, spacingWithLastSection: 0,
                    headerInset: .zero, footerInset: .zero, renderDirection: .shortestFirst))
        #expect(spec.sections[0].items[0].layout.span == .single)
    }

    @Test func generatedItemsAreDeterministicAndInRange() throws {
        let text = "width: 320\nsections: [{generate: {count: 500, minHeight: 80, maxHeight: 240, seed: 42}}]"
        let a = try Spec.decode(text).sections[0].items
        let b = try Spec.decode(text).sections[0].items
        #expect(a == b)
        let heights = a.map { item -> Double in
            if case .height(let height) = item.layout.sizing { return height }
            return -1
        }
        #expect(heights.allSatisfy { $0 >= 80 && $0 <= 240 && $0 == $0.rounded() })
        #expect(Set(heights).count > 50)
        let other = try Spec.decode(text.replacingOccurrences(of: "seed: 42", with: "seed: 43")).sections[0].items
        #expect(other != a)
        // Generated items come after the given ones.
        let mixed = try Spec.decode("width: 320\nsections: [{items: [{height: 7}], generate: {count: 2}}]")
        #expect(mixed.sections[0].items.count == 3)
        #expect(mixed.sections[0].items[0].layout == .height(7))
    }

    @Test func layoutErrorsAreReportedAtTheirSpecPath() throws {
        let spec = try Spec.decode(
            "width: 100\nsections: [{}, {columns: 20, interitemSpacing: 10}]", file: "narrow.yaml")
        var spec2 = spec
        spec2.source = "narrow.yaml"
        #expect(throws: SpecError.self) { try spec2.layout() }
        do {
            _ = try spec2.layout()
        } catch {
            #expect(
                error.description
                    == "narrow.yaml: sections[1].columns: item width is -4.5 after insets and spacing; it must be greater than 0"
            )
        }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
