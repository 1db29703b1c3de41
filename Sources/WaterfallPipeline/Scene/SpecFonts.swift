import WaterfallCairo
import WaterfallRender
import WaterfallSpec

extension Spec {
    /// The spec's own font files (`fonts:`) read and proved, or `nil` when it names none.
    ///
    /// - Throws: `SpecError` at the file's place in the spec, naming the file and what is
    ///   wrong with it, on one line.
    public func loadFonts() throws(SpecError) -> SceneFonts? {
        do {
            return try AppFonts.load(
                fonts.map { AppFonts.Request(path: $0.path, file: $0.file, rule: readRule, base: baseDirectory) })
        } catch {
            let font = fonts[error.index]
            throw SpecError(
                file: source, line: font.line, column: font.column, location: font.location,
                message: "\(error.file): \(error.reason)")
        }
    }
}
