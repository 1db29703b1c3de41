import Foundation
import Testing
import WaterfallTestSupport

extension HostileSuiteTests {
    /// Bounds before work: a spec with one variant over the pixel limit writes nothing of the
    /// others; a feed of a million cards over it is refused from its layout; cards nobody could
    /// see (0 pt, under a device pixel) are refused at their key path.
    @Suite(.serialized) struct Bounds {
        /// 170 cards of 100 lines each in a 40-point column at scale 16: 640 × 2,280,560 device
        /// pixels at `large`, 640 × 6,960,560 (over 2^32) at `accessibility5`.
        static func tallText(variants: Bool) -> String {
            let title = Array(repeating: "il", count: 100).joined(separator: " ")
            return "width: 40\nscale: 16\nstyle: {card: {titleLines: 100}}\n"
                + (variants ? "variants: {contentSize: [large, accessibility5]}\n" : "")
                + "sections:\n  - columns: 1\n    items:\n"
                + String(repeating: "      - {height: auto, title: \"\(title)\"}\n", count: 170)
        }

        /// A command on `specs/tall.yaml` (or the `specs` folder), and the folder it writes in.
        struct Case: Sendable, CustomTestStringConvertible {
            let name: String
            let variants: Bool
            let arguments: [String]
            let writes: String
            var testDescription: String { name }

            static let all: [Case] = [
                Case(
                    name: "render svg,png", variants: true,
                    arguments: ["render", "specs/tall.yaml", "--format", "svg,png", "--output", "out"], writes: "out"),
                Case(
                    name: "render svg,png,html,pdf --content-size large,accessibility5", variants: false,
                    arguments: [
                        "render", "specs/tall.yaml", "--format", "svg,png,html,pdf", "--content-size",
                        "large,accessibility5", "--output", "out",
                    ], writes: "out"),
                Case(
                    name: "examples", variants: true,
                    arguments: ["examples", "--examples", "specs", "--format", "svg,png", "--output", "out"],
                    writes: "out"),
                // `check --record` drew and audited the `large` variant for 3 minutes first.
                Case(
                    name: "check --record", variants: true,
                    arguments: ["check", "specs/tall.yaml", "--baselines", "bl", "--record"], writes: "bl"),
            ]
        }

        @Test(.onWaitingThreads, .timeLimit(.minutes(2)), arguments: Case.all)
        func aVariantOverThePixelLimitLeavesNoFileOfAnother(_ hostile: Case) throws {
            try Self.expectNoFileOfAnother(hostile)
        }

        /// Runs `hostile` on the spec of an `accessibility5` variant over the limit: refused, and
        /// no file of the `large` variant written.
        static func expectNoFileOfAnother(_ hostile: Case) throws {
            let branch = try HostileSuiteTests.branch()
            try branch.spec("tall", tallText(variants: hostile.variants))
            let result = try CommandRunner.run(hostile.arguments, currentDirectory: branch.repo, timeout: 100)
            let written = branch.repo + "/" + hostile.writes
            if hostile.arguments[0] == "examples" {
                // `examples` goes on to the next spec, writes its gallery and says how many it
                // rendered: one error line, and no file of this spec.
                #expect(result.status == 2, "\(result.output)")
                let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("error:") }
                #expect(errors.count == 1, "\(result.standardError)")
                #expect(result.standardError.contains("accessibility5"), "\(result.standardError)")
                let files = HostileBranch.regularFiles(in: written).filter { $0.hasPrefix("tall") }
                #expect(files.isEmpty, "\(files)")
            } else {
                HostileSuiteTests.expectRefused(
                    result, naming: "accessibility5, the picture is 640×6960560", writingNothingIn: [written],
                    hostile.name)
            }
        }

        /// A million generated cards, over the limit from their layout, to every command that draws.
        @Test(.onWaitingThreads, .timeLimit(.minutes(1)), arguments: ["render", "check", "audit"])
        func aMillionCardsOverTheLimitAreRefused(_ command: String) throws {
            let branch = try HostileSuiteTests.branch()
            try branch.spec(
                "million",
                "width: 1290\nscale: 3\nsections:\n  - columns: 2\n"
                    + "    generate: {count: 1000000, minHeight: 400, maxHeight: 600, seed: 1}\n")
            let arguments =
                switch command {
                case "render": ["render", "specs/million.yaml", "--format", "png", "--output", "out"]
                case "check": ["check", "specs/million.yaml", "--baselines", "out", "--record"]
                default: ["audit", "specs/million.yaml"]
                }
            let result = try CommandRunner.run(arguments, currentDirectory: branch.repo, timeout: 55)
            HostileSuiteTests.expectRefused(
                result, naming: "million.yaml: the picture is 3870×", writingNothingIn: [branch.repo + "/out"], command)
        }

        /// A card nobody could see, and the key path its refusal names.
        struct Invisible: Sendable, CustomTestStringConvertible {
            let item: String
            let place: String
            var testDescription: String { item }

            static let all: [Invisible] = [
                Invisible(item: "{height: 0}", place: "sections[0].items[0].height: 0"),
                Invisible(item: "{height: 0.0, title: Zero}", place: "sections[0].items[0].height: 0"),
                Invisible(item: "{height: -0.0}", place: "sections[0].items[0].height"),
                Invisible(item: "{height: 1e-300}", place: "sections[0].items[0].height: 1e-300"),
                Invisible(item: "{height: 5e-324}", place: "sections[0].items[0].height: 5e-324"),
                Invisible(item: "{height: 0.4}", place: "sections[0].items[0].height: 0.4"),
                Invisible(item: "{size: {width: 1e12, height: 1}}", place: "sections[0].items[0].size"),
                Invisible(item: "{size: {width: 1, height: 0}}", place: "sections[0].items[0].size.height"),
            ]
        }

        @Test(arguments: Invisible.all, ["render", "check", "layout", "audit"])
        func aCardOfNoHeightIsRefused(_ card: Invisible, _ command: String) throws {
            let branch = try HostileSuiteTests.branch()
            try branch.spec("flat", "width: 300\nsections:\n  - columns: 2\n    items: [\(card.item)]\n")
            let arguments =
                switch command {
                case "render": ["render", "specs/flat.yaml", "--format", "svg,png,html,pdf", "--output", "out"]
                case "check": ["check", "specs/flat.yaml", "--baselines", "out", "--record"]
                default: [command, "specs/flat.yaml"]
                }
            let result = try CommandRunner.run(arguments, currentDirectory: branch.repo)
            HostileSuiteTests.expectRefused(
                result, naming: card.place, writingNothingIn: [branch.repo + "/out"], "\(command) \(card.item)")
            #expect(command == "render" || command == "check" || result.standardOutput.isEmpty, "\(result.output)")
        }

        /// `cardHeight` from a data file: the record's key path in the file.
        @Test(arguments: ["0", "0.0", "1e-300"])
        func aDataFileCardOfNoHeightIsRefused(_ height: String) throws {
            let branch = try HostileSuiteTests.branch()
            try branch.write("name,h\nFlat,\(height)\n", at: "data/flat.csv")
            try branch.write(
                "width: 300\nsections:\n  - itemsFrom: {file: data/flat.csv, fields: {title: name, cardHeight: h}}\n",
                at: "flat.yaml")
            let result = try CommandRunner.run(
                ["render", "flat.yaml", "--format", "svg,png", "--output", "out"], currentDirectory: branch.repo)
            HostileSuiteTests.expectRefused(
                result, naming: "[0].h", writingNothingIn: [branch.repo + "/out"], "cardHeight \(height)")
        }
    }
}
