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
            AuditCommand.self, ServeCommand.self, MergeReportsCommand.self,
        ],
        defaultSubcommand: ExamplesCommand.self)

    /// Runs the command the process was started with, and exits with its status.
    static func main() {
        Output.prepare()
        TemporaryFiles.removeOnInterrupt()
        Foundation.exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the command `arguments` name; every failure is one line on standard error and a
    /// documented exit status: 2 for bad input or arguments, 1 for "different" answers, 0
    /// otherwise.
    ///
    /// - Returns: The exit status.
    static func run(_ arguments: [String]) -> Int32 {
        // A command that fails takes back the folders it made that are still empty.
        let folders = CreatedFolders()
        let status = CreatedFolders.$current.withValue(folders) { runCommand(arguments) }
        if status != ExitCode.success.rawValue { folders.removeEmpty() }
        return status
    }

    private static func runCommand(_ arguments: [String]) -> Int32 {
        $arguments.withValue(arguments) {
            do {
                if let typo = unknownCommand(arguments.first) ?? unknownHelpTopic(arguments) { throw typo }
                let named = arguments.first.map(NamedCommand.names.contains) == true
                var command = try named ? NamedCommand.parseAsRoot(arguments) : parseAsRoot(arguments)
                if command is DrawsSpecs { try FontSet.validatePinned() }
                try command.run()
                return ExitCode.success.rawValue
            } catch let error as any UserFacingError {
                Output.standardError("error: \(error)")
                return ExitCode.badInput.rawValue
            } catch let code as ExitCode {
                return code.rawValue
            } catch {
                if exitCode(for: error) == .success {
                    // --help and --version
                    let message = fullMessage(for: error)
                    if !message.isEmpty { Output.standardOutput(message + "\n") }
                    return ExitCode.success.rawValue
                }
                Output.standardError("error: \(argumentError(error))")
                return ExitCode.badInput.rawValue
            }
        }
    }

    /// What ``run(_:)`` was given, for a check the parser cannot make (``RecordMode/unknownValue(in:)``).
    @TaskLocal static var arguments: [String] = []

    /// The parser's message for `error`, one line in the tool's form (see `ArgumentErrorMessage`).
    static func argumentError(_ error: any Error) -> String {
        ArgumentErrorMessage.rewrite(message(for: error))
    }

    /// The error for a first argument that misspells a subcommand (`rendr` for `render`), or `nil`.
    ///
    /// The parser alone would read it as an argument of the default subcommand and say only that
    /// it was unexpected. An option, a subcommand, a file that exists or a word close to no
    /// subcommand is left to the parser.
    static func unknownCommand(_ first: String?) -> CLIError? {
        guard let first, !first.hasPrefix("-") else { return nil }
        let names = NamedCommand.names + ["help"]
        guard !names.contains(first), !FileManager.default.fileExists(atPath: first),
            let suggestion = KeySuggestion.closest(to: first, in: names)
        else { return nil }
        return .badArgument("unknown command '\(first.escapedForMessage)'; did you mean '\(suggestion)'?")
    }

    /// The error for `help` followed by a command that does not exist (`help rendr`), or `nil`.
    ///
    /// The parser's own `help` prints the root's help for a name it does not know, and exits 0.
    static func unknownHelpTopic(_ arguments: [String]) -> CLIError? {
        guard arguments.first == "help" else { return nil }
        var command: any ParsableCommand.Type = Waterfall.self
        var path: [String] = []
        for name in arguments.dropFirst() where !name.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            if let next = subcommands.first(where: { $0.configuration.commandName == name }) {
                command = next
                path.append(name)
                continue
            }
            let names = subcommands.compactMap { $0.configuration.commandName }
            let asked = (path + [name]).joined(separator: " ").escapedForMessage
            guard !names.isEmpty else { return .badArgument("no command \(asked)") }
            let hint =
                KeySuggestion.closest(to: name, in: names).map {
                    "did you mean \((path + [$0]).joined(separator: " "))?"
                }
                ?? "the commands are \(names.joined(separator: ", "))"
            return .badArgument("no command \(asked); \(hint)")
        }
        return nil
    }
}

/// The same commands without a default, for arguments that start with a command's name.
///
/// With a default subcommand, every parse also builds the default's arguments, to learn whether it
/// takes arguments through; a debug build of swift-argument-parser checks each definition as it
/// builds it, and that was a third of every `waterfall check` start in the test run (0.04 to
/// 0.08 s a parse, measured). Without a command's name (`waterfall`, `waterfall --output x`,
/// `waterfall --help`) the arguments go to ``Waterfall`` and its default, as before.
private struct NamedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: Waterfall.configuration.commandName, abstract: Waterfall.configuration.abstract,
        version: Waterfall.configuration.version, subcommands: Waterfall.configuration.subcommands)

    /// The commands' names, in the order of their declaration.
    static let names = configuration.subcommands.compactMap { $0.configuration.commandName }
}
