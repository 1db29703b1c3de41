import WaterfallCore

extension TemplateError: UserFacingError {}
