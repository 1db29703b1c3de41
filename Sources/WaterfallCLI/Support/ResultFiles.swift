import ArgumentParser
import Foundation
import SystemPackage
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallServe

/// Where `check` and `merge-reports` write a run's results: the review page, JUnit and JSON.
struct ResultFiles: ParsableArguments {
    @Option(help: "Write a review page (index.html) with reference, actual and diff images into this folder.")
    var report: String?

    @Option(help: ArgumentHelp("Write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write every spec's outcome as JSON to this file.", valueName: "file"))
    var json: String?

    @Option(help: "A folder of Mustache templates for the report page (default: the built-in ones).")
    var templates: String?

    /// The report page's templates, read before anything is checked so a bad folder fails first;
    /// `nil` without `--report`.
    func reportTemplates() throws -> TemplateSet? {
        guard report != nil else { return nil }
        do {
            return try PageTemplates.named(templates)
        } catch {
            throw CLIError.badArgument(error.description)
        }
    }

    /// Refuses, before anything is written, a file asked for that could not be written.
    ///
    /// A symbolic link, a folder or a device where a file goes, a folder that is not there, or
    /// a report folder that is a file or a link; with `checks`, also every picture the report of
    /// them writes. So a refused output leaves the others unwritten.
    func checkTargets(_ checks: [SpecCheck] = []) throws {
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
            try AtomicFile.checkTarget((report as NSString).appendingPathComponent(file))
        }
    }

    /// Writes the files asked for: the page with `templates` (from ``reportTemplates()``).
    ///
    /// Every target is checked first (``checkTargets(_:)``): a refused one leaves all unwritten.
    func write(_ results: CheckResults, baselines: String, templates: TemplateSet?) throws {
        try checkTargets(results.checks)
        if let report, let templates {
            try CheckReport.write(results.checks, to: report, baselines: baselines, templates: templates)
            Output.standardOutput("review page: \((report as NSString).appendingPathComponent("index.html"))\n")
        }
        if let junit { try AtomicFile.write(Array(results.junit.utf8), to: junit) }
        if let json { try AtomicFile.write(Array(results.json.utf8), to: json) }
    }
}
