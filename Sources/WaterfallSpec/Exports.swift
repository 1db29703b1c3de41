// Colors and the layout dump were part of this module; code that imports it keeps seeing them.
@_exported import WaterfallCore
