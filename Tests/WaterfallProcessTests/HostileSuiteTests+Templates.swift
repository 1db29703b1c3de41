import Foundation
import Testing
import WaterfallTestSupport

extension HostileSuiteTests {
    /// `--templates` from a branch: a template that is a link out, a templates folder that is a
    /// link out, and template bombs (sections nested thousands deep, lists repeated inside each
    /// other), each one line and exit 2, nothing written, the outside template's marker nowhere.
    @Suite(.serialized) struct Templates {
        static let twoCards = """
            width: 300
            scale: 1
            sections:
              - items:
                  - {height: 150, title: Linen shirt, subtitle: "$39"}
                  - {height: 190, title: Canvas tote, subtitle: "$18"}

            """

        /// A branch with the repository's templates in `repo/tpl`, a copy of each holding the
        /// marker in `outside/tpl`, `specs/two.yaml` and its baselines recorded in `repo/bl`.
        static func branch() throws -> HostileBranch {
            let branch = try HostileSuiteTests.branch()
            let manager = FileManager.default
            try manager.createDirectory(atPath: branch.repo + "/tpl", withIntermediateDirectories: true)
            try manager.createDirectory(atPath: branch.outside + "/tpl", withIntermediateDirectories: true)
            for name in ["page", "element", "gallery", "report"] {
                let text = try String(
                    contentsOfFile: Repository.path("Templates/\(name).mustache"), encoding: .utf8)
                try text.write(toFile: branch.repo + "/tpl/\(name).mustache", atomically: true, encoding: .utf8)
                try (HostileBranch.marker + "\n" + text).write(
                    toFile: branch.outside + "/tpl/\(name).mustache", atomically: true, encoding: .utf8)
            }
            try branch.spec("two", twoCards)
            let recorded = try CommandRunner.run(
                ["check", "specs/two.yaml", "--baselines", "bl", "--record"], currentDirectory: branch.repo)
            #expect(recorded.status == 0, "\(recorded.output)")
            return branch
        }

        /// The commands that read templates, each writing only into `out` (relative to the folder
        /// above the repository): what each reads, given the templates folder.
        static func commands(templates: String) -> [(reads: String, arguments: [String])] {
            [
                (
                    "page",
                    ["render", "specs/two.yaml", "--templates", templates, "--format", "html", "--output", "../out"]
                ),
                (
                    "element",
                    ["render", "specs/two.yaml", "--templates", templates, "--format", "html", "--output", "../out"]
                ),
                ("gallery", ["examples", "--examples", "specs", "--templates", templates, "--output", "../out"]),
                (
                    "gallery, svg only",
                    [
                        "examples", "--examples", "specs", "--templates", templates, "--format", "svg", "--output",
                        "../out",
                    ]
                ),
                (
                    "report",
                    ["check", "specs/two.yaml", "--baselines", "bl", "--templates", templates, "--report", "../out"]
                ),
            ]
        }

        /// `tpl/NAME.mustache` a link to its outside copy: the command reading it refuses.
        @Test(arguments: ["page", "element", "gallery", "gallery, svg only", "report"])
        func aTemplateThatIsALinkOutIsRefused(_ reads: String) throws {
            try Self.expectLinkRefused(reads: reads)
        }

        /// The command of `reads`, its template a link to its outside copy: refused, nothing written.
        static func expectLinkRefused(reads: String) throws {
            let branch = try Self.branch()
            let name = String(reads.prefix { $0 != "," })
            let template = branch.repo + "/tpl/\(name).mustache"
            try FileManager.default.removeItem(atPath: template)
            try branch.link("tpl/\(name).mustache", to: "../../outside/tpl/\(name).mustache")
            let before = branch.outsideState
            let command = try #require(Self.commands(templates: "tpl").first { $0.reads == reads })
            let result = try CommandRunner.run(command.arguments, currentDirectory: branch.repo)
            let out = branch.folder.path + "/out"
            HostileSuiteTests.expectRefused(
                result, naming: "\(name).mustache", writingNothingIn: [out], "\(reads): tpl/\(name).mustache -> outside"
            )
            HostileSuiteTests.expectNoLeak(in: out, name)
            #expect(branch.outsideState == before)
        }

        /// The templates folder itself a link out (or reached through one): every command
        /// reading templates refuses, naming it.
        @Test(arguments: ["tpl-out", "links/outdir/tpl"])
        func aTemplatesFolderReachedThroughALinkIsRefused(_ folder: String) throws {
            try Self.expectFolderRefused(folder, for: ["page", "gallery", "gallery, svg only", "report"])
        }

        /// The commands of `reads` given `folder` as their templates: each refuses, naming it.
        static func expectFolderRefused(_ folder: String, for reads: [String]) throws {
            let branch = try Self.branch()
            if folder == "tpl-out" { try branch.link("tpl-out", to: "../outside/tpl") }
            for command in Self.commands(templates: folder) where reads.contains(command.reads) {
                let out = branch.folder.path + "/out"
                // What an earlier command left is its own failure, not this one's.
                try? FileManager.default.removeItem(atPath: out)
                let result = try CommandRunner.run(command.arguments, currentDirectory: branch.repo)
                HostileSuiteTests.expectRefused(
                    result, naming: folder, writingNothingIn: [out], "\(folder) for \(command.reads)")
                HostileSuiteTests.expectNoLeak(in: out, folder)
            }
        }

        /// A template bomb: which template, its text, the command that reads it.
        struct Bomb: Sendable, CustomTestStringConvertible {
            let name: String
            let template: String
            let text: String
            /// The command, when not the first that reads `template`.
            var reads: String? = nil
            var testDescription: String { name }

            /// `depth` sections over `key` around `inner`, after a first line.
            static func nested(_ key: String, depth: Int, inner: String) -> String {
                "<html>\n" + String(repeating: "{{#\(key)}}", count: depth) + inner
                    + String(repeating: "{{/\(key)}}", count: depth) + "\n</html>\n"
            }

            static let all: [Bomb] = [
                Bomb(
                    name: "page: 5,000 nested elements", template: "page",
                    text: nested("elements", depth: 5_000, inner: "{{> element}}")),
                Bomb(
                    name: "page: 40 nested elements on 2 cards", template: "page",
                    text: nested("elements", depth: 40, inner: "{{kind}}")),
                Bomb(
                    name: "page: 30 nested elements, each level doubling", template: "page",
                    text: nested("elements", depth: 30, inner: "{{kind}}")),
                Bomb(
                    name: "page: 5,000 nested inverted sections", template: "page",
                    text: "<html>\n" + String(repeating: "{{^nothing}}", count: 5_000)
                        + String(repeating: "{{/nothing}}", count: 5_000) + "\n</html>\n"),
                Bomb(
                    name: "element: 5,000 nested texts", template: "element",
                    text: nested("texts", depth: 5_000, inner: "{{{html}}}")),
                Bomb(
                    name: "element: 30 nested texts, each level doubling", template: "element",
                    text: nested("texts", depth: 30, inner: "{{{html}}}")),
                Bomb(
                    name: "gallery: 5,000 nested specs", template: "gallery",
                    text: nested("specs", depth: 5_000, inner: "x")),
                Bomb(
                    name: "report: 5,000 nested sections", template: "report",
                    text: nested("specs", depth: 5_000, inner: "x")),
                Bomb(
                    name: "report: 40 nested sections", template: "report",
                    text: nested("specs", depth: 40, inner: "x")),
                // `examples --format svg` draws no page, and wrote the spec's SVG before it read
                // the gallery template.
                Bomb(
                    name: "gallery, svg only: 5,000 nested examples", template: "gallery",
                    text: nested("examples", depth: 5_000, inner: "x"), reads: "gallery, svg only"),
            ]
        }

        @Test(.onWaitingThreads, .timeLimit(.minutes(1)), arguments: Bomb.all)
        func aTemplateBombIsOneLine(_ bomb: Bomb) throws {
            try Self.expectBombRefused(bomb)
        }

        /// `bomb` in the templates of its command: one line naming the template, nothing written.
        static func expectBombRefused(_ bomb: Bomb) throws {
            let branch = try Self.branch()
            try branch.write(bomb.text, at: "tpl/\(bomb.template).mustache")
            let command = try #require(
                Self.commands(templates: "tpl").first { $0.reads == (bomb.reads ?? bomb.template) })
            let result = try CommandRunner.run(command.arguments, currentDirectory: branch.repo, timeout: 120)
            HostileSuiteTests.expectRefused(
                result, naming: "tpl/\(bomb.template).mustache:", writingNothingIn: [branch.folder.path + "/out"],
                bomb.name)
        }
    }
}
