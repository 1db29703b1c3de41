import Foundation
import Testing
import WaterfallTestSupport

/// What the command line makes of a misspelt command or option and of negative numbers.
@Suite(.tags(.process)) struct ArgumentParsingTests {
    @Test func aMisspeltCommandIsNamedWithTheClosestOne() throws {
        let result = try CommandRunner.run(["rendr", "x.yaml"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: unknown command 'rendr'; did you mean 'render'?\n")
        #expect(result.standardOutput.isEmpty)
        let check = try CommandRunner.run(["chek"])
        #expect(check.standardError == "error: unknown command 'chek'; did you mean 'check'?\n")
    }

    @Test func aMisspeltOptionIsNamedWithTheClosestOne() throws {
        let result = try CommandRunner.run(["layout", "-", "--ofset", "5"], input: "width: 100\nsections: []\n")
        #expect(result.status == 2)
        #expect(result.standardError == "error: unknown option '--ofset'; did you mean '--offset'?\n")
    }

    /// A word close to no command, or a file of that name, is left to the parser.
    @Test func aWordFarFromEveryCommandGetsNoSuggestion() throws {
        let result = try CommandRunner.run(["zzzzzz"])
        #expect(result.status == 2)
        #expect(!result.standardError.contains("did you mean"))
    }

    @Test func negativeNumbersAreOptionValues() throws {
        let spec = """
            width: 100
            sections: [{columns: 1, items: [{height: 50}, {height: 50}, {height: 50}], header: {height: 20}, pinHeader: true}]
            """
        var outputs: [String] = []
        for arguments in [["--offset", "-5"], ["--offset=-5"], ["--offset", "-5", "--rect", "-10,0,200,30"]] {
            let result = try CommandRunner.run(["layout", "-"] + arguments, input: .text(spec))
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            outputs.append(result.standardOutput)
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].contains("\"kind\":\"cell\""))
        #expect(outputs[2].count < outputs[0].count, "the rectangle keeps fewer elements")
        let equals = try CommandRunner.run(["layout", "-", "--rect=-10,0,200,30", "--offset=-5"], input: .text(spec))
        #expect(equals.standardOutput == outputs[2])
    }

    /// Every numeric option of every command reads a negative number as its value, as written
    /// or after `=`, and refuses it naming the option and the value: never "Missing value".
    @Test func negativeNumbersAreReadAndRefusedByTheirOption() throws {
        let clip = ["--animate", "scroll", "--viewport", "800"]
        let cases: [(arguments: [String], message: String)] = [
            (["render", "x.yaml", "--widths", "-375"], #"--widths: '-375' is neither a width from 1 to 1000000"#),
            (["render", "x.yaml", "--widths=-375"], #"--widths: '-375' is neither a width from 1 to 1000000"#),
            (["check", "x.yaml", "--baselines", "b", "--widths", "-375,400"], #"--widths: '-375' is neither"#),
            (
                ["render", "x.yaml", "--viewport", "-5"],
                "--viewport must be a number of points above 0 and at most 1000000, not -5"
            ),
            (
                ["render", "x.yaml", "--viewport=-5"],
                "--viewport must be a number of points above 0 and at most 1000000, not -5"
            ),
            (
                ["render", "x.yaml", "--viewport", "800", "--screens", "-2"],
                "--screens must be a whole number from 1 to 1000, not -2"
            ),
            (["render", "x.yaml", "--fps", "-1"] + clip, "--fps must be a whole number from 1 to 60, not -1"),
            (["render", "x.yaml", "--fps=-1"] + clip, "--fps must be a whole number from 1 to 60, not -1"),
            (
                ["render", "x.yaml", "--duration", "-0"] + clip,
                "--duration must be a number of seconds above 0 and at most 60, not -0"
            ),
            (["render", "x.yaml", "--pages", "-3"], "--pages must be a whole number from 1 to 20, not -3"),
            (
                ["render", "x.yaml", "--quality", "-10"] + clip,
                "--quality must be a whole number from 0 to 100, not -10"
            ),
            (["render", "x.yaml", "--scale", "-2"], "--scale must be a number from 0.01 to 16, not -2"),
            (["examples", "--scale", "-0.5"], "--scale must be a number from 0.01 to 16, not -0.5"),
            (["render", "x.yaml", "--fetch-jobs", "-1"], "--fetch-jobs must be from 1 to 64, not -1"),
            (
                ["layout", "x.yaml", "--fetch-timeout", "-30"],
                "--fetch-timeout must be more than 0 and at most 3600 seconds, not -30"
            ),
            (["check", "x.yaml", "--baselines", "b", "--jobs", "-1"], "--jobs must be at least 1, not -1"),
            (
                ["check", "x.yaml", "--baselines", "b", "--threshold", "-0.5"],
                "--threshold must be from 0 to 1, not -0.5"
            ),
            (
                ["check", "x.yaml", "--baselines", "b", "--shard", "-1/3"],
                "invalid value '-1/3' for '--shard <k/n>': write it as K/N"
            ),
            (
                ["check", "x.yaml", "--baselines", "b", "--scale", "-1"],
                "--scale must be a number from 0.01 to 16, not -1"
            ),
            (["diff", "a.png", "b.png", "--threshold", "-1"], "--threshold must be from 0 to 1, not -1"),
            (["serve", "--port", "-1"], "--port must be from 0 to 65535, not -1"),
            (["serve", "--port=-80"], "--port must be from 0 to 65535, not -80"),
        ]
        for (arguments, message) in cases {
            let result = try CommandRunner.run(arguments, timeout: 60)
            #expect(result.status == 2, "\(arguments): \(result.standardError)")
            #expect(result.standardError.hasPrefix("error: " + message), "\(arguments): \(result.standardError)")
            #expect(!result.standardError.contains("Missing value"), "\(arguments)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments): \(result.standardError)")
        }
    }
}
