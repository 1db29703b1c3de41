import WaterfallAudit

extension SpecCheck {
    /// Whether the check is changed only for new findings: its picture, SVG and layout are as
    /// their baselines.
    public var changedOnlyInFindings: Bool {
        status == .changed && clip == nil && !pictureChanged && !svgChanged && layoutDiff?.isDifferent != true
            && !newFindings.isEmpty
    }

    /// The cause that most likely brought `finding` in, or took it away.
    ///
    /// With the input changes known (``inputChanges``), the change whose key can make or remove
    /// a finding of its kind (`tappable` a small tap target, a colour low contrast, a title text
    /// cut short, an image a blurry one) and whose place is closest to the finding's: the
    /// element itself, its section, the whole feed (see ``InputChange/cause(of:among:)``).
    /// Without them (a check read from a blob), the first cause whose input is at the finding's
    /// element (`sections[0].items[1]…` for `sections[0].items[1].title`), or at a style of the
    /// finding's text role (`style.subtitle.color`, `sections[1].style.dark.subtitle`). `nil`
    /// when none is.
    public func cause(of finding: Finding) -> Cause? {
        if !inputChanges.isEmpty {
            guard let change = InputChange.cause(of: finding, among: inputChanges) else { return nil }
            return causes.first { $0.input == change.text } ?? Cause(input: change.text, consequence: nil)
        }
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
