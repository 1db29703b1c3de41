import ArgumentParser
import Testing

@testable import WaterfallCLI

/// swift-argument-parser's errors said in the tool's form, parsed in process as the parser tests
/// its own commands: every form it writes, from the arguments that cause it where they can.
@Suite struct ArgumentErrorMessageTests {
    /// The line `waterfall ARGUMENTS` says after `error: `, or `nil` when they parse.
    static func line(_ arguments: [String]) -> String? {
        do {
            _ = try Waterfall.parseAsRoot(arguments)
            return nil
        } catch {
            #expect(Waterfall.exitCode(for: error) != .success, "\(arguments)")
            return Waterfall.argumentError(error)
        }
    }

    @Test(arguments: [
        (["render", "feed.yaml", "--viewprot", "5"], "unknown option '--viewprot'; did you mean '--viewport'?"),
        (["layout", "feed.yaml", "--ofset", "5"], "unknown option '--ofset'; did you mean '--offset'?"),
        (["layout", "feed.yaml", "-q"], "unknown option '-q'"),
        (["render", "feed.yaml", "--zzzzzzzz"], "unknown option '--zzzzzzzz'"),
        (["render", "feed.yaml", "--output"], "missing value for '--output <output>'"),
        (["render", "feed.yaml", "--fps="], "missing value for '--fps <n>'"),
        (["render"], "missing argument '<specs> ...'"),
        (["diff", "a.png"], "missing argument '<new>'"),
        (
            ["render", "feed.yaml", "--animate", "scrol", "--viewport", "800"],
            "invalid value 'scrol' for '--animate <scroll|load-more>'; did you mean 'scroll'?"
        ),
        (
            ["render", "feed.yaml", "--animate", "zoom", "--viewport", "800"],
            "invalid value 'zoom' for '--animate <scroll|load-more>'; it must be 'scroll' or 'load-more'"
        ),
        (["render", "feed.yaml", "--scale", "abc"], "invalid value 'abc' for '--scale <scale>'"),
        (
            ["check", "feed.yaml", "--baselines", "b", "--shard", "x"],
            "invalid value 'x' for '--shard <k/n>': write it as K/N, such as 1/3"
        ),
        (["diff", "a.png", "b.png", "c.png"], "unexpected argument 'c.png'"),
        (["diff", "a.png", "b.png", "c.png", "d.png"], "unexpected arguments 'c.png', 'd.png'"),
        (
            ["check", "feed.yaml", "--baselines", "b", "--include-aa", "--ignore-aa"],
            "'--ignore-aa' cannot be given with '--include-aa'"
        ),
        (["render", "feed.yaml", "--dither=3"], "option '--dither' takes no value, but '3' was given"),
        // The tool's own validate() errors pass as they are.
        (["render", "feed.yaml", "--scale", "0"], "--scale must be a number from 0.01 to 16, not 0"),
        // User text is escaped: a line break stays on the line.
        (["render", "feed.yaml", "--scale", "a\nb"], #"invalid value 'a\nb' for '--scale <scale>'"#),
    ])
    func eachParserErrorIsOneLineInTheToolsForm(_ arguments: [String], _ expected: String) {
        let line = Self.line(arguments)
        #expect(line == expected, "\(arguments)")
    }

    /// Forms the commands cannot reach today (a composite short option, a list of six values or
    /// more, two required arguments), as the parser words them.
    @Test func theFormsNoCommandReachesAreRewrittenToo() {
        let cases: [(String, String)] = [
            (
                "Unknown option '-ab'\n   or: Missing value for '-a <n>' in '-ab'",
                "unknown option '-ab', or missing value for '-a <n>' in '-ab'"
            ),
            (
                "The value 'gamm' is invalid for '--kind <kind>'. Please provide one of the following:\n"
                    + "  - alpha\n  - beta\n  - gamma\n  - delta\n  - epsilon\n  - zeta",
                "invalid value 'gamm' for '--kind <kind>'; did you mean 'gamma'?"
            ),
            ("The value 'x' is invalid.: not a number", "invalid value 'x': not a number"),
            ("The value 'x' is invalid for '<count>'", "invalid value 'x' for '<count>'"),
            ("Missing one of: '<a>', '<b>'", "missing one of '<a>', '<b>'"),
            ("Invalid option: -%", "invalid option '-%'"),
            ("Missing required subcommand.", "missing required subcommand"),
            (
                "Can't autodetect a supported shell.\nPlease use --generate-completion-script=<shell>",
                "can't autodetect a supported shell"
            ),
            (
                "Value to be set with 'b' in '-ab' had already been set with flag '-b'",
                "'b' in '-ab' cannot be given with '-b'"
            ),
            ("--offset and --screens cannot be given together", "--offset and --screens cannot be given together"),
            ("give at least one spec file", "give at least one spec file"),
        ]
        for (message, expected) in cases {
            #expect(ArgumentErrorMessage.rewrite(message) == expected, "\(message)")
        }
    }

    /// Whatever the parser says, what is printed is one line in the tool's form.
    @Test(arguments: [
        ["render", "feed.yaml", "--viewprot"], ["layout"], ["check", "feed.yaml"], ["serve", "--port", "x"],
        ["diff", "a", "b", "--threshold"], ["merge-reports"], ["render", "feed.yaml", "--gif-palette", "some"],
    ])
    func everyLineIsInTheToolsForm(_ arguments: [String]) throws {
        let line = try #require(Self.line(arguments))
        #expect(!line.contains("\n"))
        #expect(!line.hasSuffix("."))
        #expect(!line.contains("Did you mean") && !line.contains("Please provide"))
        #expect(line.first.map { !$0.isUppercase } ?? false, "\(line)")
    }

    /// `--help` and `--version` end in the parser's "error" of exit status 0, which `main()`
    /// prints as it is on standard output.
    @Test func helpAndVersionAreNotErrors() throws {
        for arguments in [["--help"], ["render", "--help"], ["help", "check"], ["--version"]] {
            do {
                var command = try Waterfall.parseAsRoot(arguments)
                try command.run()
                Issue.record("\(arguments) ran as a command")
            } catch {
                #expect(Waterfall.exitCode(for: error) == .success, "\(arguments)")
                let message = Waterfall.fullMessage(for: error)
                #expect(message.contains(arguments == ["--version"] ? Version.current : "USAGE:"), "\(arguments)")
            }
        }
    }
}
