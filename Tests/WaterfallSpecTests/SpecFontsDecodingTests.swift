import Testing
import WaterfallCore
import WaterfallSpec

/// `fonts:`: the app's font files, named relative to the spec as `itemsFrom` files are.
@Suite struct SpecFontsDecodingTests {
    @Test func fontFilesAreRelativeToTheSpecsFolder() throws {
        // Read anywhere: this is about where the paths lead, not whether they may be read.
        let spec = try Spec.decode(
            "width: 300\nfonts: [fonts/Brand-Regular.otf, /abs/Brand-Bold.otf]\nsections: []\n", file: "a/spec.yaml",
            baseDirectory: "a", readRule: ReadRule(folders: ["/"]))
        #expect(spec.fonts.map(\.path) == ["fonts/Brand-Regular.otf", "/abs/Brand-Bold.otf"])
        #expect(spec.fonts.map(\.file) == ["a/fonts/Brand-Regular.otf", "/abs/Brand-Bold.otf"])
        #expect(spec.fonts.map(\.location) == ["fonts[0]", "fonts[1]"])
        #expect(spec.fonts[0].line == 2)
    }

    @Test func aSpecWithoutFontsHasNone() throws {
        #expect(try Spec.decode("width: 300\nsections: []\n").fonts.isEmpty)
    }

    @Test(arguments: [
        ("fonts: fonts/a.otf", "fonts: expected a list"),
        ("fonts: [\"\"]", "fonts[0]: must not be empty"),
        ("fonts: [\"https://example.com/a.otf\"]", "fonts[0]: must be a local file path, not a URL"),
        ("fonts: [a.otf, a.otf]", "fonts[1]: a.otf is listed twice"),
    ])
    func aBadListIsOneLineAtItsPlace(_ line: String, _ message: String) throws {
        #expect(throws: SpecError.self) { try Spec.decode("width: 300\n\(line)\nsections: []\n") }
        do {
            _ = try Spec.decode("width: 300\n\(line)\nsections: []\n")
        } catch {
            #expect(error.description.contains(message), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func tenThousandFontFilesAreOneLine() throws {
        let list = (0..<10_000).map { "f\($0).otf" }.joined(separator: ", ")
        do {
            _ = try Spec.decode("width: 300\nfonts: [\(list)]\nsections: []\n", file: "many.yaml")
            Issue.record("decoded")
        } catch {
            #expect(error.description == "many.yaml:2:8: fonts: lists 10000 font files; at most 64 are allowed")
        }
    }
}
