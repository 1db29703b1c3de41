import Foundation
import Testing
import WaterfallTestSupport

extension HostileSuiteTests {
    /// What the tool writes, through folder links a branch commits: baselines, reports, JUnit,
    /// JSON, blobs, renders and diffs go nowhere outside, each refused with one line naming the
    /// link; an `--allow-read` folder that is a link to `/` grants nothing; `serve` of a folder
    /// link serves nothing.
    @Suite struct Writes {
        /// A branch with `specs/two.yaml` and its baselines recorded in `repo/bl`, and a copy of
        /// them in `outside/bl` whose picture ends with the marker.
        static func branch() throws -> HostileBranch {
            let branch = try HostileSuiteTests.branch()
            try branch.spec("two", Templates.twoCards)
            let recorded = try CommandRunner.run(
                ["check", "specs/two.yaml", "--baselines", "bl", "--record"], currentDirectory: branch.repo)
            #expect(recorded.status == 0, "\(recorded.output)")
            for file in HostileBranch.regularFiles(in: branch.repo + "/bl") {
                try FileManager.default.copyItem(
                    atPath: branch.repo + "/bl/" + file, toPath: branch.outside + "/bl/" + file)
            }
            let picture = try #require(FileHandle(forWritingAtPath: branch.outside + "/bl/two.png"))
            picture.seekToEndOfFile()
            picture.write(Data(HostileBranch.marker.utf8))
            try picture.close()
            return branch
        }

        /// A command writing through a committed folder link, and the link its line names.
        struct Case: Sendable, CustomTestStringConvertible {
            let name: String
            let arguments: [String]
            let link: String
            var testDescription: String { name }

            static let all: [Case] = [
                Case(
                    name: "check --record into a baselines link out",
                    arguments: ["check", "specs/two.yaml", "--baselines", "bl-out", "--record"], link: "bl-out"),
                Case(
                    name: "check --record into baselines under a folder link",
                    arguments: ["check", "specs/two.yaml", "--baselines", "links/outdir/bl", "--record"],
                    link: "links/outdir"),
                Case(
                    name: "check --report of a baselines link out",
                    arguments: ["check", "specs/two.yaml", "--baselines", "bl-out", "--report", "report"],
                    link: "bl-out"),
                Case(
                    name: "check of a baselines link out",
                    arguments: ["check", "specs/two.yaml", "--baselines", "bl-out"], link: "bl-out"),
                Case(
                    name: "check --junit through a folder link",
                    arguments: ["check", "specs/two.yaml", "--baselines", "bl", "--junit", "links/outdir/j.xml"],
                    link: "links/outdir"),
                Case(
                    name: "check --json through a folder link",
                    arguments: ["check", "specs/two.yaml", "--baselines", "bl", "--json", "links/outdir/f.json"],
                    link: "links/outdir"),
                Case(
                    name: "check --report through a folder link",
                    arguments: ["check", "specs/two.yaml", "--baselines", "bl", "--report", "links/outdir/report"],
                    link: "links/outdir"),
                Case(
                    name: "check --blob through a folder link",
                    arguments: ["check", "specs/two.yaml", "--baselines", "bl", "--blob", "links/outdir/blob"],
                    link: "links/outdir"),
                Case(
                    name: "render --output through a folder link",
                    arguments: ["render", "specs/two.yaml", "--format", "svg,png", "--output", "links/outdir/r"],
                    link: "links/outdir"),
                Case(
                    name: "render --output a folder link out",
                    arguments: ["render", "specs/two.yaml", "--format", "svg,png", "--output", "links/outdir"],
                    link: "links/outdir"),
                Case(
                    name: "diff --output through a folder link",
                    arguments: ["diff", "specs/two.yaml", "specs/two.yaml", "--output", "links/outdir/d.png"],
                    link: "links/outdir"),
                Case(
                    name: "examples --output through a folder link",
                    arguments: ["examples", "--examples", "specs", "--output", "links/outdir/gallery"],
                    link: "links/outdir"),
            ]
        }

        @Test(arguments: Case.all) func aWriteThroughALinkIsRefused(_ hostile: Case) throws {
            let branch = try Self.branch()
            try branch.link("bl-out", to: "../outside/bl")
            let before = branch.outsideState
            let result = try CommandRunner.run(hostile.arguments, currentDirectory: branch.repo)
            HostileSuiteTests.expectRefused(
                result, naming: hostile.link, writingNothingIn: [branch.repo + "/report"], hostile.name)
            #expect(branch.outsideState == before, "\(hostile.name): the outside folder changed")
            HostileSuiteTests.expectNoLeak(in: branch.repo, hostile.name)
        }

        /// `--allow-read vendor` with `vendor -> /` committed: the machine is not granted.
        @Test(arguments: ["ABSOLUTE/secret.csv", "../vendorPATH/secret.csv", "vendor-from-specsPATH/secret.csv"])
        func anAllowReadFolderThatIsALinkGrantsNothing(_ pattern: String) throws {
            let branch = try HostileSuiteTests.branch()
            try branch.link("vendor", to: "/")
            try branch.link("specs/vendor-from-specs", to: "/")
            let file = pattern.replacingOccurrences(of: "ABSOLUTE", with: branch.outside)
                .replacingOccurrences(of: "PATH", with: branch.outside)
            try branch.spec(
                "leak", "width: 300\nsections:\n  - itemsFrom: {file: \"\(file)\", fields: {title: name}}\n")
            let out = branch.folder.path + "/out"
            for grant in ["vendor", branch.repo + "/vendor", "specs/vendor-from-specs"] {
                for arguments in [
                    ["render", "specs/leak.yaml", "--format", "svg,html", "--output", out, "--allow-read", grant],
                    ["layout", "specs/leak.yaml", "--allow-read", grant],
                ] {
                    let result = try CommandRunner.run(arguments, currentDirectory: branch.repo)
                    HostileSuiteTests.expectRefused(
                        result, naming: "sections[0].itemsFrom.file", writingNothingIn: [out],
                        "\(arguments[0]) \(file) with --allow-read \(grant)")
                }
            }
        }

        /// `serve` of a folder that is a committed link (to the parent, or out) refuses to start.
        @Test(arguments: ["sub/specs", "links/outdir", "up"])
        func serveOfAFolderLinkServesNothing(_ folder: String) throws {
            let branch = try HostileSuiteTests.branch()
            try branch.link("sub/specs", to: "..")
            try branch.link("up", to: "..")
            let served = folder == "sub/specs" ? "specs" : folder
            let directory = folder == "sub/specs" ? branch.repo + "/sub" : branch.repo
            let result = try CommandRunner.run(
                ["serve", served, "--port", "0"], currentDirectory: directory, timeout: 30)
            HostileSuiteTests.expectRefused(result, naming: served, writingNothingIn: [], "serve \(folder)")
            #expect(!result.standardOutput.contains("serving"), "\(result.output)")
        }

        /// `serve` with a baselines folder that is a link out: refused before anything is served,
        /// so Approve can write nothing there.
        @Test func serveWithABaselinesLinkOutRefusesToStart() throws {
            let branch = try Self.branch()
            try branch.link("bl-out", to: "../outside/bl")
            let before = branch.outsideState
            let result = try CommandRunner.run(
                ["serve", "specs", "--baselines", "bl-out", "--port", "0"], currentDirectory: branch.repo, timeout: 30)
            HostileSuiteTests.expectRefused(result, naming: "bl-out", writingNothingIn: [], "serve --baselines bl-out")
            #expect(branch.outsideState == before)
        }
    }
}
