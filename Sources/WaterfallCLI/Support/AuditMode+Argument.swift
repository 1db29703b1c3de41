import ArgumentParser
import WaterfallReview

/// Given as `--audit off|warn|fail`.
extension AuditMode: ExpressibleByArgument {}
