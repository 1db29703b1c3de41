import WaterfallCairo
import WaterfallRender

/// The templates the pages are drawn with: the HTML renderer's (`page`, `element`) and the pages'
/// own (`gallery`, `report` and serve's `serve-*`), built in or from a `--templates` folder.
public enum PageTemplates {
    /// What a `--templates` folder must hold.
    public static let required = ["page", "gallery"]

    /// The built-in templates: the renderer's and the pages'.
    public static let bundled: TemplateSet = {
        do {
            return try TemplateSet(
                templates: TemplateSet.bundled.texts.merging(texts) { renderer, _ in renderer },
                origin: TemplateSet.bundled.origin)
        } catch {
            preconditionFailure("the built-in templates do not parse: \(error)")
        }
    }()

    /// The templates of `directory`, or the built-in ones when it is `nil`.
    ///
    /// - Parameter directory: A folder of Mustache templates holding at least ``required``.
    public static func named(_ directory: String?) throws(TemplateError) -> TemplateSet {
        guard let directory else { return bundled }
        return try TemplateSet(
            directory: directory, required: required, builtInStyles: texts.filter { $0.key.hasPrefix("style-") })
    }
}
