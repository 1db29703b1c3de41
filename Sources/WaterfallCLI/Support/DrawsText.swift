import WaterfallCairo

/// A command that measures or draws text, so needs the pinned fonts (``FontSet/pinned``).
///
/// `waterfall` checks them before running such a command, so a missing font file is one line
/// and exit status 2, not an error for every spec. `layout` checks them only when a spec has
/// cards sized by their text; `diff` never needs them.
protocol DrawsText {}

extension RenderCommand: RendersSpecs {}
extension CheckCommand: DrawsSpecs {}
extension AuditCommand: DrawsSpecs {}
extension ExamplesCommand: RendersSpecs {}
extension ServeCommand: DrawsSpecs {}
