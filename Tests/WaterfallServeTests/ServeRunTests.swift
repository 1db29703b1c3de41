import Foundation
import Testing
import WaterfallCore
import WaterfallPipeline
import WaterfallServe
import WaterfallTestSupport

/// What `serve` checks before it listens, and what it says when it cannot.
@Suite struct ServeRunTests {
    @Test func allowedHostsAreNamesWithoutSpacesSlashesOrUserParts() {
        for name in ["review.local", "10.0.0.5", "::1", "[fe80::1]", "Host-1"] {
            #expect(ServeServer.problem(allowingHost: name) == nil, "\(name)")
        }
        for name in ["", "a b", "a/b", "user@host", "tab\there", "é.local", "line\nbreak"] {
            let problem = ServeServer.problem(allowingHost: name)
            #expect(problem?.hasPrefix("--allow-host takes a host name or address, not '") == true, "\(name)")
            #expect(problem?.contains("\n") == false)
        }
    }

    @Test func aBaselinesPathThatIsAFileIsRefused() throws {
        let fixture = try ServeFixture()
        let file = fixture.folder + "/secret.txt"
        let error = #expect(throws: ServeError.self) {
            _ = try SpecCatalog(arguments: [fixture.folder + "/specs"], baselines: file, warn: { _ in })
        }
        #expect(error?.description == "\(file): is not a folder")
    }

    /// A port another listener holds: the blocking run returns with the address and the reason.
    ///
    /// The run blocks its thread until the server's task ends, as `waterfall serve`'s main thread
    /// does; it gets a thread of its own here, so no thread of the tests' pool waits on a task
    /// that needs one.
    @Test func aPortInUseIsOneLineNamingTheAddress() async throws {
        let holder = try #require(ListeningSocket())
        defer { close(holder.descriptor) }
        let fixture = try ServeFixture()
        let catalog = try SpecCatalog(arguments: [fixture.folder + "/specs"], baselines: nil, warn: { _ in })
        let server = ServeServer(
            catalog: catalog, port: holder.port, baselines: nil, templates: nil,
            pipeline: RenderPipeline(renderers: []))
        let listened = Locked(false)
        let outcome = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Void, ServeError>, Never>) in
            Thread {
                continuation.resume(
                    returning: Result { () throws(ServeError) in
                        try server.runUntilStopped { _ in listened.withLock { $0 = true } }
                    })
            }.start()
        }
        let error: ServeError? = if case .failure(let error) = outcome { error } else { nil }
        let description = error?.description ?? "no error"
        #expect(description.hasPrefix("cannot serve on 127.0.0.1:\(holder.port): "), "\(description)")
        #expect(!description.contains("\n"))
        #expect(!listened.withLock { $0 })
    }
}

/// A TCP socket listening on a free port of 127.0.0.1.
private struct ListeningSocket {
    let descriptor: Int32
    let port: Int

    init?() {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && listen(descriptor, 1) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }
}
