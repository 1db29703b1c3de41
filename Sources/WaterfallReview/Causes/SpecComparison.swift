import WaterfallBatch
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallSpec

/// Two specs compared in the spec's terms: each input value that differs with what it does to the
/// layout, and the layouts element by element.
///
/// What `waterfall diff OLD.yaml NEW.yaml` prints: the causes `check` writes (the same
/// ``InputChange`` finder and ``CauseWriter``), so a changed title, image or style is named
/// even when no frame moves.
public struct SpecComparison: Sendable {
    /// The input values that differ, in the spec's terms.
    public var changes: [InputChange]
    /// Each change with what it does on its own (and, for several, what they do together).
    public var causes: [Cause]
    /// The two layouts compared element by element.
    public var layoutDiff: LayoutDiff

    /// Whether the two specs differ in any value or any frame.
    public var isDifferent: Bool { !changes.isEmpty || layoutDiff.isDifferent }

    /// Compares the spec files `old` and `new`, each laid out and read as `pipeline` reads it.
    ///
    /// - Parameters:
    ///   - old: The spec before the change.
    ///   - new: The spec after it.
    ///   - pipeline: How the specs are read and laid out (their read roots, image policies).
    /// - Throws: The first error reading or laying out either spec.
    public init(old: String, new: String, pipeline: RenderPipeline) throws {
        let before = try pipeline.loadSpec(at: old, keepingInputs: true)
        let after = try pipeline.loadSpec(at: new, keepingInputs: true)
        let oldPrepared = try pipeline.prepare(before)
        let newPrepared = try pipeline.prepare(after)
        let oldLayout = LayoutSnapshot(oldPrepared.layout)
        let newLayout = LayoutSnapshot(newPrepared.layout)
        layoutDiff = LayoutDiff(old: oldLayout, new: newLayout)
        let writer = CauseWriter(diff: layoutDiff, layout: newLayout, changedPixels: nil)
        guard let oldInputs = before.inputs, let newInputs = after.inputs else {
            changes = []
            causes = layoutDiff.isDifferent ? [Cause(input: nil, consequence: writer.wholeChange())] : []
            return
        }
        let recorded = RecordedInputs(inputs: oldInputs, scene: oldPrepared.scene)
        let now = RecordedInputs(inputs: newInputs, scene: newPrepared.scene)
        changes = recorded.isComplete && now.isComplete ? InputChange.changes(from: recorded, to: now) : []
        if changes.count > 1 {
            let effects = SeparateEffects(recorded: recorded, spec: before, variant: Variant(), pipeline: pipeline)
            if let told = effects.causes(of: changes, renderer: nil, baseline: oldLayout) {
                causes = told + [SeparateEffects.together(told.count, writer: writer)]
                return
            }
        }
        causes = writer.causes(of: changes)
        if causes.isEmpty && layoutDiff.isDifferent { causes = [Cause(input: nil, consequence: writer.wholeChange())] }
    }
}
