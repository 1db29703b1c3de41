import Foundation
import Testing
import WaterfallTestSupport

/// `--content-size` on `layout` and `render`, run as a user runs them (issue 36).
@Suite struct ContentSizeCommandTests {
    /// A card sized by its one line of body-styled text, and a card of fixed height below it.
    static let spec = """
        width: 400
        scale: 1
        style:
          card: {content: below, padding: 0}
          title: {textStyle: body}
          dark: {background: "#000000"}
        defaults: {columns: 1}
        sections:
          - items: [{title: "Hi"}, {height: 30}]

        """

    func folder() throws -> String {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.spec.write(toFile: folder + "/shop.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    /// The heights of the cells `layout` prints, in order.
    func cellHeights(_ json: String) throws -> [Double] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let elements = try #require(object["elements"] as? [[String: Any]])
        return elements.filter { $0["kind"] as? String == "cell" }.compactMap {
            ($0["frame"] as? [String: Double])?["height"]
        }
    }

    @Test func layoutAtAnAccessibilitySizeMeasuresTheTextAgain() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let large = InProcess.run(["layout", folder + "/shop.yaml"])
        #expect(large.status == 0, "\(large.standardError)")
        let bigger = InProcess.run(["layout", folder + "/shop.yaml", "--content-size", "accessibility3"])
        #expect(bigger.status == 0, "\(bigger.standardError)")
        let largeHeights = try cellHeights(large.standardOutput)
        let biggerHeights = try cellHeights(bigger.standardOutput)
        #expect(largeHeights == [17 * 1.25, 30] as [Double])
        #expect(biggerHeights.count == 2)
        #expect(abs(biggerHeights[0] / largeHeights[0] - 40.0 / 17 as Double) < 1e-9, "\(biggerHeights)")
        #expect(biggerHeights[1] == 30)
        // `large` is the spec as it is, byte for byte.
        let named = InProcess.run(["layout", folder + "/shop.yaml", "--content-size", "large"])
        #expect(named.standardOutput == large.standardOutput)
    }

    @Test func renderWritesOneFileForEachContentSize() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = InProcess.run(
            [
                "render", folder + "/shop.yaml", "--output", folder + "/out", "--format", "png",
                "--content-size", "large,accessibility3", "--appearance", "both",
            ])
        #expect(result.status == 0, "\(result.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").sorted()
        #expect(files == ["shop.accessibility3.dark.png", "shop.accessibility3.png", "shop.dark.png", "shop.png"])
        let large = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/shop.png"))
        let bigger = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/shop.accessibility3.png"))
        #expect(large != bigger)
        let light = InProcess.run(
            [
                "render", folder + "/shop.yaml", "--output", folder + "/light", "--format", "png", "--content-size",
                "accessibility3",
            ])
        #expect(light.status == 0, "\(light.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/light") == ["shop.accessibility3.png"])
    }

    @Test func aMisspeltSizeIsOneLineAndStatusTwo() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let layout = InProcess.run(["layout", folder + "/shop.yaml", "--content-size", "large,xLarge"])
        #expect(layout.status == 2)
        #expect(
            layout.standardError
                == "error: --content-size: layout prints one layout, so it takes one size, not large,xLarge\n")
        #expect(layout.standardOutput.isEmpty)
    }
}
