import WaterfallCore

extension DiffResult {
    /// The report as text: a verdict line, then one line a changed region.
    public var text: String {
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
        for region in regions {
            lines.append("changed region at (\(region.x), \(region.y)) size \(region.width)×\(region.height)")
        }
        if regionsTruncated { lines.append("(more regions not listed)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as one JSON object.
    public var json: String {
        var out = "{\"different\":\(isDifferent),\"identical\":\(identical)"
        if let mismatch = sizeMismatch {
            out += ",\"sizeA\":{\"width\":\(mismatch.a.width),\"height\":\(mismatch.a.height)}"
            out += ",\"sizeB\":{\"width\":\(mismatch.b.width),\"height\":\(mismatch.b.height)}"
        }
        out += ",\"differentPixels\":\(differentPixels),\"changedPixels\":\(changedPixels)"
        out += ",\"antialiasedPixels\":\(antialiasedPixels)"
        out += ",\"totalPixels\":\(totalPixels),\"share\":\(ShortestNumber.text(share))"
        out += ",\"regions\":["
        out += regions.map { "{\"x\":\($0.x),\"y\":\($0.y),\"width\":\($0.width),\"height\":\($0.height)}" }
            .joined(separator: ",")
        out += "],\"regionsTruncated\":\(regionsTruncated)}\n"
        return out
    }
}
