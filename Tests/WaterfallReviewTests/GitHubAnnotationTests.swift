import Foundation
import Testing
import WaterfallReview

/// Annotations sit where the spec error says: the spec's line and column, or a data file's line.
@Suite struct GitHubAnnotationTests {
    @Test func aSpecErrorIsAnnotatedAtItsLineAndColumn() throws {
        let workspace = try BaselineCheckerTests.Workspace("width: 200\nsections:\n  - items: [{height: -4}]\n")
        defer { try? FileManager.default.removeItem(atPath: workspace.folder) }
        let check = try #require(BaselineChecker(baselines: workspace.baselines).check([workspace.spec]).checks.first)
        #expect(check.status == .failed)
        let annotation = GitHubAnnotation.error(for: check)
        #expect(annotation.hasPrefix("::error file=\(workspace.spec),line=3,col="), "\(annotation)")
        #expect(annotation.contains(",title=waterfall check::\(workspace.spec):3:"), "\(annotation)")
    }

    @Test func aDataFileErrorIsAnnotatedInTheDataFile() throws {
        let workspace = try BaselineCheckerTests.Workspace(
            """
            width: 200
            sections:
              - itemsFrom: {file: goods.csv, fields: {width: w, height: h}}
            """)
        defer { try? FileManager.default.removeItem(atPath: workspace.folder) }
        try "w,h\n10,20\n10,x\n".write(toFile: workspace.folder + "/goods.csv", atomically: true, encoding: .utf8)
        let check = try #require(BaselineChecker(baselines: workspace.baselines).check([workspace.spec]).checks.first)
        let annotation = GitHubAnnotation.error(for: check)
        #expect(annotation.hasPrefix("::error file=\(workspace.folder)/goods.csv,line=3,title="), "\(annotation)")
    }

    @Test func aChangeWithoutAPlaceIsAnnotatedOnTheSpec() {
        #expect(
            GitHubAnnotation.error(file: "a.yaml", column: 4, title: "t", message: "m")
                == "::error file=a.yaml,title=t::m")
        #expect(
            GitHubAnnotation.error(file: "a.yaml", line: 2, column: 4, title: "t", message: "m")
                == "::error file=a.yaml,line=2,col=4,title=t::m")
    }
}
