import Foundation
import Testing
import WaterfallTestSupport

/// A spec's `variants:`: `render` and `check` draw the same set with the same names, `check`
/// guards every variant and screen, options override, and pruning knows variant names.
@Suite struct SpecVariantsTests {
    static let spec = """
        width: 120
        scale: 1
        style: {dark: {background: "#101010"}}
        defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
        sections:
          - items: [{height: 60}, {height: 80}, {height: 50}, {height: 70}, {height: 40}, {height: 90}]
        variants: {appearance: both, widths: [120, 100], viewport: {height: 100, screens: 2}}
        """

    func folder() throws -> String {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder + "/baselines", withIntermediateDirectories: true)
        try Self.spec.write(toFile: folder + "/feed.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    func names(_ folder: String, _ ending: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(ending) }.sorted()
    }

    @Test func checkRecordsAndGuardsEveryVariantRenderDraws() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = InProcess.run(["render", folder + "/feed.yaml", "--format", "png", "-o", folder + "/out"])
        #expect(render.status == 0, "\(render.standardError)")
        let drawn = names(folder + "/out", ".png")
        #expect(
            drawn == [
                "feed@100.dark.screen-1.png", "feed@100.dark.screen-2.png", "feed@100.screen-1.png",
                "feed@100.screen-2.png",
                "feed@120.dark.screen-1.png", "feed@120.dark.screen-2.png", "feed@120.screen-1.png",
                "feed@120.screen-2.png",
            ])
        let record = InProcess.run([
            "check", folder + "/feed.yaml", "--baselines", folder + "/baselines", "--record",
        ])
        #expect(record.status == 0, "\(record.standardError)")
        #expect(names(folder + "/baselines", ".png") == drawn)
        #expect(names(folder + "/baselines", ".layout.json").count == 8)
        for file in drawn {
            #expect(
                FileManager.default.contents(atPath: folder + "/baselines/" + file)
                    == FileManager.default.contents(atPath: folder + "/out/" + file), "\(file)")
        }
        let again = InProcess.run(["check", folder + "/feed.yaml", "--baselines", folder + "/baselines"])
        #expect(again.status == 0, "\(again.standardOutput)\(again.standardError)")
        #expect(again.standardOutput.contains("ok       \(folder)/feed.yaml @100.dark.screen-2\n"))
        // The dark colors change: only the dark variants fail.
        try Self.spec.replacingOccurrences(of: "#101010", with: "#202020")
            .write(toFile: folder + "/feed.yaml", atomically: true, encoding: .utf8)
        let changed = InProcess.run(["check", folder + "/feed.yaml", "--baselines", folder + "/baselines"])
        #expect(changed.status == 1)
        let lines = changed.standardOutput.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("CHANGED") }.count == 4, "\(changed.standardOutput)")
        #expect(lines.filter { $0.hasPrefix("CHANGED") }.allSatisfy { $0.contains(".dark") })
        #expect(
            changed.standardOutput.hasSuffix(
                "check: 4 unchanged, 4 changed, 0 without baseline, 0 recorded, 0 errors\n"))
        // A dark baseline removed is missing for its variant only.
        try FileManager.default.removeItem(atPath: folder + "/baselines/feed@120.dark.screen-1.svg")
    }

    @Test func optionsOverrideTheSpecsVariants() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = InProcess.run(
            [
                "check", folder + "/feed.yaml", "--baselines", folder + "/baselines", "--record", "--appearance",
                "light",
                "--widths", "110",
            ])
        #expect(record.status == 0, "\(record.standardError)")
        #expect(names(folder + "/baselines", ".png") == ["feed@110.screen-1.png", "feed@110.screen-2.png"])
        let whole = InProcess.run(
            [
                "check", folder + "/feed.yaml", "--baselines", folder + "/baselines", "--record", "--appearance",
                "light",
                "--widths", "110", "--viewport", "1000",
            ])
        #expect(whole.status == 0, "\(whole.standardError)")
        #expect(names(folder + "/baselines", ".png").contains("feed@110.screen-1.png"))
    }

    /// `shop@375` may be a spec of its own: only the variants the given specs produce count.
    @Test func pruneKnowsVariantNames() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shop = folder + "/shop.yaml"
        let other = folder + "/shop@100.yaml"
        try "width: 50\nscale: 1\nsections: [{items: [{height: 20}]}]\nvariants: {widths: [60]}\n"
            .write(toFile: shop, atomically: true, encoding: .utf8)
        try "width: 50\nscale: 1\nsections: [{items: [{height: 30}]}]\n".write(
            toFile: other, atomically: true, encoding: .utf8)
        let baselines = folder + "/baselines"
        let record = InProcess.run(["check", shop, other, "--baselines", baselines, "--record"])
        #expect(record.status == 0, "\(record.standardError)")
        #expect(names(baselines, ".png") == ["shop@100.png", "shop@60.png"])
        let prune = InProcess.run(["check", shop, other, "--baselines", baselines, "--prune"])
        #expect(prune.status == 0, "\(prune.standardOutput)")
        try "width: 50\nscale: 1\nsections: [{items: [{height: 20}]}]\n".write(
            toFile: shop, atomically: true, encoding: .utf8)
        let stale = InProcess.run(["check", shop, other, "--baselines", baselines, "--prune", "--record"])
        #expect(stale.status == 0, "\(stale.standardOutput)\(stale.standardError)")
        #expect(names(baselines, ".png") == ["shop.png", "shop@100.png"])
    }
}
