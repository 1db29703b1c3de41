import Foundation
import Testing
import WaterfallTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `serve` over a folder from an untrusted branch.
///
/// What its files can do, how much they can make the server hold, which `Host` it answers. The browser half (a served page's script trying to
/// approve) is in `scripts/browser-tests.py`.
// Serialized: every test has a folder of its own, but starts a server (the browser tests a Chromium
// too) and holds it to time limits of seconds; one server at a time keeps them on a 2-core machine.
@Suite(.serialized, .onWaitingThreads, .tags(.process)) struct UntrustedServeTests {
    typealias Server = ServeTests.Server

    /// The value of the header field `name` in a response head, or nil.
    static func field(_ name: String, in head: String) -> String? {
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == name.lowercased() else {
                continue
            }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }

    @Test func whatCameFromTheServedFoldersIsSandboxedAndStillNeverFramedElsewhere() throws {
        let server = try Server { folder in
            try "<script>fetch('/review')</script>".write(
                toFile: folder + "/specs/page.html", atomically: true, encoding: .utf8)
            try "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".write(
                toFile: folder + "/specs/picture.svg", atomically: true, encoding: .utf8)
        }
        // A served file runs only at a unique origin of its own; a page or picture rendered from a
        // spec and its templates runs no script at all.
        for (path, policy) in [
            ("/files/specs1/page.html", "sandbox allow-scripts; frame-ancestors 'self'"),
            ("/files/specs1/picture.svg", "sandbox allow-scripts; frame-ancestors 'self'"),
            ("/files/baselines/alpha.png", "sandbox allow-scripts; frame-ancestors 'self'"),
            ("/render/alpha", "sandbox allow-same-origin; frame-ancestors 'self'"),
            ("/png/alpha", "sandbox allow-same-origin; frame-ancestors 'self'"),
        ] {
            let response = try server.send("GET", path)
            #expect(response.status == 200, "\(path)")
            #expect(Self.field("Content-Security-Policy", in: response.head) == policy, "\(path): \(response.head)")
            #expect(Self.field("X-Content-Type-Options", in: response.head) == "nosniff", "\(path)")
        }
        // The server's own pages run their scripts, and only its own pages may frame them.
        for path in ["/", "/spec/alpha", "/review"] {
            let response = try server.send("GET", path)
            #expect(Self.field("Content-Security-Policy", in: response.head) == "frame-ancestors 'self'", "\(path)")
        }
        // The review's pictures come from the baselines folder (a changed spec has them).
        try ServedSpec.text(grow: 5).write(
            toFile: server.folder + "/specs/alpha.yaml", atomically: true, encoding: .utf8)
        // The review notices the change itself, so the watcher noticing it later keeps the review.
        let page = try server.send("GET", "/review?fresh").body
        #expect(page.contains("/review/alpha/0/reference.png"))
        Thread.sleep(forTimeInterval: 2 * 0.25)
        let picture = try server.send("GET", "/review/alpha/0/reference.png")
        #expect(picture.status == 200)
        #expect(Self.field("Content-Security-Policy", in: picture.head)?.hasPrefix("sandbox") == true)
    }

    @Test func aBrokenSpecsErrorPageIsSandboxedToo() throws {
        let server = try Server(extraSpecs: ["broken": "width: 60\nsections: [{items: [{hieght: 3}]}]\n"])
        let broken = try server.send("GET", "/render/broken")
        #expect(broken.status == 422)
        #expect(
            Self.field("Content-Security-Policy", in: broken.head)
                == "sandbox allow-same-origin; frame-ancestors 'self'")
    }

    /// A served file is sent from disk a chunk at a time: a 1 GiB file leaves the server's memory
    /// where it was (it took as much memory as the file when it was read whole).
    @Test func aLargeServedFileStreamsWithFlatMemoryAndRangesAreAnswered() throws {
        let size = 1 << 30
        let server = try Server { folder in
            let descriptor = open(folder + "/specs/big.bin", O_CREAT | O_WRONLY, 0o644)
            #expect(descriptor >= 0)
            // Sparse: the disk holds nothing, the reads are zeros.
            #expect(ftruncate(descriptor, off_t(size)) == 0)
            close(descriptor)
            let digits = Array("0123456789".utf8)
            try Data((0..<1000).map { digits[$0 % 10] }).write(to: URL(fileURLWithPath: folder + "/specs/digits.txt"))
        }
        var head: [UInt8] = []
        var received = 0
        let request =
            "GET /files/specs1/big.bin HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n\r\n"
        try RawHTTP.exchange(port: server.port, request: Array(request.utf8)) { piece in
            if head.count < 4 || head.suffix(4) != [13, 10, 13, 10] {
                // Still in the head: find its end in this piece.
                var rest = piece[...]
                while let byte = rest.first, head.count < 4 || head.suffix(4) != [13, 10, 13, 10] {
                    head.append(byte)
                    rest = rest.dropFirst()
                }
                received += rest.count
            } else {
                received += piece.count
            }
        }
        let headText = String(decoding: head, as: UTF8.self)
        #expect(headText.hasPrefix("HTTP/1.1 200"), "\(headText)")
        #expect(Self.field("Content-Length", in: headText) == "\(size)")
        #expect(Self.field("Accept-Ranges", in: headText) == "bytes")
        #expect(received == size)
        let peak = server.peakMemory ?? Int.max
        #expect(peak < 300 << 20, "the server's peak memory was \(peak >> 20) MiB after sending 1 GiB")

        let part = try server.send("GET", "/files/specs1/digits.txt", headers: ["Range": "bytes=12-15"])
        #expect(part.status == 206)
        #expect(part.body == "2345")
        #expect(Self.field("Content-Range", in: part.head) == "bytes 12-15/1000")
        let tail = try server.send("GET", "/files/specs1/digits.txt", headers: ["Range": "bytes=-3"])
        #expect(tail.status == 206 && tail.body == "789")
        let rest = try server.send("GET", "/files/specs1/digits.txt", headers: ["Range": "bytes=995-"])
        #expect(rest.status == 206 && rest.body == "56789")
        let past = try server.send("GET", "/files/specs1/digits.txt", headers: ["Range": "bytes=1000-"])
        #expect(past.status == 416)
        #expect(Self.field("Content-Range", in: past.head) == "bytes */1000")
        // Several ranges, another unit or nonsense: the whole file, as the RFC allows.
        for header in ["bytes=0-1,5-6", "items=0-1", "bytes=x-y", "bytes=9-2", "bytes=99999999999999999999-"] {
            let whole = try server.send("GET", "/files/specs1/digits.txt", headers: ["Range": header])
            #expect(whole.status == 200 && whole.body.utf8.count == 1000, "\(header)")
        }
    }

    /// A FIFO named like a spec, image or page in a served folder: the server starts, says so
    /// once, serves the rest and never opens it for a read that would wait for a writer.
    @Test func aFIFOInAServedFolderIsSkippedAndNeverWaitedOn() throws {
        let server = try Server { folder in
            #expect(mkfifo(folder + "/specs/f.json", 0o600) == 0)
            #expect(mkfifo(folder + "/specs/page.html", 0o600) == 0)
        }
        let gallery = try server.send("GET", "/")
        #expect(gallery.status == 200)
        #expect(gallery.body.contains("/spec/alpha") && !gallery.body.contains("/spec/f"))
        let fifo = try server.send("GET", "/files/specs1/page.html")
        #expect(fifo.status == 403 && fifo.body.contains("not a regular file"))
        // Looked at four times a second, said once.
        Thread.sleep(forTimeInterval: 0.6)
        let lines = server.standardError.split(separator: "\n").filter { $0.contains("f.json") }
        #expect(lines == ["warning: specs/f.json: not a regular file (a FIFO, a device or a socket); skipped"])
    }

    /// Bound to every address, the server answers the machine's own names and addresses,
    /// `localhost` and the names allowed; any other `Host` is a DNS name that rebinds (403).
    @Test func boundToEveryAddressOnlyTheMachinesOwnNamesAreAnswered() throws {
        let server = try Server(arguments: ["--host", "0.0.0.0", "--allow-host", "Review.Example"])
        var buffer = [CChar](repeating: 0, count: 256)
        #expect(gethostname(&buffer, 255) == 0)
        let hostname = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let port = server.port
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "review.example:\(port)", "\(hostname):\(port)"] {
            #expect(try server.send("GET", "/", host: host).status == 200, "\(host)")
        }
        for host in [
            "evil.example:\(port)", "127.0.0.1.nip.io:\(port)", "localhost.:\(port)", "127.0.0.1:\(port + 1)",
            "127.0.0.1", "review.example", "", "localhost:\(port)@evil.example",
        ] {
            #expect(try server.send("GET", "/", host: host).status == 403, "\(host)")
        }
    }

    @Test func aNameThatIsNoHostIsRefusedByAllowHost() throws {
        for name in ["", "a b", "evil/x", "user@host", "bad\u{1B}[31m"] {
            let result = try CommandRunner.run(["serve", "--allow-host", name, "--port", "0"], timeout: 60)
            #expect(result.status == 2, "\(name.debugDescription)")
            #expect(result.standardError.contains("--allow-host takes a host name or address"))
            #expect(!result.standardError.contains("\u{1B}"))
        }
    }

    /// A template that multiplies a large value is refused while it is expanded: one line naming
    /// the data file, the record's line and the field, and little memory.
    @Test(.onWaitingThreads, .tags(.externalProgram)) func aTemplateBombIsRefusedInBoundedMemory() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ("v,h\n" + String(repeating: "x", count: 100_000) + ",20\n").write(
            toFile: folder + "/data.csv", atomically: true, encoding: .utf8)
        let template = String(repeating: "{v}", count: 5_000)
        try "width: 375\nsections:\n  - itemsFrom: {file: data.csv, fields: {title: \"\(template)\", cardHeight: h}}\n"
            .write(toFile: folder + "/bomb.yaml", atomically: true, encoding: .utf8)
        // GNU time (`scripts/setup.sh` installs it) reports the peak resident memory in kilobytes.
        let text = try CommandRunner.run(
            ["-f", "peak %M", CommandRunner.waterfall, "render", "bomb.yaml", "--output", "out"],
            executable: "/usr/bin/time", currentDirectory: folder
        ).standardError
        let lines = text.split(separator: "\n")
        #expect(
            lines.first
                == "error: data.csv:2: [0]: fields.title: expands to more than 1 MiB of text, the most one field may hold",
            "\(text)")
        let peak = lines.last.flatMap { Int($0.dropFirst("peak ".count)) } ?? Int.max
        #expect(peak < 200_000, "peak memory \(peak) KB")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/bomb.png"))
    }

    /// `check` and `examples` given a folder skip what is not a regular file, in one line, and
    /// go on; an image or data file that is a FIFO is refused as one.
    @Test func foldersAndFilesThatAreNotRegularNeverHang() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder + "/specs", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ServedSpec.text(grow: 0).write(toFile: folder + "/specs/alpha.yaml", atomically: true, encoding: .utf8)
        try #require(mkfifo(folder + "/specs/pipe.yaml", 0o600) == 0)
        let skipped = "warning: specs/pipe.yaml: not a regular file (a FIFO, a device or a socket); skipped"
        let check = try CommandRunner.run(
            ["check", "specs", "--baselines", "baselines", "--record"], currentDirectory: folder, timeout: 120)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardError.contains(skipped))
        #expect(FileManager.default.fileExists(atPath: folder + "/baselines/alpha.png"))
        let examples = try CommandRunner.run(
            ["examples", "--examples", "specs", "--output", "out"], currentDirectory: folder, timeout: 120)
        #expect(examples.status == 0, "\(examples.standardError)")
        #expect(examples.standardError.contains(skipped))

        // A baseline or a template that is a FIFO is never waited on either.
        try FileManager.default.removeItem(atPath: folder + "/baselines/alpha.svg")
        try #require(mkfifo(folder + "/baselines/alpha.svg", 0o600) == 0)
        let againstFIFO = try CommandRunner.run(
            ["check", "specs/alpha.yaml", "--baselines", "baselines"], currentDirectory: folder, timeout: 120)
        #expect(againstFIFO.status == 1, "\(againstFIFO.standardError)")
        try FileManager.default.createDirectory(atPath: folder + "/templates", withIntermediateDirectories: true)
        try #require(mkfifo(folder + "/templates/page.mustache", 0o600) == 0)
        let template = try CommandRunner.run(
            ["render", "specs/alpha.yaml", "--templates", "templates", "--output", "out"], currentDirectory: folder,
            timeout: 60)
        #expect(template.status == 2)
        #expect(template.standardError.contains("page.mustache: is not a regular file"), "\(template.standardError)")

        try #require(mkfifo(folder + "/image.png", 0o600) == 0)
        try "width: 60\nsections: [{items: [{image: image.png, height: 20}]}]\n".write(
            toFile: folder + "/image.yaml", atomically: true, encoding: .utf8)
        let image = try CommandRunner.run(
            ["render", "image.yaml", "--output", "out"], currentDirectory: folder, timeout: 60)
        #expect(image.status == 2)
        #expect(
            image.standardError
                == "error: image.yaml:2:29: sections[0].items[0].image: image.png is not a regular file (a FIFO, a device or a socket)\n"
        )
    }
}

/// The probe's cases that held before: kept here so that they keep holding.
// Serialized: every test has a folder of its own, but starts a server (the browser tests a Chromium
// too) and holds it to time limits of seconds; one server at a time keeps them on a 2-core machine.
@Suite(.serialized, .onWaitingThreads, .tags(.process)) struct UntrustedServeProbeTests {
    typealias Server = ServeTests.Server

    @Test func moreTraversalSpellingsGetNothingOutsideTheFolder() throws {
        let server = try Server()
        for path in [
            "/files/specs1/%252e%252e/secret.txt", "/files/specs1/..%5csecret.txt", "/files/specs1/..\\secret.txt",
            "/files/specs1/%2e%2e%5csecret.txt", "/files/specs1/..;/secret.txt",
            "/files/specs1/%ef%bc%8e%ef%bc%8e/secret.txt",
            "/files/specs1/....//secret.txt", "/files/specs1/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
            "/files/specs1//etc/passwd",
            "/files/specs1/alpha.yaml/..", "/files/specs1/alpha.yaml%2f..%2f..%2fsecret.txt",
            "/files/%2e%2e/secret.txt",
            "/files/specs1/%00../secret.txt", "/files/specs1/.%2e/secret.txt", "/files/specs1/%2e./secret.txt",
            "/files/baselines/../../secret.txt",
        ] {
            let response = try server.send("GET", path)
            #expect([400, 404].contains(response.status), "\(path): \(response.status)")
            #expect(!response.body.contains("secret") && !response.body.contains("root:"), "\(path)")
        }
    }

    /// A token is good for the run that made it: one taken from an earlier run of the server is refused.
    @Test func aTokenFromAnEarlierRunIsRefused() throws {
        let first = try Server()
        try ServedSpec.text(grow: 5).write(
            toFile: first.folder + "/specs/alpha.yaml", atomically: true, encoding: .utf8)
        let old = try first.token()
        let second = try Server()
        try ServedSpec.text(grow: 5).write(
            toFile: second.folder + "/specs/alpha.yaml", atomically: true, encoding: .utf8)
        let baseline = try Data(contentsOf: URL(fileURLWithPath: second.folder + "/baselines/alpha.png"))
        let replayed = try second.send("POST", "/approve/alpha", headers: ["X-Waterfall-Token": old])
        #expect(replayed.status == 403)
        let form = try second.send("POST", "/approve-all", body: "token=\(old)")
        #expect(form.status == 403)
        #expect(try Data(contentsOf: URL(fileURLWithPath: second.folder + "/baselines/alpha.png")) == baseline)
        #expect(try second.token() != old)
    }

    /// Hundreds of open event streams do not stop the server from answering pages.
    @Test func manyEventStreamClientsLeaveTheServerAnswering() throws {
        let server = try Server()
        var sockets: [Int32] = []
        defer { for descriptor in sockets { close(descriptor) } }
        for _ in 0..<300 {
            #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
            #endif
            try #require(descriptor >= 0)
            sockets.append(descriptor)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(server.port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            try #require(connected == 0)
            let request = Array("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n".utf8)
            #expect(request.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) } == request.count)
        }
        // `send` waits at most 10 s for each read: a server that stopped answering gives no status.
        let gallery = try server.send("GET", "/")
        #expect(gallery.status == 200 && gallery.body.contains("/spec/alpha"))
        // A change reaches the streams: the last one opened is told.
        try ServedSpec.text(grow: 7).write(
            toFile: server.folder + "/specs/alpha.yaml", atomically: true, encoding: .utf8)
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        let last = sockets[sockets.count - 1]
        setsockopt(last, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var seen = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !seen.contains("event: change") {
            let count = buffer.withUnsafeMutableBytes { recv(last, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            seen += String(decoding: buffer[0..<count], as: UTF8.self)
        }
        #expect(seen.contains("event: change") && seen.contains("alpha"), "\(seen)")
    }
}
