import ArgumentParser
import WaterfallAudit
import WaterfallBatch
import WaterfallPipeline
import WaterfallReview

/// `waterfall audit SPEC...`: the accessibility findings of every picture of each spec.
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Find text with too little contrast or cut short, small tap targets and blurry images.",
        discussion: """
            Draws every variant a spec declares (variants:) or --appearance, --widths, --content-size and \
            --viewport ask for, and lists what some people cannot read, see or tap, each at its place in the \
            spec: text below WCAG 2.2 AA contrast with what is drawn under it, where it is worst (4.5:1, 3:1 \
            for large text: 18 pt, or 14 pt bold, and up; 24 px, or 18.66 px bold, with --large-text wcag), \
            text cut short by an ellipsis or a line limit, tap targets under \
            44 × 44 pt (cards, footers with a title, anything marked tappable: true) and images drawn larger \
            than their pixels. The exit status is 1 when anything is found, 0 when nothing is, 2 on an error.
            """)

    @Argument(help: "Spec files to audit, or folders of them.")
    var specs: [String]

    @Option(
        help: ArgumentHelp(
            "Write the findings, and every text's contrast (texts), as JSON to this file.", valueName: "file"))
    var json: String?

    @Option(
        help: ArgumentHelp(
            "Which reading of WCAG's large text: ios (18 pt, or 14 pt bold, in iOS points; the default) or wcag "
                + "(24 CSS px, or 18.66 px bold, as axe-core reads it).", valueName: "ios|wcag"))
    var largeText: LargeTextRule = .ios

    @OptionGroup var drawing: DrawingOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup var read: ReadOptions
    @OptionGroup var variants: VariantOptions

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("give at least one spec file") }
    }

    func run() throws {
        if let json { try AtomicFile.checkTarget(json) }
        let specs = try SpecFolder.expand(self.specs, skipped: Output.standardError)
        let variants = try variants.variants()
        let pipeline = pipeline()
        var audits: [PictureAudit] = []
        for spec in specs {
            audits += try SpecAudit.audit(
                specAt: spec, variants: variants, pipeline: pipeline, largeText: largeText,
                measuringTexts: json != nil)
        }
        for line in audits.flatMap(\.resultLines) { Output.standardOutput(line + "\n") }
        if let json { try AtomicFile.write(try SpecAudit.json(audits), to: json) }
        Output.standardOutput(PictureAudit.summary(of: audits) + "\n")
        if audits.contains(where: { !$0.findings.isEmpty }) { throw ExitCode.different }
    }
}
