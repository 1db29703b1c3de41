import Foundation
import Testing
import WaterfallTestSupport

/// Closed, full and broken standard streams: one line and exit status 2, never a crash.
@Suite(.onWaitingThreads, .tags(.process)) struct StandardStreamTests {
    static let spec = CommandRunner.quote(Repository.path("Examples/01-shop-grid.yaml"))

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullStandardOutputIsOneLineAndStatus2() throws {
        let result = try CommandRunner.shell("\"$WATERFALL\" layout \(Self.spec) > /dev/full")
        #expect(result.status == 2)
        #expect(result.standardError == "error: cannot write to standard output (No space left on device)\n")
    }

    @Test func aClosedStandardOutputIsOneLineAndStatus2() throws {
        let result = try CommandRunner.shell("\"$WATERFALL\" layout \(Self.spec) >&-")
        #expect(result.status == 2)
        #expect(result.standardError == "error: cannot write to standard output (Bad file descriptor)\n")
    }

    @Test func aReaderThatWentAwayIsOneLineAndStatus2() throws {
        // More than a pipe holds, to a reader that exits without reading: the write fails with
        // EPIPE, deterministically, instead of SIGPIPE ending the process.
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "width: 375\nsections: [{columns: 3, generate: {count: 5000, seed: 1}}]\n".write(
            toFile: folder + "/big.yaml", atomically: true, encoding: .utf8)
        let result = try CommandRunner.shell(
            "{ \"$WATERFALL\" layout big.yaml; echo $? > status; } | :", currentDirectory: folder)
        let status = try String(contentsOfFile: folder + "/status", encoding: .utf8)
        #expect(status == "2\n")
        #expect(result.standardError == "error: cannot write to standard output (Broken pipe)\n")
    }

    @Test func aClosedStandardErrorDoesNotCrash() throws {
        let bad = try CommandRunner.shell("\"$WATERFALL\" layout no-such-spec.yaml 2>&-")
        #expect(bad.status == 2)
        let good = try CommandRunner.shell("\"$WATERFALL\" layout \(Self.spec) 2>&-")
        #expect(good.status == 0)
        #expect(good.standardOutput.hasPrefix("{\"contentSize\":"))
    }

    @Test func aClosedStandardInputReadsAsEmpty() throws {
        let result = try CommandRunner.shell("\"$WATERFALL\" layout - <&-")
        #expect(result.status == 2)
        #expect(result.standardError == "error: -: the file is empty\n")
    }

    @Test func allThreeClosedEndsInStatus2() throws {
        let result = try CommandRunner.shell("\"$WATERFALL\" layout \(Self.spec) <&- >&- 2>&-")
        #expect(!result.wasSignalled)
        #expect(result.status == 2)
    }

    @Test func filesOpenedWhileAStreamIsClosedDoNotTakeItsPlace() throws {
        // With descriptor 2 closed, the first file the render opens would become "standard error",
        // and the progress line would be written into it.
        let folder = ExternalRenderers.temporaryPath("dir")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CommandRunner.shell(
            "\"$WATERFALL\" render \(Self.spec) --output \(CommandRunner.quote(folder + "/closed")) --format svg,html 2>&-"
        )
        #expect(result.status == 0)
        // The same files as a render with every stream open.
        let open = try CommandRunner.run(
            [
                "render", Repository.path("Examples/01-shop-grid.yaml"), "--output", folder + "/open", "--format",
                "svg,html",
            ])
        #expect(open.status == 0, "\(open.standardError)")
        for name in ["01-shop-grid.svg", "01-shop-grid.html"] {
            let written = FileManager.default.contents(atPath: folder + "/closed/" + name)
            #expect(written != nil, "\(name)")
            #expect(written == FileManager.default.contents(atPath: folder + "/open/" + name), "\(name)")
        }
    }

    @Test func versionIsPrintedWithStatus0() throws {
        let result = try CommandRunner.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "0.4.0\n")
        #expect(result.standardError.isEmpty)
    }
}
