extension Unicode.Scalar {
    /// A C0 or C1 control character (general category Cc).
    var isControl: Bool { properties.generalCategory == .control }
}
