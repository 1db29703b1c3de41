import Foundation
import Testing
import WaterfallTestSupport

/// What the binary makes of a misspelt command: the one check before the parser, end to end.
///
/// Options and their values are parsed in process (`NumericOptionTests`, `ArgumentErrorMessageTests`).
@Suite(.onWaitingThreads, .tags(.process)) struct ArgumentParsingTests {
    @Test func aMisspeltCommandIsNamedWithTheClosestOne() throws {
        let result = try CommandRunner.run(["rendr", "x.yaml"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: unknown command 'rendr'; did you mean 'render'?\n")
        #expect(result.standardOutput.isEmpty)
        let check = try CommandRunner.run(["chek"])
        #expect(check.standardError == "error: unknown command 'chek'; did you mean 'check'?\n")
    }

    /// A word close to no command, or a file of that name, is left to the parser.
    @Test func aWordFarFromEveryCommandGetsNoSuggestion() throws {
        let result = try CommandRunner.run(["zzzzzz"])
        #expect(result.status == 2)
        #expect(!result.standardError.contains("did you mean"))
    }

}
