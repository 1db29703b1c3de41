import ArgumentParser
import WaterfallSpec

extension ContentSizeCategory {
    /// The sizes `--content-size` names (`large,accessibility3`); `nil` when it is not given.
    ///
    /// - Throws: A `ValidationError` naming the option and the nearest size, for a size that is none.
    static func option(_ text: String?) throws -> [ContentSizeCategory]? {
        guard let text else { return nil }
        do {
            return try list(parsing: text)
        } catch {
            throw ValidationError("--content-size: \(error.description)")
        }
    }
}
