import ArgumentParser
import Testing
import WaterfallLayout

@testable import WaterfallCLI

/// Negative numbers on the command line, parsed in process as swift-argument-parser tests its own
/// commands: a value of its option, as written or after `=`, never taken for a flag.
@Suite struct NumericOptionTests {
    @Test func negativeNumbersAreOptionValues() throws {
        for arguments in [["--offset", "-5"], ["--offset=-5"]] {
            let command = try LayoutCommand.parse(["-"] + arguments)
            #expect(command.offset == -5, "\(arguments)")
            #expect(command.rect == nil)
        }
        for arguments in [["--offset", "-5", "--rect", "-10,0,200,30"], ["--rect=-10,0,200,30", "--offset=-5"]] {
            let command = try LayoutCommand.parse(["-"] + arguments)
            #expect(command.offset == -5, "\(arguments)")
            #expect(command.rect?.rect == Rect(x: -10, y: 0, width: 200, height: 30), "\(arguments)")
        }
    }

    /// Every numeric option of every command reads a negative number as its value, as written
    /// or after `=`, and refuses it naming the option and the value: never "Missing value".
    @Test(arguments: [
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
        (["render", "x.yaml", "--quality", "-10"] + clip, "--quality must be a whole number from 0 to 100, not -10"),
        (["render", "x.yaml", "--scale", "-2"], "--scale must be a number from 0.01 to 16, not -2"),
        (["examples", "--scale", "-0.5"], "--scale must be a number from 0.01 to 16, not -0.5"),
        (["render", "x.yaml", "--fetch-jobs", "-1"], "--fetch-jobs must be from 1 to 64, not -1"),
        (
            ["layout", "x.yaml", "--fetch-timeout", "-30"],
            "--fetch-timeout must be more than 0 and at most 3600 seconds, not -30"
        ),
        (["check", "x.yaml", "--baselines", "b", "--jobs", "-1"], "--jobs must be at least 1, not -1"),
        (["check", "x.yaml", "--baselines", "b", "--threshold", "-0.5"], "--threshold must be from 0 to 1, not -0.5"),
        (
            ["check", "x.yaml", "--baselines", "b", "--shard", "-1/3"],
            "invalid value '-1/3' for '--shard <k/n>': write it as K/N"
        ),
        (["check", "x.yaml", "--baselines", "b", "--scale", "-1"], "--scale must be a number from 0.01 to 16, not -1"),
        (["diff", "a.png", "b.png", "--threshold", "-1"], "--threshold must be from 0 to 1, not -1"),
        (["serve", "--port", "-1"], "--port must be from 0 to 65535, not -1"),
        (["serve", "--port=-80"], "--port must be from 0 to 65535, not -80"),
    ])
    func negativeNumbersAreReadAndRefusedByTheirOption(_ arguments: [String], _ message: String) {
        let line = ArgumentErrorMessageTests.line(arguments)
        #expect(line?.hasPrefix(message) == true, "\(arguments): \(line ?? "parsed")")
        #expect(line?.contains("Missing value") == false, "\(arguments)")
        #expect(line?.contains("\n") == false, "\(arguments)")
    }
}

/// What `--animate` needs beside it, so that a clip option is read.
private let clip = ["--animate", "scroll", "--viewport", "800"]
