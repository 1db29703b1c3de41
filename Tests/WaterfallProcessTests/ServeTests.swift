import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallReview
import WaterfallTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `waterfall serve` as a process over HTTP: binding, the `Host` check (DNS rebinding) and the
/// token end to end, with raw requests; and the browser tests in Chromium
/// (`scripts/browser-tests.py`). The routes themselves are tested in process in WaterfallServeTests.
// Serialized: every test has a folder of its own, but starts a server (the browser tests a Chromium
// too) and holds it to time limits of seconds; one server at a time keeps them on a 2-core machine.
@Suite(.serialized, .onWaitingThreads, .tags(.process, .browser)) struct ServeTests {
    /// A running `waterfall serve` over a folder of two specs with recorded baselines.
    final class Server {
        let folder: String
        let port: Int
        private let command: RunningCommand

        /// - Parameters:
        ///   - arguments: Further arguments for `serve`.
        ///   - prepare: Called with the folder before the server starts (the specs are in `specs/`).
        init(
            extraSpecs: [String: String] = [:], arguments: [String] = [],
            prepare: (String) throws -> Void = { _ in }
        ) throws {
            folder = ExternalRenderers.temporaryPath("dir")
            try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
            for (name, text) in ["alpha": ServedSpec.text(grow: 0), "bravo": ServedSpec.text(grow: 3)]
                .merging(extraSpecs, uniquingKeysWith: { $1 })
            {
                try text.write(toFile: folder + "/specs/\(name).yaml", atomically: true, encoding: .utf8)
            }
            try "secret".write(toFile: folder + "/secret.txt", atomically: true, encoding: .utf8)
            let recorded = try CommandRunner.run(
                ["check", "specs/alpha.yaml", "specs/bravo.yaml", "--baselines", "baselines", "--record"],
                currentDirectory: folder)
            #expect(recorded.status == 0, "\(recorded.standardError)")
            try prepare(folder)
            let server = try ServeProcess.start(["specs", "--baselines", "baselines"] + arguments, in: folder)
            (command, port) = (server.command, server.port)
        }

        deinit {
            command.terminate()
            _ = command.wait()
            try? FileManager.default.removeItem(atPath: folder)
        }

        /// What the server wrote on standard error so far.
        var standardError: String { command.standardError }

        /// The server's peak resident memory in bytes (`VmHWM` on Linux).
        var peakMemory: Int? {
            let path = "/proc/\(command.processIdentifier)/status"
            guard let status = try? String(contentsOfFile: path, encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
            else { return nil }
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let kilobytes = Int(fields[1]) else { return nil }
            return kilobytes * 1024
        }

        /// Sends `request` as written and returns the status, the body and the head (status line
        /// and header fields).
        func send(
            _ method: String, _ path: String, headers: [String: String] = [:], body: String = "",
            host: String? = nil
        ) throws -> (status: Int, body: String, head: String) {
            var text = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
            for (name, value) in headers { text += "\(name): \(value)\r\n" }
            if method == "POST" {
                text += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
            }
            text += "\r\n" + body
            let response = try RawHTTP.exchange(port: port, request: Array(text.utf8))
            let status = response.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
            let parts = response.components(separatedBy: "\r\n\r\n")
            return (status, parts.dropFirst().joined(separator: "\r\n\r\n"), parts.first ?? "")
        }

        /// The token the review page embeds.
        func token() throws -> String {
            let page = try send("GET", "/review").body
            guard let range = page.range(of: #"name="token" value="[0-9a-f]{64}""#, options: .regularExpression) else {
                throw ServeTestError(message: "no token in the review page")
            }
            return String(page[range].dropFirst(#"name="token" value=""#.count).dropLast())
        }
    }

    @Test func postsWithoutTheTokenAreRefused() throws {
        let server = try Server()
        #expect(try server.send("POST", "/approve-all").status == 403)
        #expect(try server.send("POST", "/approve/alpha", body: "token=wrong").status == 403)
        #expect(
            try server.send("POST", "/approve/alpha", headers: ["X-Waterfall-Token": String(repeating: "0", count: 64)])
                .status == 403)
        // A changed spec, so the review page has an Approve button and its token.
        let spec = server.folder + "/specs/alpha.yaml"
        try ServedSpec.text(grow: 5).write(toFile: spec, atomically: true, encoding: .utf8)
        let token = try server.token()
        let crossSite = try server.send(
            "POST", "/approve/alpha", headers: ["X-Waterfall-Token": token, "Origin": "http://evil.example"])
        #expect(crossSite.status == 403)
        let fetchedElsewhere = try server.send(
            "POST", "/approve/alpha", headers: ["X-Waterfall-Token": token, "Sec-Fetch-Site": "cross-site"])
        #expect(fetchedElsewhere.status == 403)
        // Another name for the server (DNS rebinding) is refused for every request.
        #expect(try server.send("GET", "/", host: "evil.example:\(server.port)").status == 403)
        #expect(try server.send("DELETE", "/").status == 405)
        // Nothing was written by the refused requests; the token itself works.
        let before = try CommandRunner.run(
            ["check", "specs/alpha.yaml", "--baselines", "baselines"], currentDirectory: server.folder)
        #expect(before.status == 1)
        let approved = try server.send(
            "POST", "/approve/alpha", headers: ["Origin": "http://127.0.0.1:\(server.port)"], body: "token=\(token)")
        #expect(approved.status == 303)
        let after = try CommandRunner.run(
            ["check", "specs/alpha.yaml", "specs/bravo.yaml", "--baselines", "baselines"],
            currentDirectory: server.folder)
        #expect(after.status == 0, "\(after.standardOutput)")
    }

    /// Chromium is Debian's (`scripts/setup.sh` installs it, and Playwright for Python); only Linux
    /// is checked on the machines this is developed on.
    #if os(Linux)
    @Test func theBrowserTestsPass() throws {
        let result = try CommandRunner.python("browser-tests.py", [CommandRunner.waterfall], timeout: 300)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.standardOutput.contains("browser tests passed"), "\(result.output)")
    }
    #endif
}

struct ServeTestError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// One HTTP exchange over a plain socket, sent byte for byte as given.
enum RawHTTP {
    static func exchange(port: Int, request: [UInt8], timeout seconds: Int = 10) throws -> String {
        var response: [UInt8] = []
        try exchange(port: port, request: request, timeout: seconds) { response += $0 }
        return String(decoding: response, as: UTF8.self)
    }

    /// Sends `request` and hands each piece of the answer to `receive` as it arrives, holding none.
    ///
    /// Each wait for the next piece lasts at most `seconds`.
    static func exchange(
        port: Int, request: [UInt8], timeout seconds: Int = 10, receive: (ArraySlice<UInt8>) -> Void
    ) throws {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ServeTestError(message: "socket failed") }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { throw ServeTestError(message: "cannot connect to port \(port)") }
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw ServeTestError(message: "send failed") }
            sent += count
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            receive(buffer[0..<count])
        }
    }
}
