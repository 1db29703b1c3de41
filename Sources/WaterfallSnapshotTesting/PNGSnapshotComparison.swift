import Foundation
import SnapshotTesting
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallPipeline

/// One reference PNG compared with an actual one, and the artifacts of a failure.
struct PNGSnapshotComparison {
    var reference: Data
    var actual: Data
    var precision: Double
    var perceptualPrecision: Double

    /// `nil` when the pictures match closely enough; otherwise the message and attachments.
    func failure() -> (String, [DiffAttachment])? {
        let options = DiffOptions(threshold: max(0, min(1, 1 - perceptualPrecision)), includeAntialiasing: true)
        let comparison: PictureComparison
        do {
            comparison = try PictureComparison(
                reference: [UInt8](reference), name: "the reference snapshot",
                actual: try PixelImage(png: [UInt8](actual), name: "the actual snapshot"), options: options)
        } catch {
            return ("cannot compare the PNG snapshots: \(error)", [])
        }
        let result = comparison.result
        let matching = 1 - result.share
        guard result.sizeMismatch != nil || matching < precision else { return nil }
        let diffPNG = Data(comparison.diffImage ?? [])
        var message =
            "PNG snapshot does not match: " + result.text.split(separator: "\n").prefix(4).joined(separator: "; ")
        message += "; \(ShortestPercent.text(matching)) of pixels match, \(ShortestPercent.text(precision)) required"
        if let folder = writeArtifacts(diff: diffPNG) {
            for name in ["reference", "actual", "diff"] { message += "\n\(name): " + Path.join(folder, name + ".png") }
        }
        return (message, [.data(diffPNG, name: "diff.png"), .data(reference, name: "reference.png")])
    }

    /// Writes the three pictures into a folder named after the actual picture's content.
    private func writeArtifacts(diff: Data) -> String? {
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? TemporaryFiles.systemFolder
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in actual { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let folder = Path.join(Path.join(root, "WaterfallSnapshotTesting"), String(hash, radix: 16))
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try reference.write(to: URL(fileURLWithPath: Path.join(folder, "reference.png")))
            try actual.write(to: URL(fileURLWithPath: Path.join(folder, "actual.png")))
            try diff.write(to: URL(fileURLWithPath: Path.join(folder, "diff.png")))
            return folder
        } catch {
            return nil
        }
    }
}

enum ShortestPercent {
    static func text(_ share: Double) -> String {
        let percent = (share * 100_000).rounded(.down) / 1000
        return "\(percent)%"
    }
}
