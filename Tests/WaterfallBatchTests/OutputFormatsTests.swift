import Testing
import WaterfallBatch
import WaterfallMotion
import WaterfallRender

/// What a `--format` value names.
@Suite struct OutputFormatsTests {
    @Test func namesAreTakenOnceInTheOrderFirstGiven() {
        #expect(OutputFormats("png, svg,png,,pdf", clip: false).names == ["png", "svg", "pdf"])
        #expect(OutputFormats(nil, clip: false).names == ["svg", "html", "png", "pdf", "json"])
        #expect(OutputFormats(nil, clip: true).names == ["apng"])
        #expect(OutputFormats(" , ", clip: false).names.isEmpty)
    }

    @Test func eachNameIsARendererOrAClipFormat() throws {
        #expect(try OutputFormats("svg,json", clip: false).renderers(templates: nil).map(\.format) == [.svg, .json])
        #expect(try OutputFormats("webp,gif", clip: true).clipFormats() == [.webp, .gif])
    }

    @Test func anUnknownNameIsOneLineNamingIt() {
        #expect {
            try OutputFormats("svg,gif", clip: false).renderers(templates: nil)
        } throws: { error in
            "\(error)" == "unknown format \"gif\"; the formats are svg, html, html-grid-lanes, png, pdf, json"
        }
        #expect {
            try OutputFormats("apng,png", clip: true).clipFormats()
        } throws: { error in
            "\(error)" == "--animate writes apng, webp, gif, mp4, not png; did you mean apng?"
        }
    }

    @Test func aMisspeltNameGetsTheClosestFormat() {
        #expect {
            try OutputFormats("svg,pgn", clip: false).renderers(templates: nil)
        } throws: { error in
            "\(error)"
                == "unknown format \"pgn\"; did you mean png? the formats are svg, html, html-grid-lanes, png, pdf, json"
        }
    }
}
