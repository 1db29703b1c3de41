import Foundation
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallReview

extension CheckReport {
    /// An outline around one card the layout diff names, in percent of one picture (a tile).
    package struct Box {
        var left: Double
        var top: Double
        var width: Double
        var height: Double
        var kind: String
        var label: String

        package var context: [String: Any] {
            let p = { (value: Double) in ShortestNumber.text((value * 1000).rounded() / 1000) + "%" }
            return [
                "style": "left: \(p(left)); top: \(p(top)); width: \(p(width)); height: \(p(height))",
                "kind": kind, "label": label,
            ]
        }
    }

    /// The boxes for each tile of one side of a picture, old frames over the reference and new
    /// ones over the actual picture: each frame times the picture's scale (its pixel width over
    /// the content width), less the tiles above, in percent of the tile.
    ///
    /// - Parameters:
    ///   - tiles: Each tile's PNG bytes, `nil` where there is none.
    ///   - contentWidth: The layout's content width, in points.
    ///   - frames: The frames to outline, with their kind and label.
    package static func boxes(
        tiles: [[UInt8]?], contentWidth: Double, frames: [(rect: Rect, kind: String, label: String)]
    ) -> [[Box]] {
        var top = 0.0
        return tiles.map { bytes in
            guard let bytes, let header = try? PNGFormat.Header(file: bytes), header.width > 0, header.height > 0,
                contentWidth > 0
            else {
                return []
            }
            let (width, height) = (header.width, header.height)
            let scale = Double(width) / contentWidth
            defer { top += Double(height) }
            return frames.compactMap { frame in
                let y = frame.rect.minY * scale - top
                let h = frame.rect.height * scale
                guard y + h > 0, y < Double(height) else { return nil }
                return Box(
                    left: frame.rect.minX * scale / Double(width) * 100, top: y / Double(height) * 100,
                    width: frame.rect.width * scale / Double(width) * 100, height: h / Double(height) * 100,
                    kind: frame.kind, label: frame.label)
            }
        }
    }

    /// Boxes over the reference tiles (old frames) and the actual tiles (new frames) of `check`.
    package static func boxes(of check: SpecCheck) -> (reference: [[Box]], actual: [[Box]]) {
        guard let diff = check.layoutDiff, diff.isDifferent else {
            return (check.tiles.map { _ in [] }, check.tiles.map { _ in [] })
        }
        let old = diff.changes.compactMap { change in
            change.old.map { (rect: $0, kind: change.kind.rawValue, label: change.description) }
        }
        let new = diff.changes.compactMap { change in
            change.new.map { (rect: $0, kind: change.kind.rawValue, label: change.description) }
        }
        return (
            boxes(tiles: check.tiles.map(\.reference), contentWidth: diff.oldContentSize.width, frames: old),
            boxes(tiles: check.tiles.map(\.actual), contentWidth: diff.newContentSize.width, frames: new)
        )
    }

    /// The command that records what this check found, as a user would type it.
    static func recordCommand(spec: String, baselines: String) -> String {
        "waterfall check \(shellQuoted(spec)) --baselines \(shellQuoted(baselines)) --record"
    }

    private static func shellQuoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "-_./=+,:@%".unicodeScalars.contains($0)
        }
        return plain && !text.isEmpty
            ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
