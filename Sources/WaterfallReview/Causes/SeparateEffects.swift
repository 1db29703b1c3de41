import WaterfallBatch
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallSpec

/// What each changed input did on its own, when several changed in one edit: the recorded inputs
/// laid out again with only that change made, compared with them laid out as recorded.
///
/// Told from the whole layout, a taller image and a new column count in one edit credit each
/// other's moves (the image "got narrower" because the columns did). Each change's sentence here
/// says what it alone does; one more sentence says what they did together.
struct SeparateEffects {
    /// What the baselines were drawn from.
    var recorded: RecordedInputs
    /// The spec as loaded for this check: where its files are read from and its name in messages.
    var spec: Spec
    /// The variant the check drew: its width is what the layouts are told at.
    var variant: Variant
    /// The pipeline the check draws with: its fonts measure the cards' text.
    var pipeline: RenderPipeline

    /// The most changes told apart: each costs one layout of the feed.
    static let maximumChanges = 10

    /// The layout of the recorded inputs with `edits` made; `nil` when they cannot be laid out.
    func layout(applying edits: [InputEdit]) -> LayoutSnapshot? {
        guard let edited = recorded.applying(edits) else { return nil }
        let inputs = SpecInputs(document: edited.spec, dataSources: edited.data)
        guard
            let decoded = try? Spec.decode(
                inputs: inputs, file: spec.source, baseDirectory: spec.baseDirectory, readRule: spec.readRule)
        else { return nil }
        let sizes = Dictionary(
            edited.images.map { ($0.path, Size(width: Double($0.width), height: Double($0.height))) },
            uniquingKeysWith: { first, _ in first })
        guard let layout = try? pipeline.layout(variant.apply(to: decoded), imageSizes: sizes) else { return nil }
        return LayoutSnapshot(layout)
    }

    /// One cause for each change with what it did alone; `nil` when the recorded inputs, laid
    /// out again, are not the baselines' layout (so what any one change did cannot be told from
    /// them).
    ///
    /// - Parameters:
    ///   - changes: The input changes, in order; a change with no edits (a font file's bytes) is
    ///     named without a consequence of its own.
    ///   - renderer: The change of the renderer since the baselines, if any: its effect is the
    ///     recorded inputs laid out now against the baselines' layout.
    ///   - baseline: The layout the baselines hold.
    func causes(of changes: [InputChange], renderer: InputChange?, baseline: LayoutSnapshot) -> [Cause]? {
        guard let asRecorded = layout(applying: []) else { return nil }
        // Only a renderer or a font file that changed may move what the recorded inputs lay out to.
        let unreplayable = changes.contains { $0.edits.isEmpty }
        if LayoutDiff(old: baseline, new: asRecorded).isDifferent && renderer == nil && !unreplayable { return nil }
        var causes: [Cause] = []
        for (index, change) in changes.enumerated() {
            guard !change.edits.isEmpty, index < Self.maximumChanges, let alone = layout(applying: change.edits) else {
                causes.append(Cause(input: change.text, consequence: nil))
                continue
            }
            causes.append(
                Cause(input: change.text, consequence: Self.consequence(of: change, from: asRecorded, to: alone)))
        }
        if let renderer {
            let consequence = unreplayable ? nil : Self.consequence(of: renderer, from: baseline, to: asRecorded)
            causes.append(Cause(input: renderer.text, consequence: consequence))
        }
        return causes
    }

    /// The last cause after those told apart: what all `count` of them did together, told from
    /// the whole change's `writer`.
    static func together(_ count: Int, writer: CauseWriter) -> Cause {
        Cause(input: "the \(count) changes together", consequence: writer.wholeChange())
    }

    /// What `change` did, told from the layout before it and after it alone.
    private static func consequence(
        of change: InputChange, from before: LayoutSnapshot, to after: LayoutSnapshot
    ) -> String? {
        let diff = LayoutDiff(old: before, new: after)
        guard diff.isDifferent else {
            // `tappable` draws nothing: it changes the audit, not the picture.
            if change.changesOnlyTheAudit { return InputChange.auditOnlyConsequence("On its own it moves no frame") }
            return "On its own it moves no frame: only what is drawn changes."
        }
        return CauseWriter(diff: diff, layout: after, changedPixels: nil).consequence(of: change)
    }
}
