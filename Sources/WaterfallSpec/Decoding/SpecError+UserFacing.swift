import WaterfallCore

extension SpecError: UserFacingError {}
