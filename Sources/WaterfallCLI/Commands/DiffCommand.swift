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
        let oldBytes = try Self.read(old)
        let newBytes = try Self.read(new)
        let different: Bool
        switch (Self.isPNG(oldBytes), Self.isPNG(newBytes)) {
        case (true, true):
            different = try comparePixels(oldBytes, newBytes)
        case (false, false):
            let oldDump = try Self.layoutDump(oldBytes, path: old)
            let newDump = try Self.layoutDump(newBytes, path: new)
            if oldDump == nil && newDump == nil {
                different = try compareSpecs()
            } else {
                let diff = LayoutDiff(
                    old: try oldDump ?? Self.layout(specAt: old, allowing: read.allowRead),
                    new: try newDump ?? Self.layout(specAt: new, allowing: read.allowRead))
                Output.standardOutput(json ? diff.json : diff.text)
                different = diff.isDifferent
            }
        default:
            throw CLIError.badArgument(
                "\(old) and \(new) are not of the same kind: compare two PNGs, or two specs or layouts")
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

    /// The bytes of a file to compare: a PNG, a spec or a layout dump.
    static func read(_ path: String) throws(CLIError) -> [UInt8] {
        switch RegularFile.read(atPath: path, limit: Self.maxFileBytes) {
        case .success(let bytes): return bytes
        case .failure(.system(.noSuchFileOrDirectory)):
            throw CLIError.io(path: path, message: "no such file")
        case .failure(.system(let error)):
            throw CLIError.io(path: path, message: "cannot be read (\(error.description))")
        case .failure(.notRegular(let isDirectory)):
            throw CLIError.io(path: path, message: isDirectory ? "is a directory" : "is not a regular file")
        case .failure(.tooLarge):
            throw CLIError.io(path: path, message: "is larger than \(Self.maxFileBytes >> 30) GiB")
        }
    }

    /// The largest file `diff` reads: far more than any picture it can decode.
    static let maxFileBytes = 1 << 30

    static func isPNG(_ bytes: [UInt8]) -> Bool {
        PNGFormat.hasSignature(bytes)
    }

    /// The layout a layout dump holds; `nil` for anything else (a spec).
    static func layoutDump(_ bytes: [UInt8], path: String) throws -> LayoutSnapshot? {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CLIError.io(path: path, message: "is neither a PNG nor UTF-8 text")
        }
        guard let (size, elements) = try LayoutDump.decode(text, file: path) else { return nil }
        return LayoutSnapshot(contentSize: size, elements: elements)
    }

    /// A spec laid out as `render` lays it out (cards sized by their image and text measured), its
    /// files read inside its root or `allowing`.
    static func layout(specAt path: String, allowing: [String]) throws -> LayoutSnapshot {
        LayoutSnapshot(try RenderPipeline(renderers: []).layout(try Spec.load(path: path, allowing: allowing)))
    }
}
