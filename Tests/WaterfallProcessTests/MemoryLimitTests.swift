import Foundation
import Testing
import WaterfallTestSupport

/// Under an address-space limit too small for the decoder's 512 MiB stack (`ulimit -v`, a
/// container's), a spec is decoded on a smaller stack: before, the thread never started and the
/// run waited for it for ever.
@Suite(.onWaitingThreads, .tags(.process)) struct MemoryLimitTests {
    func underLimit(_ arguments: [String], input: StandardInput = .empty) throws -> CommandResult {
        try CommandRunner.run(
            ["--as=\(500 << 20)", "--", CommandRunner.waterfall] + arguments, executable: "/usr/bin/prlimit",
            input: input, environment: ["MALLOC_ARENA_MAX": "2"], currentDirectory: Repository.path("Tests/Corpus"),
            timeout: 60)
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func aSpecIsDecodedWithoutTheLargeStack() throws {
        let layout = try underLimit(["layout", "-"], input: .text("width: 100\nsections: [{items: [{height: 50}]}]\n"))
        #expect(layout.status == 0, "\(layout.standardError)")
        #expect(layout.standardOutput.contains(#""contentSize":{"width":100,"height":50}"#))
        // The deepest input the corpus holds still ends in its one line.
        let deep = try underLimit(["layout", "09-deeply-nested-flow/spec.yaml"])
        #expect(deep.status == 2)
        #expect(deep.standardError == "error: 09-deeply-nested-flow/spec.yaml:2:12: nested more than 64 levels deep\n")
    }
}
