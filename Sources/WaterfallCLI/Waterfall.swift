import ArgumentParser
import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// The `waterfall` command: waterfall layouts computed, rendered and compared.
@main
struct Waterfall: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "waterfall",
        abstract: "Compute waterfall (masonry) layouts and render them to SVG, HTML, PNG and PDF.",
        version: Version.current,
        subcommands: [
            ExamplesCommand.self, LayoutCommand.self, RenderCommand.self, DiffCommand.self, CheckCommand.self,
            ServeCommand.self, MergeReportsCommand.self,
        ],
        defaultSubcommand: ExamplesCommand.self)

    /// Runs the command; every failure is one line on standard error and a documented exit status:
    /// 2 for bad input or arguments, 1 for "different" answers, 0 otherwise.
    static func main() {
        Output.prepare()
        TemporaryFiles.removeOnInterrupt()
        let status: Int32
        do {
            var command = try parseAsRoot()
            if command is DrawsText { try FontSet.validatePinned() }
            try command.run()
            status = 0
        } catch let error as any UserFacingError {
            Output.standardError("error: \(error)")
            status = 2
        } catch let code as ExitCode {
            status = code.rawValue
        } catch {
            if exitCode(for: error) == .success {
                // --help and --version
                let message = fullMessage(for: error)
                if !message.isEmpty { Output.standardOutput(message + "\n") }
                status = 0
            } else {
                let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
                Output.standardError("error: \(message) (see 'waterfall help')")
                status = 2
            }
        }
        Foundation.exit(status)
    }
}
