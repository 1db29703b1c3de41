import Foundation
import Testing
import WaterfallTestSupport

/// A branch whose specs name `/etc/shadow`, `../../secrets.csv` or a link out of the repository
/// gets one line and exit 2 from every command that reads specs, with nothing of those files
/// anywhere; `--allow-read` widens the root by name; baselines are never read through links.
// Serialized: the tests tagged `.process` run the binary several times.
@Suite(.serialized) struct ConfinementCommandTests {
    static let png = ReadConfinementFixture.png

    /// Asserts a refusal: exit 2, one line on standard error naming `needle`, the marker nowhere.
    static func expectRefused(_ result: CommandResult, naming needle: String, _ context: String) {
        #expect(result.status == 2, "\(context): \(result.output)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(context): \(result.standardError)")
        #expect(result.standardError.contains(needle), "\(context): \(result.standardError)")
        #expect(!result.output.contains(HostileBranch.marker), "\(context)")
    }

    @Test func renderRefusesEveryWayOutAndWritesNothing() throws {
        let branch = try HostileBranch(png: Self.png)
        let outputs = branch.folder.path + "/out"
        for wayOut in branch.waysOut("csv") {
            try branch.spec(
                "leak", "width: 300\nsections:\n  - itemsFrom: {file: \"\(wayOut)\", fields: {title: name}}\n")
            let result = InProcess.run(
                ["render", branch.specs + "/leak.yaml", "--format", "png,svg,html,pdf", "--output", outputs])
            Self.expectRefused(
                result, naming: "sections[0].itemsFrom.file: \(wayOut) is outside the spec's root", wayOut)
        }
        for wayOut in branch.waysOut("png") {
            try branch.spec("leak", "width: 300\nsections:\n  - items: [{image: \"\(wayOut)\"}]\n")
            let result = InProcess.run([
                "render", branch.specs + "/leak.yaml", "--format", "png,svg,html", "--output", outputs,
                "--missing-images", "placeholder",
            ])
            Self.expectRefused(result, naming: "sections[0].items[0].image: \(wayOut) is outside", wayOut)
        }
        #expect(HostileBranch.filesHoldingMarker(in: outputs).isEmpty)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: outputs)) ?? []).isEmpty)
    }

    @Test(.onWaitingThreads, .tags(.process)) func everyCommandThatReadsSpecsRefusesAndAllowReadWidensTheRoot() throws {
        let branch = try HostileBranch(png: Self.png)
        let spec = try branch.spec(
            "leak", "width: 300\nsections:\n  - itemsFrom: {file: ../../outside/secret.csv, fields: {title: name}}\n")
        let out = branch.folder.path + "/out"
        let commands: [[String]] = [
            ["layout", spec], ["render", spec, "--output", out],
            ["examples", "--examples", branch.specs, "--output", out],
            ["check", spec, "--baselines", out, "--record"], ["diff", spec, spec],
        ]
        for arguments in commands {
            let result = try CommandRunner.run(arguments, currentDirectory: branch.repo)
            #expect(result.status == 2, "\(arguments[0]): \(result.output)")
            #expect(result.standardError.contains("is outside the spec's root"), "\(arguments[0]): \(result.output)")
            #expect(!result.output.contains(HostileBranch.marker), "\(arguments[0])")
        }
        #expect(HostileBranch.filesHoldingMarker(in: out).isEmpty)
        // From standard input, the spec's folder is the current one.
        let piped = try CommandRunner.run(
            ["render", "-", "--output", out], input: .text(try String(contentsOfFile: spec, encoding: .utf8)),
            currentDirectory: branch.specs)
        Self.expectRefused(piped, naming: "is outside the spec's root", "standard input")
        // Named with --allow-read, the folder is read.
        let allowed = try CommandRunner.run(
            ["layout", spec, "--allow-read", branch.outside], currentDirectory: branch.repo)
        #expect(allowed.status == 0, "\(allowed.output)")
        let rendered = try CommandRunner.run(
            ["render", spec, "--format", "svg", "--output", out, "--allow-read", "../outside"],
            currentDirectory: branch.repo)
        #expect(rendered.status == 0, "\(rendered.output)")
        // The title is wrapped in the card, so its first part is looked for.
        let svg = try String(contentsOfFile: out + "/leak.svg", encoding: .utf8)
        #expect(svg.contains("SECRET"))
        let missing = InProcess.run(["layout", spec, "--allow-read", "/no/such/folder"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("--allow-read /no/such/folder: no such folder"), "\(missing.output)")
    }

    @Test func checkReadsBaselinesOnlyAsRegularFilesInsideTheBaselinesFolder() throws {
        let branch = try HostileBranch(png: Self.png)
        let spec = try branch.spec(
            "s", "width: 40\nscale: 1\nsections:\n  - items: [{height: 20, color: \"#336699\"}]\n")
        let baselines = branch.repo + "/bl"
        let recorded = InProcess.run(["check", spec, "--baselines", baselines, "--record"])
        #expect(recorded.status == 0, "\(recorded.output)")
        for file in ["s.png", "s.svg", "s.layout.json", "s.inputs.json", "waterfall-fingerprint.json"] {
            let path = baselines + "/" + file
            #expect(FileManager.default.fileExists(atPath: path), "\(file) was recorded")
            let saved = try Data(contentsOf: URL(fileURLWithPath: path))
            try FileManager.default.removeItem(atPath: path)
            // A link to an outside file (a PNG for the picture, so it would decode).
            let target = file.hasSuffix(".png") ? branch.outside + "/secret.png" : branch.outside + "/secret.csv"
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
            let report = branch.folder.path + "/report-\(file)"
            let result = InProcess.run(["check", spec, "--baselines", baselines, "--report", report])
            #expect(result.status == 2, "\(file): \(result.output)")
            #expect(result.standardError.contains("is a symbolic link"), "\(file): \(result.standardError)")
            #expect(!result.output.contains(HostileBranch.marker), "\(file)")
            #expect(HostileBranch.filesHoldingMarker(in: report).isEmpty, "\(file)")
            try FileManager.default.removeItem(atPath: path)
            try saved.write(to: URL(fileURLWithPath: path))
        }
        let again = InProcess.run(["check", spec, "--baselines", baselines])
        #expect(again.status == 0, "\(again.output)")
    }
}
