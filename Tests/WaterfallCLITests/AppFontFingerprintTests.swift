import Foundation
import Testing
import WaterfallReview
import WaterfallTestSupport

/// A spec's own font files in what `check` records: their digests in the renderer fingerprint
/// and in the spec's record of inputs, so a changed font file is named as the cause.
@Suite(.tags(.slow)) struct AppFontFingerprintTests {
    /// A folder holding a copy of example 17 with its fonts and images, and a baselines folder.
    static func workspace() throws -> (folder: String, spec: String, baselines: String) {
        let folder = ExternalRenderers.temporaryPath("dir")
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in ["17-brand-font.yaml", "fonts", "images"] {
            try manager.copyItem(atPath: Repository.path("Examples/\(name)"), toPath: "\(folder)/\(name)")
        }
        try manager.createDirectory(atPath: folder + "/baselines", withIntermediateDirectories: true)
        return (folder, folder + "/17-brand-font.yaml", folder + "/baselines")
    }

    /// The fonts are the spec's, whatever variant is drawn: a variant not recorded yet
    /// (`--content-size accessibility3`) does not call them new.
    @Test func aNewVariantDoesNotCallTheSpecsFontsNew() throws {
        let (folder, spec, baselines) = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorded = InProcess.run(["check", spec, "--baselines", baselines, "--record"])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let larger = InProcess.run([
            "check", spec, "--baselines", baselines, "--content-size", "accessibility3",
        ])
        #expect(larger.status == 1)
        #expect(larger.standardOutput.contains("NEW      \(spec) .accessibility3: no baseline PNG, SVG and layout"))
        #expect(larger.standardError == "", "\(larger.standardError)")
    }

    @Test func aChangedFontFileIsNamedByTheFingerprintAndAsTheCause() throws {
        let (folder, spec, baselines) = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorded = InProcess.run(["check", spec, "--baselines", baselines, "--record"])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        let fingerprint = try #require(try RendererFingerprint.recorded(inBaselines: baselines))
        #expect(fingerprint.appFonts.map(\.path) == ["fonts/Inter-Bold.otf", "fonts/Inter-Regular.otf"])
        #expect(fingerprint.appFonts.allSatisfy { $0.spec == "17-brand-font" && $0.sha256.count == 64 })
        let inputs = try String(contentsOfFile: baselines + "/17-brand-font.inputs.json", encoding: .utf8)
        #expect(inputs.contains("\"fonts\":[{\"path\":\"fonts/Inter-Regular.otf\",\"sha256\":"))
        #expect(InProcess.run(["check", spec, "--baselines", baselines]).standardError == "")

        // The regular face replaced by the bold one: another font file under the same name.
        try FileManager.default.removeItem(atPath: folder + "/fonts/Inter-Regular.otf")
        try FileManager.default.copyItem(
            atPath: folder + "/fonts/Inter-Bold.otf", toPath: folder + "/fonts/Inter-Regular.otf")
        let changed = InProcess.run(["check", spec, "--baselines", baselines])
        #expect(changed.status == 1)
        let old = fingerprint.appFonts[1].sha256.prefix(12)
        let new = fingerprint.appFonts[0].sha256.prefix(12)
        // The spec's own font, said as the spec's and once, not as this machine's.
        #expect(
            changed.standardError.contains(
                "check: \(spec)'s font fonts/Inter-Regular.otf changed since the baselines were recorded "
                    + "(sha256 \(old)… → \(new)…); pixel changes may come from that\n"),
            "\(changed.standardError)")
        #expect(!changed.standardError.contains("this machine"))
        #expect(
            changed.standardOutput.contains("fonts/Inter-Regular.otf: the font file changed"),
            "\(changed.standardOutput)")
    }

    @Test func aBadFontFileFailsTheRenderInOneLine() throws {
        let (folder, spec, _) = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data().write(to: URL(fileURLWithPath: folder + "/fonts/Inter-Bold.otf"))
        let result = InProcess.run(["render", spec, "--output", folder + "/out"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "error: \(spec):4:34: fonts[1]: \(folder)/fonts/Inter-Bold.otf: is empty (0 bytes), not a font file\n"
        )
    }
}
