import WaterfallTestSupport

/// A `waterfall serve` a test started, and the port its first line names: the one way the
/// command's tests start the server as a process.
struct ServeProcess {
    let command: RunningCommand
    let port: Int

    /// Starts `waterfall serve` with `arguments` (`--port 0` added) in `folder` and reads the port
    /// from its first line, `serving http://127.0.0.1:PORT/`, giving up after a minute.
    ///
    /// - Throws: ``ServeTestError`` with what the server printed when its first line is not that;
    ///   the server is ended first.
    static func start(_ arguments: [String], in folder: String, timeout: Double = 600) throws -> ServeProcess {
        let command = try CommandRunner.start(
            ["serve"] + arguments + ["--port", "0"], currentDirectory: folder, timeout: timeout)
        command.poll(timeout: 60) { command.standardOutput.contains("\n") }
        let text = command.standardOutput
        guard text.hasPrefix("serving http://"), let colon = text.lastIndex(of: ":"),
            let port = Int(text[text.index(after: colon)...].prefix { $0.isNumber })
        else {
            command.terminate()
            throw ServeTestError(message: "serve printed \(text.debugDescription) \(command.standardError)")
        }
        return ServeProcess(command: command, port: port)
    }
}
