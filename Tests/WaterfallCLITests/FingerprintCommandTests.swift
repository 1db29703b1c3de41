import Foundation
import Testing
import WaterfallCairo
import WaterfallPipeline
import WaterfallReview
import WaterfallTestSupport

/// `waterfall check` and the renderer fingerprint beside the baselines; the pinned fonts.
@Suite(.tags(.slow)) struct FingerprintCommandTests {
    @Test func aDifferentMachineIsOneLineBeforeTheResultsAndTheCheckGoesOn() throws {
        let (folder, spec, baselines) = try baselineWorkspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let current = try RendererFingerprint.current()
        var other = current
        other.pango = "1.0.0"
        other.fonts[0].sha256 = "0123456789abcdef"
        try Data(other.json).write(to: URL(fileURLWithPath: baselines + "/" + RendererFingerprint.fileName))
        let result = InProcess.run(["check", spec, "--baselines", baselines])
        #expect(result.status == 0)
        let name = (current.fonts[0].file as NSString).lastPathComponent
        #expect(
            result.standardError
                == "check: the baselines were made with Pango 1.0.0 and \(name) 0123456789ab; this machine has "
                + "Pango \(current.pango) and \(name) \(current.fonts[0].sha256.prefix(12)); "
                + "pixel changes may come from that\n")
        #expect(
            result.standardOutput
                == "ok       \(spec)\ncheck: 1 unchanged, 0 changed, 0 without baseline, 0 recorded, 0 errors\n")
    }

    @Test func recordWritesThisMachinesFingerprintAndThenCheckIsQuiet() throws {
        let (folder, spec, baselines) = try baselineWorkspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = baselines + "/" + RendererFingerprint.fileName
        // Without a fingerprint there is nothing to compare: no warning.
        let unrecorded = InProcess.run(["check", spec, "--baselines", baselines])
        #expect(unrecorded.status == 0)
        #expect(unrecorded.standardError == "")
        #expect(!FileManager.default.fileExists(atPath: path))

        let recorded = InProcess.run(["check", spec, "--baselines", baselines, "--record"])
        #expect(recorded.status == 0)
        #expect(recorded.standardError == "")
        #expect(FileManager.default.contents(atPath: path) == Data(try RendererFingerprint.current().json))
        let again = InProcess.run(["check", spec, "--baselines", baselines])
        #expect(again.status == 0)
        #expect(again.standardError == "")

        // --record=missing keeps another machine's fingerprint: the baselines it did not
        // re-record may still be that machine's.
        var other = try RendererFingerprint.current()
        other.cairo = "1.0.0"
        try Data(other.json).write(to: URL(fileURLWithPath: path))
        let missing = InProcess.run(["check", spec, "--baselines", baselines, "--record=missing"])
        #expect(missing.standardError.hasPrefix("check: the baselines were made with Cairo 1.0.0; "))
        #expect(FileManager.default.contents(atPath: path) == Data(other.json))
        let changed = InProcess.run(["check", spec, "--baselines", baselines, "--record"])
        #expect(changed.status == 0)
        #expect(FileManager.default.contents(atPath: path) == Data(try RendererFingerprint.current().json))
    }

    /// `examples` writes what shaped its pictures beside them, so its folder works as baselines;
    /// when a spec fails, its old pictures stay, and so does an existing fingerprint.
    @Test func examplesRecordsTheFingerprintOfWhatItRendered() throws {
        let (folder, spec, _) = try baselineWorkspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let examples = folder + "/examples"
        try FileManager.default.createDirectory(atPath: examples, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: spec, toPath: examples + "/01-shop-grid.yaml")
        let output = folder + "/out"
        let path = output + "/" + RendererFingerprint.fileName
        let rendered = InProcess.run(["examples", "--examples", examples, "--output", output])
        #expect(rendered.status == 0, "\(rendered.standardError)")
        #expect(FileManager.default.contents(atPath: path) == Data(try RendererFingerprint.current().json))
        let checked = InProcess.run(["check", examples + "/01-shop-grid.yaml", "--baselines", output])
        #expect(checked.status == 0)
        #expect(checked.standardError == "")

        var other = try RendererFingerprint.current()
        other.cairo = "1.0.0"
        try Data(other.json).write(to: URL(fileURLWithPath: path))
        try "width: 60\nsections: [{items: [{hieght: 3}]}]\n".write(
            toFile: examples + "/02-broken.yaml", atomically: true, encoding: .utf8)
        let failed = InProcess.run(["examples", "--examples", examples, "--output", output])
        #expect(failed.status == 2)
        #expect(FileManager.default.contents(atPath: path) == Data(other.json))
    }

    @Test func anUnreadableFingerprintIsOneLineAndTheCheckGoesOn() throws {
        let (folder, spec, baselines) = try baselineWorkspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = baselines + "/" + RendererFingerprint.fileName
        try Data("{\"cairo\": 1}".utf8).write(to: URL(fileURLWithPath: path))
        let result = InProcess.run(["check", spec, "--baselines", baselines])
        #expect(result.status == 0)
        #expect(
            result.standardError
                == "check: \(path): cairo is not what a fingerprint holds, so pixel changes cannot be told from a "
                + "changed machine; --record writes it\n")
        #expect(result.standardOutput.hasPrefix("ok       \(spec)\n"))
    }

    @Test(.onWaitingThreads, .tags(.process)) func aMissingFontFileIsOneLineAndExitStatusTwo() throws {
        let (folder, spec, baselines) = try baselineWorkspace()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fonts = folder + "/fonts"
        let environment = [FontSet.rootVariable: fonts]
        let message =
            "error: \(fonts)/opentype/noto/NotoSansCJK-Bold.ttc: font file missing (renders use only the pinned "
            + "fonts; bash scripts/setup.sh installs fonts-noto-cjk)\n"
        let output = folder + "/out"
        let render = try CommandRunner.run(
            ["render", spec, spec, "--output", output], environment: environment)
        #expect(render.status == 2)
        #expect(render.standardError == message)
        #expect(!FileManager.default.fileExists(atPath: output))
        let check = try CommandRunner.run(
            ["check", spec, spec, "--baselines", baselines, "--record"], environment: environment)
        #expect(check.status == 2)
        #expect(check.standardError == message)
        #expect(check.standardOutput == "")
        // Commands that draw no text do not need the fonts.
        let png = baselines + "/01-shop-grid.png"
        #expect(try CommandRunner.run(["diff", png, png], environment: environment).status == 0)
    }
}
