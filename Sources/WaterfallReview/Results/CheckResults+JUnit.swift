import WaterfallCore

extension CheckResults {
    /// The most layout changes a failure's details list.
    static let junitLayoutChangeLimit = 200

    /// The run as JUnit XML, the report format CI systems read: one `<testsuite>` named
    /// `waterfall check` with one `<testcase>` a spec's variant, named by the spec and the variant
    /// (`shop.yaml @375.dark`; the spec alone for the spec as it is).
    ///
    /// A changed or new spec is a `<failure>` (its first cause, or its reason, the `message`; the
    /// causes, the pixel counts and the layout changes its text), a spec that could not be checked an `<error>`; a recorded spec
    /// passed. Times are in seconds.
    public var junit: String {
        let failures = count(.changed) + count(.new)
        let errors = count(.failed)
        let time = seconds(checks.reduce(0) { $0 + $1.duration })
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"waterfall check\" tests=\"\(checks.count)\" failures=\"\(failures)\" "
            + "errors=\"\(errors)\" time=\"\(time)\">\n"
        out +=
            "  <testsuite name=\"waterfall check\" tests=\"\(checks.count)\" failures=\"\(failures)\" "
            + "errors=\"\(errors)\" skipped=\"0\" time=\"\(time)\">\n"
        for check in checks {
            out +=
                "    <testcase classname=\"waterfall.check\" name=\"\(check.title.xmlAttributeEscaped)\" "
                + "time=\"\(seconds(check.duration))\""
            switch check.status {
            case .passed:
                out += "/>\n"
            case .recorded:
                out += ">\n      <system-out>recorded: \(check.reason.xmlEscaped)</system-out>\n    </testcase>\n"
            case .changed, .new:
                out += ">\n      <failure message=\"\(check.headline.xmlAttributeEscaped)\" type=\"\(check.status)\">"
                out += details(check).xmlEscaped
                out += "</failure>\n    </testcase>\n"
            case .failed:
                out += ">\n      <error message=\"\(check.reason.xmlAttributeEscaped)\" type=\"error\">"
                out += check.reason.xmlEscaped
                out += "</error>\n    </testcase>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// What a reviewer reads under a failure: the causes, the reason, each picture's pixel counts,
    /// the new accessibility findings and the layout changes.
    private func details(_ check: SpecCheck) -> String {
        var lines = check.causes.map(\.line)
        lines.append(check.reason)
        for tile in check.tiles {
            let file = "\(check.name)\(tile.suffix).png"
            if tile.reference == nil {
                lines.append("\(file): no baseline")
            } else if let result = tile.result {
                // The verdict lines; the regions only as a count, as there can be hundreds.
                lines += result.verdictLines.map { "\(file): \($0)" }
                if !result.regions.isEmpty { lines.append("\(file): \(result.regions.count) changed regions") }
            }
        }
        lines += check.newFindings.map { "new accessibility finding: \($0.line)" }
        if check.svgMissing { lines.append("\(check.name).svg: no baseline") }
        if check.svgChanged { lines.append("\(check.name).svg: changed") }
        if check.layoutMissing { lines.append("\(check.name).layout.json: no baseline") }
        if let diff = check.layoutDiff, diff.isDifferent {
            lines += diff.changes.prefix(Self.junitLayoutChangeLimit).map(\.description)
            if diff.changes.count > Self.junitLayoutChangeLimit {
                lines.append("… \(diff.changes.count - Self.junitLayoutChangeLimit) more")
            }
            lines.append(diff.summary)
        }
        return lines.joined(separator: "\n")
    }

    /// Seconds with millisecond precision, as JUnit readers expect (`1.234`).
    private func seconds(_ value: Double) -> String {
        let milliseconds = Int((value * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
