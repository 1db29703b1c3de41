extension TemplateSet {
    /// The default templates, compiled into the binary: what every command uses without `--templates`.
    public static let bundled: TemplateSet = {
        do {
            return try TemplateSet(templates: BundledTemplates.texts, origin: "(built-in templates)")
        } catch {
            preconditionFailure("the built-in templates do not parse: \(error)")
        }
    }()

    /// The templates of `directory` (which must hold `required`), or the built-in ones when it is `nil`.
    public static func named(_ directory: String?, required: [String] = TemplateSet.required) throws(TemplateError)
        -> TemplateSet
    {
        guard let directory else { return bundled }
        return try TemplateSet(directory: directory, required: required)
    }
}

extension TemplateSet {
    /// The names of the built-in templates, sorted.
    public static var bundledNames: [String] { BundledTemplates.texts.keys.sorted() }

    /// The text of the built-in template `name`.
    public static func bundledText(_ name: String) -> String? { BundledTemplates.texts[name] }
}
