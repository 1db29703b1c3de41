import Foundation

/// Runs the built `waterfall` binary as a user would from a shell, or any other program a test
/// needs (a browser script, `sha256sum`): the one way the tests start a process.
///
/// Both output streams go to files, so that neither can block the child while the other is read,
/// and a test can read them while the process runs (``RunningCommand``).
public enum CommandRunner {
    /// The folder the test bundle and the `waterfall` executable were built into.
    public static var productsDirectory: URL {
        Bundle.main.bundleURL.pathExtension == "xctest"
            ? Bundle.main.bundleURL.deletingLastPathComponent()
            : URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    }

    /// The built `waterfall` executable.
    public static var waterfall: String { productsDirectory.appendingPathComponent("waterfall").path }

    /// Runs `executable` (the built `waterfall` unless told otherwise) with `arguments` and waits
    /// for it.
    ///
    /// - Parameters:
    ///   - environment: Variables set on top of this process's environment.
    ///   - timeout: Seconds after which the process is ended (SIGTERM, then SIGKILL), so that a
    ///     test of something that must not hang fails instead of hanging the suite.
    public static func run(
        _ arguments: [String], executable: String = waterfall, input: StandardInput = .empty,
        environment: [String: String] = [:], currentDirectory: String? = nil, timeout: Double = 600
    ) throws -> CommandResult {
        try start(
            arguments, executable: executable, input: input, environment: environment,
            currentDirectory: currentDirectory, timeout: timeout
        ).wait()
    }

    /// Starts `executable` (the built `waterfall` unless told otherwise) with `arguments` and
    /// returns at once: for a server, or a run a test stops part way.
    public static func start(
        _ arguments: [String], executable: String = waterfall, input: StandardInput = .empty,
        environment: [String: String] = [:], currentDirectory: String? = nil, timeout: Double = 600
    ) throws -> RunningCommand {
        try RunningCommand(
            executable: executable, arguments: arguments, input: input, environment: environment,
            currentDirectory: currentDirectory, timeout: timeout)
    }

    /// Runs `script` with `/bin/sh -c` and `$WATERFALL` set to the built binary, so that a test
    /// can close or redirect standard streams the way a user's shell does (`>&-`, `2>&-`, `<&-`,
    /// `> /dev/full`); what the script does not redirect is captured.
    public static func shell(
        _ script: String, input: StandardInput = .nullDevice, currentDirectory: String? = nil, timeout: Double = 600
    ) throws -> CommandResult {
        try run(
            ["-c", script], executable: "/bin/sh", input: input, environment: ["WATERFALL": waterfall],
            currentDirectory: currentDirectory, timeout: timeout)
    }

    /// A Python script of `scripts/`, run with `arguments` by the `python3` on the `PATH`.
    public static func python(
        _ script: String, _ arguments: [String], input: StandardInput = .empty, timeout: Double = 600
    ) throws -> CommandResult {
        try run(
            ["python3", Repository.path("scripts/\(script)")] + arguments, executable: "/usr/bin/env", input: input,
            timeout: timeout)
    }

    /// `text` quoted for the shell.
    public static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
