import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallReview
import WaterfallTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `waterfall serve` over HTTP: the token, `Host` and `Origin` checks and the path refusals, with
/// raw requests (so `..` and `%2e%2e` reach the server as written); and the browser tests in
/// Chromium (`scripts/browser-tests.py`).
// Serialized: every test has a folder of its own, but starts a server (the browser tests a Chromium
// too) and holds it to time limits of seconds; one server at a time keeps them on a 2-core machine.
@Suite(.serialized) struct ServeTests {
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
            for (name, text) in ["alpha": ServeTests.spec(grow: 0), "bravo": ServeTests.spec(grow: 3)]
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
            let command = try CommandRunner.start(
                ["serve", "specs", "--port", "0", "--baselines", "baselines"] + arguments, currentDirectory: folder)
            self.command = command
            // The first line is `serving http://127.0.0.1:PORT/`; give up after a minute.
            command.poll(timeout: 60) { command.standardOutput.contains("\n") }
            let text = command.standardOutput
            guard text.hasPrefix("serving http://"), let colon = text.lastIndex(of: ":"),
                let port = Int(text[text.index(after: colon)...].prefix { $0.isNumber })
            else {
                command.terminate()
                throw ServeTestError(message: "serve printed \(text.debugDescription)")
            }
            self.port = port
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

    static func spec(grow: Int, title: String = "Card") -> String {
        """
        width: 60
        scale: 1
        defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
        sections:
          - items:
              - {height: \(20 + grow), title: \(title)}
              - {height: 30}
              - {height: 25}

        """
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
        try Self.spec(grow: 5).write(toFile: spec, atomically: true, encoding: .utf8)
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

    /// Approving records the renderer fingerprint as `check --record` does: one spec keeps an
    /// existing fingerprint (the other baselines may be another machine's), every spec replaces it.
    @Test func approvalsRecordTheFingerprintAsCheckRecordDoes() throws {
        let server = try Server()
        let path = server.folder + "/baselines/" + RendererFingerprint.fileName
        var other = try RendererFingerprint.current()
        other.cairo = "1.0.0"
        try Data(other.json).write(to: URL(fileURLWithPath: path))
        try Self.spec(grow: 5).write(toFile: server.folder + "/specs/alpha.yaml", atomically: true, encoding: .utf8)
        let token = try server.token()
        let one = try server.send("POST", "/approve/alpha", headers: ["X-Waterfall-Token": token])
        #expect(one.status == 303)
        #expect(FileManager.default.contents(atPath: path) == Data(other.json))
        let all = try server.send("POST", "/approve-all", headers: ["X-Waterfall-Token": token])
        #expect(all.status == 303)
        #expect(FileManager.default.contents(atPath: path) == Data(try RendererFingerprint.current().json))
    }

    /// A spec with variants: the review page shows them together under the spec, and approving
    /// one records every variant of the spec.
    @Test func approvingASpecRecordsEveryVariant() throws {
        let variants = "variants: {widths: [60, 50]}\n"
        let server = try Server(extraSpecs: ["charlie": Self.spec(grow: 1) + variants])
        let review = try server.send("GET", "/review").body
        #expect(review.contains(#"data-spec="charlie@50" data-variant="@50" data-status="new""#), "\(review)")
        #expect(review.components(separatedBy: #"class="spec-group""#).count == 2)
        #expect(review.contains(#"action="/approve/charlie""#))
        let token = try server.token()
        let approved = try server.send(
            "POST", "/approve/charlie", headers: ["X-Waterfall-Token": token, "Accept": "application/json"])
        #expect(approved.status == 200)
        #expect(approved.body.contains(#""variant":"@50","status":"recorded""#), "\(approved.body)")
        for file in ["charlie@60.png", "charlie@50.png", "charlie@60.svg", "charlie@50.layout.json"] {
            #expect(FileManager.default.fileExists(atPath: server.folder + "/baselines/" + file), "\(file)")
        }
        let check = try CommandRunner.run(
            ["check", "specs/charlie.yaml", "--baselines", "baselines"], currentDirectory: server.folder)
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    @Test func pathsOutsideTheServedFoldersAreRefused() throws {
        let server = try Server()
        try FileManager.default.createSymbolicLink(
            atPath: server.folder + "/specs/link.txt", withDestinationPath: server.folder + "/secret.txt")
        #expect(try server.send("GET", "/files/specs1/alpha.yaml").status == 200)
        #expect(try server.send("GET", "/files/baselines/alpha.png").status == 200)
        for path in [
            "/files/specs1/../secret.txt", "/files/specs1/%2e%2e/secret.txt", "/files/specs1/%2E%2E/secret.txt",
            "/files/specs1/..%2fsecret.txt", "/files/specs1/%2e%2e%2fsecret.txt", "/files/specs1/link.txt",
            "/files/specs1/./alpha.yaml", "/files/specs1//alpha.yaml", "/files/specs1/alpha.yaml%00",
            "/files/../secret.txt", "/files/nothing/alpha.yaml", "/files/specs1/", "/files/specs1",
            "/review/alpha/0/../../../secret.txt", "/spec/%2e%2e", "/render/..%2fsecret",
        ] {
            let response = try server.send("GET", path)
            #expect(response.status == 404, "\(path): \(response.status)")
            #expect(!response.body.contains("secret"), "\(path)")
        }
    }

    @Test func pagesRenderAtTheWidthAskedAndShowErrors() throws {
        let server = try Server(extraSpecs: ["broken": "width: 60\nsections: [{items: [{hieght: 3}]}]\n"])
        let page = try server.send("GET", "/render/alpha?width=320")
        #expect(page.status == 200)
        #expect(page.body.contains("width: 320px"))
        #expect(try server.send("GET", "/render/alpha?width=-1").status == 400)
        let broken = try server.send("GET", "/render/broken")
        #expect(broken.status == 422)
        #expect(broken.body.contains("hieght"))
        let gallery = try server.send("GET", "/")
        #expect(gallery.status == 200 && gallery.body.contains("/spec/alpha") && gallery.body.contains("/spec/broken"))
        #expect(try server.send("GET", "/png/alpha").status == 200)
        #expect(try server.send("GET", "/spec/nothing").status == 404)
    }

    /// The gallery shows each spec's first tile, loaded lazily from `/png/NAME`, whose answer keeps
    /// its security headers.
    @Test func theGalleryHasAThumbnailOfEachSpec() throws {
        let server = try Server()
        let gallery = try server.send("GET", "/")
        #expect(gallery.body.contains(#"<img src="/png/alpha" alt="alpha" loading="lazy""#), "\(gallery.body)")
        let thumbnail = try server.send("GET", "/png/alpha")
        #expect(thumbnail.status == 200)
        #expect(thumbnail.head.lowercased().contains("content-type: image/png"))
        #expect(thumbnail.head.contains("sandbox allow-same-origin"))
        #expect(thumbnail.head.lowercased().contains("x-content-type-options: nosniff"))
    }

    @Test func aSpecsPageOffersTheWidthsItDeclares() throws {
        let server = try Server(
            extraSpecs: ["charlie": Self.spec(grow: 1) + "variants: {widths: [320, pro-max]}\n"])
        let declared = try server.send("GET", "/spec/charlie")
        #expect(declared.status == 200)
        #expect(declared.body.contains("?width=320"), "\(declared.body)")
        #expect(declared.body.contains("?width=430"))
        #expect(!declared.body.contains("?width=768"), "only the declared widths, not every preset")
        // A spec that declares none offers every device preset.
        let plain = try server.send("GET", "/spec/alpha")
        #expect(plain.body.contains("?width=768"))
    }

    /// A spec's declared clips play on its page, drawn by `/clip/NAME` as animated PNGs at the view's
    /// width and appearance, and drawn again from the changed spec on every change.
    @Test func aSpecsPagePlaysTheClipsItDeclares() throws {
        let clip = """
            width: 100
            scale: 1
            defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
            sections:
              - generate: {count: 16, minHeight: 30, maxHeight: 70, seed: 2}
            variants: {viewport: {height: 90}, animate: scroll, clip: {fps: 5}}

            """
        let server = try Server(extraSpecs: ["delta": clip])
        let page = try server.send("GET", "/spec/delta?width=120")
        #expect(page.status == 200)
        #expect(
            page.body.contains(#"<img class="clip" src="/clip/delta?width=120&amp;animation=scroll""#), "\(page.body)")
        #expect(!(try server.send("GET", "/spec/alpha").body.contains(#"class="clip""#)))
        let played = try server.send("GET", "/clip/delta?width=120&animation=scroll")
        #expect(played.status == 200)
        #expect(played.head.lowercased().contains("content-type: image/apng"))
        #expect(played.head.lowercased().contains("x-content-type-options: nosniff"))
        #expect(played.body.contains("PNG") && played.body.contains("acTL") && played.body.contains("fdAT"))
        #expect(try server.send("GET", "/clip/delta?animation=spin").status == 400)
        let undeclared = try server.send("GET", "/clip/alpha?animation=scroll")
        #expect(undeclared.status == 422)
        #expect(undeclared.body.contains("declares no scroll clip"), "\(undeclared.body)")
        #expect(try server.send("GET", "/clip/nothing?animation=scroll").status == 404)
    }

    @Test func clipRequestsPastTheFewThatMayWaitAreTurnedAwayAndComeBackLater() throws {
        // 240 frames: still drawing while the other requests arrive.
        let slow = """
            width: 200
            scale: 2
            defaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}
            sections:
              - generate: {count: 300, minHeight: 30, maxHeight: 70, seed: 2}
            variants: {viewport: {height: 300}, animate: scroll, clip: {fps: 60, duration: 4}}

            """
        let server = try Server(extraSpecs: ["slow": slow])
        let answers = Locked<[(status: Int, head: String)]>([])
        let group = DispatchGroup()
        for index in 0..<10 {
            group.enter()
            // Threads of their own: all ten requests are in flight at once.
            Thread { [port = server.port] in
                defer { group.leave() }
                let request =
                    "GET /clip/slow?animation=scroll&v=\(index) HTTP/1.1\r\n"
                    + "Host: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
                // A request let wait is answered once the clips before it are drawn: three of
                // 240 frames each, on a machine busy with the rest of the suite, may take longer
                // than one exchange's usual 10 s.
                let response = (try? RawHTTP.exchange(port: port, request: Array(request.utf8), timeout: 90)) ?? ""
                let status = response.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
                let head = response.components(separatedBy: "\r\n\r\n").first ?? ""
                answers.withLock { $0.append((status, head.lowercased())) }
            }.start()
        }
        group.wait()
        let all = answers.withLock { $0 }
        #expect(all.count == 10)
        #expect(all.allSatisfy { [200, 503].contains($0.status) }, "\(all.map(\.status))")
        let drawn = all.filter { $0.status == 200 }.count
        #expect(drawn >= 1 && drawn <= 4, "\(all.map(\.status))")
        for answer in all where answer.status == 503 { #expect(answer.head.contains("retry-after: 2")) }
        // The turns were given back: a clip asked for now is drawn.
        #expect(try server.send("GET", "/clip/slow?animation=scroll").status == 200)
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
