import Testing

/// The tiers of the suite; `swift test --skip tag:browser --skip tag:process --skip tag:slow
/// --skip tag:externalProgram` is the fast one.
extension Tag {
    /// Drives a browser engine (Chromium, Firefox, WebKit); such a test may run librsvg and
    /// poppler as programs too.
    @Tag public static var browser: Self
    /// Starts the `waterfall` binary as a process: only a test whose subject is the process (its
    /// standard streams, signals, environment, working folder or the binary's own argument check),
    /// in `WaterfallProcessTests`; a command test of anything else runs it in process (`InProcess`
    /// in `WaterfallCLITests`).
    @Tag public static var process: Self
    /// Draws or encodes enough to take more than a few seconds on a 2-core machine.
    @Tag public static var slow: Self
    /// Starts a program that is neither `waterfall` nor a browser and that a machine may lack:
    /// `python3` (and Pillow), `ffmpeg` and `ffprobe`, `rsvg-convert`, poppler's `pdffonts`,
    /// `openssl`, `clang`, `sha256sum`, GNU `time`, `prlimit`, util-linux's `script`.
    ///
    /// `scripts/setup.sh` installs them; the fast tier leaves these tests out, so that it needs
    /// the toolchain and the system libraries alone.
    @Tag public static var externalProgram: Self
}
