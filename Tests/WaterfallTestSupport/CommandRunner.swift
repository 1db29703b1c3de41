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
            [pythonInterpreter.arguments, [Repository.path("scripts/\(script)")], arguments].flatMap { $0 },
            executable: pythonInterpreter.executable, input: input, timeout: timeout)
    }

    /// Python code given on the command line (`python3 -c CODE ARGUMENTS…`), by the `python3` on the `PATH`.
    public static func python(code: String, _ arguments: [String], timeout: Double = 600) throws -> CommandResult {
        try run(
            [pythonInterpreter.arguments, ["-c", code], arguments].flatMap { $0 },
            executable: pythonInterpreter.executable, timeout: timeout)
    }

    /// The interpreter `python3` on the `PATH` is, asked once.
    ///
    /// Behind a version manager's shim (pyenv's is a chain of about fifteen shell scripts) every
    /// script would start that chain again. Where it cannot be asked, `/usr/bin/env python3`.
    static let pythonInterpreter: (executable: String, arguments: [String]) = {
        let asked = try? run(
            ["python3", "-c", "import sys; print(sys.executable)"], executable: "/usr/bin/env", timeout: 60)
        let path = asked?.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard asked?.status == 0, path.hasPrefix("/"), FileManager.default.isExecutableFile(atPath: path) else {
            return ("/usr/bin/env", ["python3"])
        }
        return (path, [])
    }()

    /// `text` quoted for the shell.
    public static func quote(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
