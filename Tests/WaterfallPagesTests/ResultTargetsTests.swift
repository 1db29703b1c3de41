import Foundation
import Testing
import WaterfallPages
import WaterfallPipeline
import WaterfallReview
import WaterfallTestSupport

/// Where `check` and `merge-reports` write their results: every target checked before any is written.
@Suite struct ResultTargetsTests {
    @Test func aRefusedTargetLeavesTheOthersUnwritten() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "/tmp")
        let results = CheckResults(checks: [])
        let cases: [(ResultTargets, String)] = [
            (ResultTargets(report: folder + "/link"), "\(folder)/link: is a symbolic link; not written into"),
            (
                ResultTargets(junit: folder + "/none/junit.xml"),
                "\(folder)/none/junit.xml: cannot be written (its folder \(folder)/none is not there)"
            ),
        ]
        for (targets, message) in cases {
            var refused = targets
            refused.json = folder + "/results.json"
            let error = #expect(throws: FileError.self) {
                _ = try refused.write(results, baselines: folder, templates: nil)
            }
            #expect(error?.description == message)
            #expect(!FileManager.default.fileExists(atPath: folder + "/results.json"))
        }
    }

    @Test func theFilesAskedForAreWrittenAndThePageIsNamed() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var check = SpecCheck(spec: folder + "/feed.yaml", name: "feed")
        check.status = .passed
        let results = CheckResults(checks: [check])
        let targets = ResultTargets(report: folder + "/report", junit: folder + "/junit.xml", json: folder + "/r.json")
        let page = try targets.write(results, baselines: folder, templates: nil)
        #expect(page == folder + "/report/index.html")
        #expect(FileManager.default.contents(atPath: folder + "/junit.xml") == Data(results.junit.utf8))
        #expect(FileManager.default.contents(atPath: folder + "/r.json") == Data(results.json.utf8))
        let html = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        #expect(html.contains("feed"))
        #expect(try ResultTargets(junit: folder + "/j.xml").write(results, baselines: folder, templates: nil) == nil)
    }
}
