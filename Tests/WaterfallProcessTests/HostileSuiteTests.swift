import Foundation
import Testing
import WaterfallTestSupport

/// The hostile suite of issue 46: the built binary run the way a pull-request branch would run
/// it, one suite a class of attack (reads, a race, templates, writes, bounds and the smaller
/// ones), each with several cases.
///
/// Every refusal is held to the same four things: exit status 2, one line on standard error
/// naming the place, nothing written in the folders the command was told to write, and the
/// outside files' marker in no output stream and no output file (as it is or embedded).
// On a waiting thread, so the rest of the run goes on meanwhile. The bounds, the race and the
// template bombs are serialized, each within itself (side by side on a machine of two cores, the
// bounds cases passed their time limits, and a race wants its swapper to keep a core); reads,
// writes and the smaller cases run beside them, so no one chain of 140 cases ends the test run.
@Suite(.onWaitingThreads, .tags(.process)) struct HostileSuiteTests {
    static let png = ReadConfinementFixture.png

    /// A branch with ``HostileBranch/setTraps()`` set.
    static func branch() throws -> HostileBranch {
        let branch = try HostileBranch(png: png)
        try branch.setTraps()
        return branch
    }

    /// Asserts a refusal: exit 2 (not a signal), one line on standard error holding `place`,
    /// no regular file in any of `folders`, the marker in neither stream.
    static func expectRefused(
        _ result: CommandResult, naming place: String, writingNothingIn folders: [String], _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!result.wasSignalled, "\(context): signal \(result.status)", sourceLocation: sourceLocation)
        #expect(result.status == 2, "\(context): \(result.output)", sourceLocation: sourceLocation)
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(context): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(
            result.standardError.contains(place), "\(context): \(result.standardError) does not name \(place)",
            sourceLocation: sourceLocation)
        expectNoMarker(result, context, sourceLocation: sourceLocation)
        for folder in folders {
            let written = HostileBranch.regularFiles(in: folder)
            #expect(written.isEmpty, "\(context): \(folder) holds \(written)", sourceLocation: sourceLocation)
        }
    }

    /// Asserts that neither output stream holds the marker.
    static func expectNoMarker(
        _ result: CommandResult, _ context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let streams = Data(result.outputBytes + result.errorBytes)
        #expect(!HostileBranch.holdsMarker(streams), "\(context): \(result.output)", sourceLocation: sourceLocation)
    }

    /// Asserts that no file under `folder` holds the marker, embedded ones included.
    static func expectNoLeak(in folder: String, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        // The repository's own `.git/config` holds the marker as a CI token would.
        let leaking = HostileBranch.filesLeakingMarker(in: folder).filter { !$0.hasPrefix(".git/") }
        #expect(leaking.isEmpty, "\(context): \(leaking) in \(folder)", sourceLocation: sourceLocation)
    }

    /// A running `waterfall serve`, its port read from its first line.
    final class Server {
        private let command: RunningCommand
        let port: Int

        /// Starts `serve` with `arguments` (`--port 0` added) in `folder`.
        init(_ arguments: [String], in folder: String) throws {
            let server = try ServeProcess.start(arguments, in: folder, timeout: 300)
            (command, port) = (server.command, server.port)
        }

        deinit {
            command.terminate()
            _ = command.wait()
        }

        /// What the server wrote on its two streams so far.
        var streams: String { command.standardOutput + command.standardError }

        /// A GET of `path`: its status and its whole answer, head and body.
        func get(_ path: String) throws -> (status: Int, text: String) {
            let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
            let response = try RawHTTP.exchange(port: port, request: Array(request.utf8), timeout: 60)
            let status = response.split(separator: " ", maxSplits: 2).dropFirst().first.flatMap { Int($0) } ?? 0
            return (status, response)
        }
    }
}

extension HostileSuiteTests {
    /// Files a spec names, reached by a missing folder then `..`, a path through a file, a name
    /// past the system's limit, or a chain of links longer than the kernel follows: every key
    /// that names a file, through `render`, `check --record` and `serve`.
    @Suite struct Reads {
        /// One way a spec names an outside file, and the key the refusal names.
        struct Case: Sendable, CustomTestStringConvertible {
            let name: String
            let place: String
            let spec: String
            /// A data file the spec reads, and its text.
            var data: (path: String, text: String)? = nil
            var testDescription: String { name }

            static let long = String(repeating: "a", count: 300)

            static func itemsFrom(_ name: String, _ path: String) -> Case {
                Case(
                    name: "itemsFrom.file, \(name)", place: "sections[0].itemsFrom.file",
                    spec: "width: 300\nsections:\n  - itemsFrom: {file: \"\(path)\", fields: {title: name}}\n")
            }

            static func image(_ name: String, _ path: String) -> Case {
                Case(
                    name: "image, \(name)", place: "sections[0].items[0].image",
                    spec: "width: 300\nsections:\n  - items: [{image: \"\(path)\", title: A}]\n")
            }

            /// An image value in `data/pics.csv`, relative to the data file's folder.
            static func dataImage(_ name: String, _ value: String) -> Case {
                Case(
                    name: "an image in a data file, \(name)", place: "[0].image",
                    spec:
                        "width: 300\nsections:\n  - itemsFrom: {file: data/pics.csv, fields: {title: name, image: image}}\n",
                    data: ("data/pics.csv", "name,image\nA,\"\(value)\"\n"))
            }

            static func generated(_ name: String, _ path: String) -> Case {
                Case(
                    name: "generate.images, \(name)", place: "sections[0].generate.images[0]",
                    spec: "width: 300\nsections:\n  - generate: {count: 2, seed: 1, images: [\"\(path)\"]}\n")
            }

            static func font(_ name: String, _ path: String) -> Case {
                Case(
                    name: "fonts, \(name)", place: "fonts[0]",
                    spec: "width: 300\nfonts: [\"\(path)\"]\nsections:\n  - items: [{height: 40, title: A}]\n")
            }

            static let all: [Case] = [
                itemsFrom("a missing folder then ..", "nope/../data/link.csv"),
                itemsFrom("two missing folders then ..", "data/nope/nope/../../link.csv"),
                itemsFrom("a missing folder then a folder link out", "nope/../links/outdir/secret.csv"),
                itemsFrom("a path through a file", "data/ok.csv/x/../../link.csv"),
                itemsFrom("300 characters then ..", "\(long)/../data/link.csv"),
                itemsFrom("41 links, the last out", "hops/1.csv"),
                itemsFrom("40 links, the last out", "hops/2.csv"),
                image("a missing folder then ..", "nope/../data/link.png"),
                image("a path through a file", "data/ok.png/x/../../link.png"),
                image("300 characters then ..", "\(long)/../data/link.png"),
                image("41 links, the last out", "hops/1.png"),
                image("40 links, the last out", "hops/2.png"),
                dataImage("a missing folder then ..", "nope/../link.png"),
                dataImage("a path through a file", "ok.png/x/../../link.png"),
                dataImage("300 characters then ..", "\(long)/../link.png"),
                dataImage("41 links, the last out", "../hops/1.png"),
                generated("a missing folder then ..", "nope/../data/link.png"),
                generated("a path through a file", "data/ok.csv/../link.png"),
                generated("300 characters then ..", "\(long)/../data/link.png"),
                generated("41 links, the last out", "hops/1.png"),
                font("a missing folder then ..", "nope/../data/link.otf"),
                font("a path through a file", "data/ok.csv/../link.otf"),
                font("300 characters then ..", "\(long)/../data/link.otf"),
                font("41 links, the last out", "hops/1.otf"),
                font("40 links, the last out", "hops/2.otf"),
            ]

            /// Writes the spec as `NAME.yaml` at the repository's root, and its data file.
            func write(in branch: HostileBranch, as name: String = "leak") throws {
                if let data { try branch.write(data.text, at: data.path) }
                try branch.write(spec, at: "\(name).yaml")
            }
        }

        @Test(arguments: Case.all) func renderRefuses(_ hostile: Case) throws {
            let branch = try HostileSuiteTests.branch()
            try hostile.write(in: branch)
            let out = branch.folder.path + "/out"
            let result = try CommandRunner.run(
                ["render", "leak.yaml", "--format", "svg,html,png", "--output", out], currentDirectory: branch.repo)
            HostileSuiteTests.expectRefused(result, naming: hostile.place, writingNothingIn: [out], hostile.name)
            HostileSuiteTests.expectNoLeak(in: branch.folder.path + "/out", hostile.name)
        }

        @Test(arguments: Case.all) func checkRecordWritesNothingOfIt(_ hostile: Case) throws {
            let branch = try HostileSuiteTests.branch()
            try hostile.write(in: branch)
            let baselines = branch.repo + "/baselines"
            let result = try CommandRunner.run(
                ["check", "leak.yaml", "--baselines", "baselines", "--record"], currentDirectory: branch.repo)
            HostileSuiteTests.expectRefused(result, naming: hostile.place, writingNothingIn: [baselines], hostile.name)
            HostileSuiteTests.expectNoLeak(in: branch.repo, hostile.name)
        }

        /// Every case served at once from the repository's root: its picture and page refused,
        /// its spec page without the marker.
        @Test func serveShowsNothingOfThem() throws {
            let branch = try HostileSuiteTests.branch()
            for (index, hostile) in Case.all.enumerated() {
                try hostile.write(in: branch, as: "leak\(index)")
                if let data = hostile.data {
                    // Each data file of its own, so that the cases do not overwrite each other's.
                    try branch.write(data.text, at: "data/pics\(index).csv")
                    try branch.write(
                        hostile.spec.replacingOccurrences(of: "data/pics.csv", with: "data/pics\(index).csv"),
                        at: "leak\(index).yaml")
                }
            }
            let server = try Server(["."], in: branch.repo)
            for (index, hostile) in Case.all.enumerated() {
                for path in ["/render/leak\(index)", "/png/leak\(index)", "/spec/leak\(index)"] {
                    let response = try server.get(path)
                    #expect(!HostileBranch.holdsMarker(Data(response.text.utf8)), "\(hostile.name): \(path)")
                    if path.hasPrefix("/spec/") {
                        #expect(response.status == 200, "\(hostile.name): \(path): \(response.status)")
                    } else {
                        #expect((400..<500).contains(response.status), "\(hostile.name): \(path): \(response.status)")
                        #expect(response.text.contains(hostile.place), "\(hostile.name): \(path)")
                    }
                }
            }
            #expect(!server.streams.contains(HostileBranch.marker))
        }
    }
}
