import Foundation
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallReview

/// Where a check run's results go, each when asked for: the review page's folder, a JUnit file
/// and a JSON file; what `check` and `merge-reports` write.
///
/// Every target is checked before anything is written, so a refused one leaves the others
/// unwritten.
public struct ResultTargets: Sendable {
    /// The folder of the review page (`index.html`) and its pictures.
    public var report: String?
    /// The JUnit XML file.
    public var junit: String?
    /// The JSON file of every spec's outcome.
    public var json: String?

    /// The targets given; `nil` for those not asked for.
    public init(report: String? = nil, junit: String? = nil, json: String? = nil) {
        self.report = report
        self.junit = junit
        self.json = json
    }

    /// Refuses a target that could not be written: a symbolic link, a folder or a device where a
    /// file goes, a folder that is not there, or a report folder that is a file or a link; with
    /// `checks`, also every picture the report of them writes.
    public func check(_ checks: [SpecCheck] = []) throws {
        for file in [junit, json].compactMap(\.self) {
            try AtomicFile.checkTarget(file)
            let folder = file.folderPart
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder),
                isFolder.boolValue
            else { throw FileError(path: file, message: "cannot be written (its folder \(folder) is not there)") }
        }
        guard let report else { return }
        switch Syscalls.fileType(atPath: report) {
        case .success(.directory), .failure(.noSuchFileOrDirectory): break
        case .success(.symbolicLink): throw FileError(path: report, message: "is a symbolic link; not written into")
        case .success: throw FileError(path: report, message: "is not a folder")
        case .failure(let error): throw FileError(path: report, message: "cannot be written (\(error))")
        }
        for file in CheckReport.files(of: checks) {
            try AtomicFile.checkTarget(Path.join(report, file))
        }
    }

    /// Writes the files asked for, the page with `templates` (the bundled ones when `nil`), once
    /// every target is checked (``check(_:)``).
    ///
    /// - Returns: The review page's path, when one was written.
    public func write(_ results: CheckResults, baselines: String, templates: TemplateSet?) throws -> String? {
        try check(results.checks)
        var page: String?
        if let report {
            try CheckReport.write(
                results.checks, to: report, baselines: baselines, templates: templates ?? PageTemplates.bundled)
            page = Path.join(report, "index.html")
        }
        if let junit { try AtomicFile.write(Array(results.junit.utf8), to: junit) }
        if let json { try AtomicFile.write(Array(results.json.utf8), to: json) }
        return page
    }
}
