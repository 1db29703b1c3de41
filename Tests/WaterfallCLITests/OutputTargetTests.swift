import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallTestSupport

/// A file is only ever renamed over nothing or over a regular file: a symbolic link, a folder or a
/// FIFO at the output path is left as it is, with one line and exit status 2.
@Suite struct OutputTargetTests {
    let folder: String = {
        let folder = ExternalRenderers.temporaryPath("dir")
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// Two 4×4 PNGs one pixel apart.
    func pngs() throws -> (String, String) {
        var paths: [String] = []
        for (name, corner) in [("a.png", UInt8(240)), ("b.png", UInt8(20))] {
            var pixels = [UInt8](repeating: 240, count: 4 * 4 * 4)
            pixels[0] = corner
            let path = folder + "/" + name
            try Data(try PNGCodec.encode(PixelImage(width: 4, height: 4, pixels: pixels))).write(
                to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return (paths[0], paths[1])
    }

    /// The folder's names that are temporaries.
    func temporaries() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".tmp-") }
    }

    @Test func diffOutputOntoASymbolicLinkIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (a, b) = try pngs()
        try "mine".write(toFile: folder + "/real.png", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "real.png")
        let result = InProcess.run(["diff", a, b, "--output", folder + "/link.png"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: \(folder)/link.png: is a symbolic link; not replaced\n")
        #expect(result.standardOutput.isEmpty)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.png") == "real.png")
        #expect(try String(contentsOfFile: folder + "/real.png", encoding: .utf8) == "mine")
        #expect(try temporaries().isEmpty)
    }

    @Test func diffOutputOntoAFIFOIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (a, b) = try pngs()
        let fifo = folder + "/pipe.png"
        try #require(mkfifo(fifo, 0o644) == 0)
        let result = InProcess.run(["diff", a, b, "--output", fifo])
        #expect(result.status == 2)
        #expect(result.standardError == "error: \(fifo): is a FIFO; not replaced\n")
        var information = stat()
        #expect(lstat(fifo, &information) == 0 && information.st_mode & S_IFMT == S_IFIFO)
        #expect(try temporaries().isEmpty)
    }

    @Test func diffOutputOntoAFolderIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (a, b) = try pngs()
        try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: false)
        let result = InProcess.run(["diff", a, b, "--output", folder + "/out"])
        #expect(result.status == 2)
        #expect(result.standardError == "error: \(folder)/out: is a directory; not replaced\n")
        #expect(try temporaries().isEmpty)
    }

    @Test func diffOutputOverARegularFileReplacesIt() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (a, b) = try pngs()
        try "old".write(toFile: folder + "/diff.png", atomically: true, encoding: .utf8)
        let result = InProcess.run(["diff", a, b, "--output", folder + "/diff.png"])
        #expect(result.status == 1)
        let written = try #require(FileManager.default.contents(atPath: folder + "/diff.png"))
        #expect(try PNGCodec.decode([UInt8](written)).width == 4)
    }

    @Test func renderOntoASymbolicLinkLeavesTheLink() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "mine".write(toFile: folder + "/real.svg", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/01-shop-grid.svg", withDestinationPath: "real.svg")
        let result = InProcess.run([
            "render", Repository.path("Examples/01-shop-grid.yaml"), "--output", folder, "--format", "svg",
        ])
        #expect(result.status == 2)
        #expect(result.standardError.contains("\(folder)/01-shop-grid.svg: is a symbolic link; not replaced"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/01-shop-grid.svg") == "real.svg")
        #expect(try String(contentsOfFile: folder + "/real.svg", encoding: .utf8) == "mine")
        #expect(try temporaries().isEmpty)
    }
}
