import WaterfallRender

/// The templates the commands draw with: the HTML renderer's (`page`, `element`) and the command
/// line's own pages (`gallery`, `report` and serve's `serve-*`), built in or from `--templates`.
enum CommandTemplates {
    /// What a `--templates` folder must hold.
    static let required = ["page", "gallery"]

    /// The built-in templates: the renderer's and the command line's.
    static let bundled: TemplateSet = {
        do {
            return try TemplateSet(
                templates: TemplateSet.bundled.texts.merging(texts) { renderer, _ in renderer },
                origin: TemplateSet.bundled.origin)
        } catch {
            preconditionFailure("the built-in templates do not parse: \(error)")
        }
    }()

    /// The templates of `directory`, or the built-in ones when it is `nil`.
    static func named(_ directory: String?) throws(TemplateError) -> TemplateSet {
        guard let directory else { return bundled }
        return try TemplateSet(directory: directory, required: required)
    }
}
