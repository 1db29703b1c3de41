import ArgumentParser
import WaterfallAudit

/// Given as `--large-text ios|wcag`.
extension LargeTextRule: ExpressibleByArgument {}
