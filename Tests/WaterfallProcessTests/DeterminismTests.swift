import Foundation
import Testing
import WaterfallCairo
import WaterfallPipeline
import WaterfallTestSupport

/// The same spec gives the same bytes, across runs, processes and locales.
@Suite(.onWaitingThreads, .tags(.process)) struct DeterminismTests {
    @Test func sameBytesWhateverTheLocale() throws {
        let specs = ["06-local-images.yaml", "07-chinese.yaml"].map { Repository.path("Examples/\($0)") }
        var outputs: [[String: Data]] = []
        for environment in [
            ["LANG": "C", "LC_ALL": "C"], ["LANG": "zh_CN.UTF-8", "LC_ALL": "zh_CN.UTF-8"],
            ["LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8", "LC_NUMERIC": "de_DE.UTF-8"],
        ] {
            let folder = ExternalRenderers.temporaryPath("dir")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let result = try CommandRunner.run(
                ["render"] + specs + ["--output", folder, "--templates", Repository.path("Templates")],
                environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            var files: [String: Data] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
                files[name] = FileManager.default.contents(atPath: folder + "/" + name)
            }
            outputs.append(files)
        }
        #expect(outputs[0].count == 10)
        for other in outputs.dropFirst() {
            #expect(Set(other.keys) == Set(outputs[0].keys))
            for (name, bytes) in outputs[0] {
                #expect(other[name] == bytes, "\(name) differs between locales")
            }
        }
        // The library, in this process's locale, draws the same pixels.
        for name in ["06-local-images", "07-chinese"] {
            let fresh = try PNGCodec.decode([UInt8](try #require(outputs[0][name + ".png"])))
            let pipeline = RenderPipeline(renderers: [.png])
            let rendered = try pipeline.render(pipeline.prepare(specAt: Repository.path("Examples/\(name).yaml")))
            try #require(rendered.count == 1, "\(name): \(rendered.count) tiles")
            #expect(try PNGCodec.decode(rendered[0].bytes) == fresh, "\(name)")
        }
    }
}
