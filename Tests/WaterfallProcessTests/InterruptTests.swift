import Foundation
import Testing
import WaterfallCairo
import WaterfallTestSupport

/// A batch render stopped part way leaves every earlier file whole and no temporary file.
@Suite(.onWaitingThreads, .tags(.process)) struct InterruptTests {
    @Test func aRenderKilledPartWayLeavesOnlyWholeFiles() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        let output = folder + "/out"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Many specs, so that the signal lands in the middle of the batch.
        var specs: [String] = []
        for copy in 0..<40 {
            let path = folder + "/feed-\(copy).yaml"
            try FileManager.default.copyItem(atPath: Repository.path("Examples/05-goods-list.yaml"), toPath: path)
            specs.append(path)
        }
        let render = try CommandRunner.start(
            ["render"] + specs + ["--output", output, "--templates", Repository.path("Templates")])
        // Wait until some files are there, then stop it.
        render.poll(timeout: 60) {
            ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []).filter({ $0.hasSuffix(".pdf") })
                .count >= 3
        }
        render.terminate()
        let result = render.wait()
        #expect(!result.wasSignalled && result.status == 128 + SIGTERM, "it was still working when stopped")
        let files = try FileManager.default.contentsOfDirectory(atPath: output)
        #expect(!files.contains { $0.contains(".tmp-") }, "\(files.filter { $0.contains(".tmp-") })")
        #expect(files.count >= 3)
        #expect(files.count < specs.count * 5)
        for file in files {
            let bytes = FileManager.default.contents(atPath: output + "/" + file)!
            let text = String(decoding: bytes, as: UTF8.self)
            switch (file as NSString).pathExtension {
            case "png": #expect((try? PNGCodec.decode([UInt8](bytes))) != nil, "\(file)")
            case "svg": #expect(text.hasSuffix("</svg>\n"), "\(file)")
            case "html": #expect(text.hasSuffix("</html>\n"), "\(file)")
            case "pdf": #expect(text.hasSuffix("%%EOF\n"), "\(file)")
            case "json": #expect(text.hasSuffix("]\n}\n"), "\(file)")
            default: Issue.record("unexpected file \(file)")
            }
        }
    }
}
