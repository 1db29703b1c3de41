import WaterfallAudit

extension SpecCheck {
    /// Whether the check is changed only for new findings: its picture, SVG and layout are as
    /// their baselines.
    public var changedOnlyInFindings: Bool {
        status == .changed && clip == nil && !pictureChanged && !svgChanged && layoutDiff?.isDifferent != true
            && !newFindings.isEmpty
    }

    /// The cause that most likely brought `finding` in: the first whose input is at the finding's
    /// element (`sections[0].items[1]…` for `sections[0].items[1].title`), or at a style of the
    /// finding's text role (`style.subtitle.color`, `sections[1].style.dark.subtitle`); `nil`
    /// when none is.
    public func cause(of finding: Finding) -> Cause? {
        let parts = finding.place.split(separator: ".")
        let roles = ["title", "subtitle", "meta", "header", "footer"]
        let element: String
        var role: String?
        if let last = parts.last, roles.contains(String(last)), parts.count > 1 {
            element = parts.dropLast().joined(separator: ".")
            role = String(last)
            if element.hasSuffix(".header") || element.hasSuffix(".footer") { role = String(element.suffix(6)) }
        } else {
            element = finding.place.hasSuffix(".image") ? String(finding.place.dropLast(6)) : finding.place
        }
        return causes.first { cause in
            guard let input = cause.input else { return false }
            let path = input.split(separator: ":", maxSplits: 1).first.map(String.init) ?? input
            if path == element || path.hasPrefix(element + ".") || path.hasPrefix(element + "[") { return true }
            guard let role else { return false }
            let isStyle = path.hasPrefix("style.") || path.contains("].style.")
            return isStyle && path.split(separator: ".").contains { $0 == role }
        }
    }
}
