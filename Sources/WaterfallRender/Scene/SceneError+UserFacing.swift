import WaterfallCore

extension SceneError: UserFacingError {}
