import Foundation
import Testing
import WaterfallTestSupport

/// What the command line makes of a misspelt command or option and of negative numbers.
@Suite struct ArgumentParsingTests {
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
        #expect(result.standardError.hasPrefix("error: Unknown option '--ofset'. Did you mean '--offset'?"))
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
}
