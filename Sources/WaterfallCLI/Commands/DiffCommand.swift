import ArgumentParser
import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallReview
import WaterfallSpec

/// `waterfall diff A B`: two PNGs compared pixel by pixel, or two layouts element by element.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNGs pixel by pixel, or two specs or layout dumps element by element.",
        discussion: """
            Exit status: 0 when the two are the same, 1 when they differ, 2 on an error. PNGs are compared by \
            their decoded pixels with a perceptual color delta; pixels on anti-aliased edges are counted apart \
            unless --include-aa is given. Two specs are compared in their own terms, as `check` names causes: \
            each value that differs (a title, an image, a style, a setting) with what it does to the layout, \
            then the frames that appeared, disappeared, moved or resized. Layout dumps (`waterfall layout`) are \
            compared by element.
            """)

    @Argument(help: "The old (reference) file: a PNG, a spec, or a layout dump.")
    var old: String

    @Argument(help: "The new file, of the same kind.")
    var new: String

    @OptionGroup var pixels: PixelOptions

    @Option(name: .shortAndLong, help: "Write the diff image here (PNGs only).")
    var output: String?

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Flag(help: "List every changed region of two PNGs, not only the five largest.")
    var verbose = false

    @OptionGroup var read: ReadOptions

    func run() throws {
        // Refused before the work, not after: a link or device node at --output is never replaced.
        if let output { try AtomicFile.checkTarget(output) }
        let different: Bool
        switch (try ComparedFile.read(old), try ComparedFile.read(new)) {
        case (.png(let oldBytes), .png(let newBytes)):
            different = try comparePixels(oldBytes, newBytes)
        case (.spec, .spec):
            different = try compareSpecs()
        case (let oldFile, let newFile):
            guard let oldLayout = try oldFile.layout(allowing: read.allowRead),
                let newLayout = try newFile.layout(allowing: read.allowRead)
            else {
                throw CLIError.badArgument(
                    "\(old) and \(new) are not of the same kind: compare two PNGs, or two specs or layouts")
            }
            let diff = LayoutDiff(old: oldLayout, new: newLayout)
            Output.standardOutput(json ? diff.json : diff.text)
            different = diff.isDifferent
        }
        if different { throw ExitCode.different }
    }

    /// Two specs: the values that differ, each with what it does, then the frames that moved.
    private func compareSpecs() throws -> Bool {
        var pipeline = RenderPipeline(renderers: [])
        pipeline.allowedFolders = read.allowRead
        let comparison = try SpecComparison(old: old, new: new, pipeline: pipeline)
        if json {
            Output.standardOutput(comparison.layoutDiff.json)
        } else {
            for cause in comparison.causes { Output.standardOutput("cause  \(cause.line.escapedForMessage)\n") }
            Output.standardOutput(comparison.layoutDiff.text)
        }
        return comparison.isDifferent
    }

    private func comparePixels(_ oldBytes: [UInt8], _ newBytes: [UInt8]) throws -> Bool {
        let options = pixels.options(defaults: DiffOptions(threshold: 0.1, includeAntialiasing: false))
        let (result, image) = try PictureComparison.compare(
            png: oldBytes, named: old, with: newBytes, named: new, options: options, diffImage: output != nil)
        if let output, let image { try AtomicFile.write(try image.pngBytes(name: output), to: output) }
        Output.standardOutput(json ? result.json : (verbose ? result.text : result.summary()))
        return result.isDifferent
    }
}
