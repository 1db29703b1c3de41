import Foundation
import Testing
import WaterfallTestSupport

/// `scripts/one-home-check.py` keeps one home per utility (issue 48): the tree passes it, and a
/// second lock, worker pool, JSON setting, path joiner, bounded reader, temporary folder or style
/// sheet planted in a copy fails it, naming the place and the home.
@Suite(.onWaitingThreads, .tags(.externalProgram)) struct OneHomeCheckTests {
    @Test func theSourcesKeepOneHomePerUtility() throws {
        let result = try CommandRunner.python("one-home-check.py", [], timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty)
    }

    @Test func aSecondLockWorkerPoolOrEncoderFailsNamingItsHome() throws {
        let folder = try TemporaryFolder()
        let sources = folder.path + "/Sources/Planted"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        let planted = """
            import Foundation

            // NSLock in a comment is no offence.
            final class Planted {
                let lock = NSLock()
                let message = "DispatchQueue.concurrentPerform in a string is none either"
                func spread() { DispatchQueue.concurrentPerform(iterations: 2) { _ in } }
                func encoder() -> JSONEncoder { JSONEncoder() }
                func list(_ names: [String]) -> String { names.dropLast().joined(separator: ", ") + " and " + names.last! }
                func key(_ parts: [String]) -> String { parts.dropLast().joined(separator: ".") }
                func text(_ lines: [String]) -> String { lines.joined(separator: "\\n") + "\\n" }
                func words(_ lines: [String]) -> String { lines.joined(separator: "\\n") + " and" }
            }

            """
        try planted.write(toFile: sources + "/Planted.swift", atomically: true, encoding: .utf8)
        let result = try CommandRunner.python("one-home-check.py", ["--root", folder.path], timeout: 120)
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "Sources/Planted/Planted.swift:5: NSLock — use Locked (Sources/WaterfallCore/Locked.swift)",
                "Sources/Planted/Planted.swift:7: DispatchQueue.concurrentPerform — use WorkerPool "
                    + "(Sources/WaterfallCore/WorkerPool.swift)",
                "Sources/Planted/Planted.swift:8: JSONEncoder() — use JSONOutput (Sources/WaterfallCore/JSONOutput.swift)",
                "Sources/Planted/Planted.swift:9: a list joined by hand — use ProseList "
                    + "(Sources/WaterfallCore/ProseList.swift)",
                "Sources/Planted/Planted.swift:11: lines joined by hand — use TextLines "
                    + "(Sources/WaterfallCore/TextLines.swift)",
            ])
    }

    @Test func aHandJoinedPathBoundedReaderTemporaryFolderOrStyleSheetFailsNamingItsHome() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.path("Sources/Planted"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("Tests/Planted"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("Templates"), withIntermediateDirectories: true)
        let planted = #"""
            import Foundation

            func places(folder: String, name: String, done: Int, total: Int, host: String) -> [String] {
                let joined = folder + "/" + name
                let cast = (folder as NSString).appendingPathComponent(name)
                let written = "\(folder)/index.html"
                // Not paths: a count, an address and a message with no folder in it.
                let counts = ["[\(done)/\(total)]", "https://\(host)/\(name)", "a/b"]
                return [joined, cast, written] + counts
            }
            func contents(of path: String) -> [Data?] {
                let data = FileManager.default.contents(atPath: path)
                let whole = try? Data(contentsOf: URL(fileURLWithPath: path))
                var bytes = [UInt8](repeating: 0, count: 8)
                _ = read(0, &bytes, 8)
                return [data, whole]
            }
            let scratch = NSTemporaryDirectory()
            let sheet = ".page { width: 4px; }"
            let json = "{\"name\":\(1)}"
            let last = FilePath(json).lastComponent

            """#
        try planted.write(toFile: folder.path("Sources/Planted/Planted.swift"), atomically: true, encoding: .utf8)
        let test = """
            import Foundation

            let folder = FileManager.default.temporaryDirectory.path
            let other = "/tmp/waterfall"

            """
        try test.write(toFile: folder.path("Tests/Planted/PlantedTests.swift"), atomically: true, encoding: .utf8)
        let page =
            "<html><head>\n<style>\nbody { margin: 0; }\n</style>\n</head><body style=\"{{style}}\"></body></html>\n"
        try page.write(toFile: folder.path("Templates/page.mustache"), atomically: true, encoding: .utf8)
        try "<style>\nbody { margin: 0; }\n</style>\n".write(
            toFile: folder.path("Templates/style-page.mustache"), atomically: true, encoding: .utf8)
        let result = try CommandRunner.python("one-home-check.py", ["--root", folder.path], timeout: 120)
        #expect(result.status == 1)
        #expect(result.standardError.isEmpty)
        let join = " — use Path.join or Path.resolve (Sources/WaterfallCore/Path.swift)"
        let reader = " — use RegularFile (Sources/WaterfallCore/RegularFile.swift)"
        let style = " — use a style partial (Templates/style-*.mustache)"
        let testFolder = " — use TemporaryFolder (Tests/WaterfallTestSupport/TemporaryFolder.swift)"
        let source = "Sources/Planted/Planted.swift"
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "\(source):4: + \"/\" +" + join,
                "\(source):5: appendingPathComponent" + join,
                "\(source):6: \"\\(…)/…\" path" + join,
                "\(source):12: FileManager.default.contents(atPath:)" + reader,
                "\(source):13: Data(contentsOf:)" + reader,
                "\(source):15: read( loop" + reader,
                "\(source):18: NSTemporaryDirectory — use TemporaryFiles "
                    + "(Sources/WaterfallPipeline/Files/TemporaryFiles.swift)",
                "\(source):19: CSS rule" + style,
                "\(source):20: JSON by hand — use JSONOutput (Sources/WaterfallCore/JSONOutput.swift)",
                "\(source):21: FilePath's names — use folderPart, Path.lastComponent or Path.normalized "
                    + "(Sources/WaterfallCore/Path.swift)",
                "Templates/page.mustache:2: <style>" + style,
                "Templates/page.mustache:3: CSS rule" + style,
                "Tests/Planted/PlantedTests.swift:3: FileManager.default.temporaryDirectory" + testFolder,
                "Tests/Planted/PlantedTests.swift:4: \"/tmp/\"" + testFolder,
            ])
    }

    @Test func aFolderWithoutSourcesIsOneLineAndStatusTwo() throws {
        let folder = try TemporaryFolder()
        let result = try CommandRunner.python("one-home-check.py", ["--root", folder.path], timeout: 120)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "\(folder.path): no Sources folder to check\n")
    }
}
