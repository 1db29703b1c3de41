import Testing

/// The tiers of the suite; `swift test --skip tag:browser --skip tag:process --skip tag:slow` is the fast one.
extension Tag {
    /// Drives a browser engine (Chromium, Firefox, WebKit) or librsvg and poppler as programs.
    @Tag public static var browser: Self
    /// Starts the `waterfall` binary as a process.
    @Tag public static var process: Self
    /// Draws or encodes enough to take more than a few seconds on a 2-core machine.
    @Tag public static var slow: Self
}
