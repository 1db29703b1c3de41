import WaterfallTestSupport

@testable import WaterfallCLI

/// Runs a `waterfall` command in this process, as `main` runs it: its exit status and what it
/// printed, as ``CommandRunner`` gives them for the binary.
///
/// For commands that print from their own task and read nothing but their arguments and files:
/// the working folder, the environment, standard input and signals are the test process's, so a
/// test of those starts the binary.
enum InProcess {
    static func run(_ arguments: [String]) -> CommandResult {
        let capture = Output.Capture()
        let status = Output.$capture.withValue(capture) { Waterfall.run(arguments) }
        return CommandResult(
            status: status, outputBytes: capture.standardOutput.withLock { $0 },
            errorBytes: capture.standardError.withLock { $0 })
    }
}
