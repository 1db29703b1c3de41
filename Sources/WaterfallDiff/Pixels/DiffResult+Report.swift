import WaterfallCore

extension DiffResult {
    /// The report as text: a verdict line, then one line a changed region.
    public var text: String { report(listing: regions) }

    /// The report as a person reads it first: the verdict line and, when there are more regions
    /// than `largest`, the box around every change, how many regions and how many of them single
    /// pixels, and only the `largest` regions (by area), with a line saying how many more there are.
    ///
    /// With `largest` regions or fewer it is ``text``.
    public func summary(largest: Int = 5) -> String {
        guard regions.count > largest, let first = regions.first else { return text }
        var (left, top, right, bottom) = (first.x, first.y, first.x + first.width, first.y + first.height)
        for region in regions.dropFirst() {
            (left, top) = (min(left, region.x), min(top, region.y))
            (right, bottom) = (max(right, region.x + region.width), max(bottom, region.y + region.height))
        }
        let single = regions.count { $0.width == 1 && $0.height == 1 }
        let orMore = regionsTruncated ? " or more" : ""
        let head =
            "changes within (\(left), \(top)) size \(right - left)×\(bottom - top), in \(regions.count)\(orMore) regions"
            + (single > 0 ? ", \(single) of them a single pixel" : "") + "; the \(largest) largest:"
        // Largest first; of equal areas, the first in reading order (regions come sorted by y, then x).
        let area = { (region: PixelRegion) in region.width * region.height }
        let listed = regions.indices.sorted { (area(regions[$1]), $0) < (area(regions[$0]), $1) }.prefix(largest)
        let rest = regions.count - largest
        return report(
            listing: listed.map { regions[$0] }, before: head,
            after: "\(rest)\(orMore) more region\(rest == 1 ? "" : "s"): --verbose lists them all")
    }

    /// The verdict as lines, without the regions: the sizes when they differ, how many pixels
    /// differ, and whether the threshold hid changed pixels.
    public var verdictLines: [String] {
        var lines: [String] = []
        if let mismatch = sizeMismatch {
            lines.append(
                "different sizes: \(mismatch.a.width)×\(mismatch.a.height) and \(mismatch.b.width)×\(mismatch.b.height); "
                    + "compared the common area")
        }
        let percent = ShortestNumber.text((share * 100_000).rounded() / 1000)
        let verdict = isDifferent ? "different" : (identical ? "identical" : "same")
        lines.append(
            "\(verdict): \(differentPixels) of \(totalPixels) pixels differ (\(percent)%), \(antialiasedPixels) anti-aliased"
        )
        if !isDifferent && !identical {
            lines.append(
                "\(changedPixels) pixels changed by less than the threshold (pixelmatch's YIQ distance); "
                    + "--threshold 0 counts every changed pixel")
        }
        return lines
    }

    /// One line a changed region, and a last line when more were found than listed.
    public var regionLines: [String] {
        regions.map(Self.line) + (regionsTruncated ? ["(more regions not listed)"] : [])
    }

    private static func line(_ region: PixelRegion) -> String {
        "changed region at (\(region.x), \(region.y)) size \(region.width)×\(region.height)"
    }

    private func report(listing listed: [PixelRegion], before: String? = nil, after: String? = nil) -> String {
        var lines = verdictLines
        if let before { lines.append(before) }
        lines += listed.map(Self.line)
        if let after {
            lines.append(after)
        } else if regionsTruncated {
            lines.append("(more regions not listed)")
        }
        return TextLines.joined(lines)
    }

    /// The report as one JSON object through `JSONOutput` (keys sorted), ending in a newline:
    /// `sizeA` and `sizeB` only when the sizes differ.
    public var json: String {
        let report = JSONReport(
            different: isDifferent, identical: identical,
            sizeA: sizeMismatch.map { JSONReport.Size(width: $0.a.width, height: $0.a.height) },
            sizeB: sizeMismatch.map { JSONReport.Size(width: $0.b.width, height: $0.b.height) },
            differentPixels: differentPixels, changedPixels: changedPixels, antialiasedPixels: antialiasedPixels,
            totalPixels: totalPixels, share: share,
            regions: regions.map { JSONReport.Region(x: $0.x, y: $0.y, width: $0.width, height: $0.height) },
            regionsTruncated: regionsTruncated)
        // Every number is a count or a share of them: finite, so the encoder never fails.
        return JSONOutput.text(report, or: "{}") + "\n"
    }
}

/// ``DiffResult/json``'s object.
private struct JSONReport: Encodable {
    struct Size: Encodable {
        let width: Int
        let height: Int
    }

    struct Region: Encodable {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
    }

    let different: Bool
    let identical: Bool
    let sizeA: Size?
    let sizeB: Size?
    let differentPixels: Int
    let changedPixels: Int
    let antialiasedPixels: Int
    let totalPixels: Int
    let share: Double
    let regions: [Region]
    let regionsTruncated: Bool
}
